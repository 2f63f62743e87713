import { describe, expect, test } from "bun:test";
import type { Answer } from "../types";
import { answerDiffers, type Contender, pairedRuns, rowsLabel } from "./paired-runs";

const answering = (subject: Contender["subject"], answer: Answer, log: string[]): Contender => ({
  subject,
  async once() {
    log.push(subject);
    return { sample: { ms: log.length }, answer };
  },
});

describe("answerDiffers", () => {
  const expected = { rows: 2, top: [[1, "a", 0.1 + 0.2]] };
  test("the same answer, floats within rounding, is no difference", () => {
    expect(answerDiffers(expected, { rows: 2, top: [[1, "a", 0.3]] })).toBeUndefined();
  });
  test("says which part differs", () => {
    expect(answerDiffers(expected, { rows: 3, top: expected.top })).toBe("3 rows, expected 2");
    expect(answerDiffers(expected, { rows: 2, top: [[1, "b", 0.3]] })).toBe(
      'top row 1 is [1,"b",0.3], expected [1,"a",0.30000000000000004]',
    );
    expect(answerDiffers(expected, { rows: 2, top: [] })).toBe("0 top rows, expected 1");
  });
});

describe("pairedRuns", () => {
  const right = { rows: 1, top: [["x"]] };
  test("warms up, then takes turns; every answer checked against the first contender's", async () => {
    const log: string[] = [];
    const results = await pairedRuns(
      "preview",
      "1k rows, CSV",
      [answering("polars", right, log), answering("weft", right, log)],
      2,
      1,
    );
    expect(log).toEqual(["polars", "weft", "polars", "weft", "polars", "weft"]);
    expect(results.map((r) => [r.subject, r.status, r.samples.length])).toEqual([
      ["polars", "ok", 2],
      ["weft", "ok", 2],
    ]);
  });
  test("a wrong answer or a failure is reported with its reason and no samples, the others still run", async () => {
    const log: string[] = [];
    const failing: Contender = {
      subject: "duckdb",
      once: async () => {
        throw new Error("no such thing here");
      },
    };
    const results = await pairedRuns(
      "inspect",
      "1k rows, CSV",
      [answering("polars", right, log), answering("weft", { rows: 2, top: [["x"]] }, log), failing],
      2,
      1,
    );
    expect(results.map((r) => [r.subject, r.status, r.note, r.samples.length])).toEqual([
      ["polars", "ok", undefined, 2],
      ["weft", "wrong-answer", "2 rows, expected 1", 0],
      ["duckdb", "unavailable", "no such thing here", 0],
    ]);
  });
});

test("rowsLabel", () => {
  expect([rowsLabel(10_000_000), rowsLabel(1_500_000), rowsLabel(200_000), rowsLabel(3)]).toEqual([
    "10M",
    "1.5M",
    "200k",
    "3",
  ]);
});
