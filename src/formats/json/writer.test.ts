import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import {
  collect,
  expectDataSourceError,
  failingFrame,
  isoDay,
  SAMPLE_ROWS,
  sampleFrame,
  tempFolder,
} from "../../../tests/helpers/format-samples";
import { scanJson } from "./reader";
import { writeJson } from "./writer";

const tmp = tempFolder("json-write");
afterAll(tmp.cleanup);

/** Polars writes a datetime as `YYYY-MM-DD HH:MM:SS`, with `.mmm` only when there are milliseconds. */
function jsonDatetime(at: Date): string {
  const iso = at.toISOString();
  const seconds = `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  return at.getUTCMilliseconds() === 0 ? seconds : `${seconds}${iso.slice(19, 23)}`;
}

/** What JSON keeps of a sample row: dates and datetimes become text. */
const expectedRows = SAMPLE_ROWS.map((r) => ({
  id: r.id,
  price: r.price,
  name: r.name,
  ok: r.ok,
  day: r.day === null ? null : isoDay(r.day),
  at: r.at === null ? null : jsonDatetime(r.at),
}));

describe("writeJson", () => {
  test(".json gets an array of objects that JSON.parse reads back as the input", () => {
    const path = join(tmp.dir, "round.json");
    expect(writeJson(sampleFrame().lazy(), path, {})).toEqual({ rows: SAMPLE_ROWS.length });
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(expectedRows);
    expect(collect(scanJson(path, {})).toRecords()).toEqual(expectedRows);
  });

  test(".ndjson and .jsonl get one object per line", () => {
    for (const name of ["round.ndjson", "round.JSONL"]) {
      const path = join(tmp.dir, name);
      expect(writeJson(sampleFrame().lazy(), path, {})).toEqual({ rows: SAMPLE_ROWS.length });
      const lines = readFileSync(path, "utf8").trimEnd().split("\n");
      expect(lines.map((line) => JSON.parse(line))).toEqual(expectedRows);
      expect(collect(scanJson(path, {})).toRecords()).toEqual(expectedRows);
    }
  });

  test("an empty frame is [] or an empty file, and 0 rows", () => {
    const empty = pl.DataFrame([pl.Series("a", [], pl.Int64)]).lazy();
    expect(writeJson(empty, join(tmp.dir, "empty.json"), {})).toEqual({ rows: 0 });
    expect(JSON.parse(readFileSync(join(tmp.dir, "empty.json"), "utf8"))).toEqual([]);
    expect(writeJson(empty, join(tmp.dir, "empty.ndjson"), {})).toEqual({ rows: 0 });
    expect(readFileSync(join(tmp.dir, "empty.ndjson"), "utf8")).toBe("");
  });

  test("many rows across copy chunks stay whole and counted (long strings, line breaks inside)", () => {
    const texts = Array.from({ length: 3000 }, (_, i) => `${"x".repeat(i % 997)}\n${i}`);
    const path = join(tmp.dir, "big.json");
    expect(writeJson(pl.DataFrame({ t: texts }).lazy(), path, {})).toEqual({ rows: texts.length });
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(texts.map((t) => ({ t })));
  });

  test("NaN and infinities become null (JSON has no such numbers)", () => {
    const path = join(tmp.dir, "nan.json");
    writeJson(pl.DataFrame({ f: [Number.NaN, Number.POSITIVE_INFINITY, 0.25] }).lazy(), path, {});
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual([{ f: null }, { f: null }, { f: 0.25 }]);
  });

  test("a failing frame leaves the old target untouched and no temp file, in both shapes", () => {
    for (const name of ["keep.json", "keep.ndjson"]) {
      const path = join(tmp.dir, name);
      writeFileSync(path, "old");
      const before = tmp.files();
      expect(() => writeJson(failingFrame(), path, {})).toThrow("conversion");
      expect(readFileSync(path, "utf8")).toBe("old");
      expect(tmp.files()).toEqual(before);
    }
  });

  test("compression is refused by name", () => {
    const path = join(tmp.dir, "c.json");
    expectDataSourceError(
      () => writeJson(pl.DataFrame({ a: [1] }).lazy(), path, { compression: "gzip" }),
      path,
      "gzip",
    );
  });
});
