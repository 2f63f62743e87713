import { expect, test } from "bun:test";
import { toResult } from "./pipeline-scenarios";

test("timed runs that all answered right are an ok Result with their samples in order", () => {
  expect(toResult("P1", "1M rows, CSV", "weft", [{ sample: { ms: 3 } }, { sample: { ms: 2, peakRssMb: 9 } }])).toEqual({
    scenario: "P1",
    variant: "1M rows, CSV",
    subject: "weft",
    status: "ok",
    samples: [{ ms: 3 }, { ms: 2, peakRssMb: 9 }],
  });
});

test("one wrong or failed run voids the subject's time, saying which run and why", () => {
  const wrong = toResult("P1", "v", "duckdb", [{ sample: { ms: 1 } }, { wrong: "31 rows, expected 32" }]);
  expect(wrong).toMatchObject({ status: "wrong-answer", note: "run 2: 31 rows, expected 32", samples: [] });
  const failed = toResult("P1", "v", "pandas", [{ error: "killed" }, { sample: { ms: 1 } }]);
  expect(failed).toMatchObject({ status: "unavailable", note: "run 1: killed", samples: [] });
});
