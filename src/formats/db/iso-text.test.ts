import { describe, expect, test } from "bun:test";
import { daysFromCivil, parseIsoDate, parseIsoDateTime, parseIsoTime } from "./iso-text";

/** A seeded generator, so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("ISO text as Polars integers, checked against JS's own calendar", () => {
  test("dates and date-times over years 0001-9999", () => {
    const next = random(42);
    for (let i = 0; i < 5000; i++) {
      const millis = Math.floor(next() * (Date.UTC(9999, 11, 31) - Date.UTC(1, 0, 1))) + Date.UTC(1, 0, 1);
      const micro = Math.floor(next() * 1000);
      const iso = new Date(millis).toISOString(); // e.g. 0987-06-05T04:03:02.001Z
      const date = iso.slice(0, 10);
      expect(parseIsoDate(date)).toBe(Math.floor(millis / 86_400_000));
      const text = `${date} ${iso.slice(11, 23)}${String(micro).padStart(3, "0")}`;
      const expected = BigInt(millis) * 1000n + BigInt(micro);
      expect(BigInt(parseIsoDateTime(text, "naive") as number | bigint)).toBe(expected);
      expect(BigInt(parseIsoDateTime(`${text.replace(" ", "T")}Z`, "zoned") as number | bigint)).toBe(expected);
    }
  });

  test("leap days, offsets and short forms", () => {
    expect(daysFromCivil(2000, 2, 29)).toBe(Date.UTC(2000, 1, 29) / 864e5);
    expect(daysFromCivil(1900, 2, 29)).toBeNull();
    expect(daysFromCivil(2023, 2, 29)).toBeNull();
    expect(parseIsoDate("2024-04-31")).toBeNull();
    expect(parseIsoDateTime("2024-01-02 03:04", "naive")).toBe(Date.parse("2024-01-02T03:04:00Z") * 1000);
    expect(parseIsoDateTime("2024-01-02T03:04:05+05:30", "zoned")).toBe(Date.parse("2024-01-01T21:34:05Z") * 1000);
    expect(parseIsoDateTime("2024-01-02T03:04:05-0100", "zoned")).toBe(Date.parse("2024-01-02T04:04:05Z") * 1000);
    expect(parseIsoDateTime("2024-01-02 03:04:05.123456000", "naive")).toBe(
      Date.parse("2024-01-02T03:04:05.123Z") * 1000 + 456,
    );
  });

  test("text that is not exactly such a value is null, never a changed value", () => {
    for (const text of [
      "2024-01-02 03:04:05.1234567", // a 7th digit Polars' microseconds would drop
      "2024-01-02 24:00:00",
      "2024-01-02 03:60",
      "2024-13-01 00:00",
      "2024-01-02 03:04:05 ",
      "2024-01-02X03:04:05",
      "+2024-01-02 03:04:05",
      "2024-01-02 03:04:05.",
      "2024-01-02 03:04:05+1",
      "2024-01-02",
    ]) {
      expect([text, parseIsoDateTime(text, "naive")]).toEqual([text, null]);
    }
    expect(parseIsoDateTime("2024-01-02 03:04:05Z", "naive")).toBeNull();
    expect(parseIsoDateTime("2024-01-02 03:04:05", "zoned")).toBeNull();
    for (const text of ["2024-1-02", "24-01-02", "2024-01-02T00:00", "２０２４-01-02"])
      expect(parseIsoDate(text)).toBeNull();
  });

  test("times of day in nanoseconds", () => {
    expect(parseIsoTime("00:00")).toBe(0);
    expect(parseIsoTime("23:59:59.999999999")).toBe(86_400e9 - 1);
    expect(parseIsoTime("12:30:15.5")).toBe((12 * 3600 + 30 * 60 + 15) * 1e9 + 5e8);
    for (const text of ["24:00", "12:60", "1:00", "12:00:00.1234567890", "noon"]) expect(parseIsoTime(text)).toBeNull();
  });
});
