import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { latestResults, mergeResults, type ResultsFile, readResults, writeResults } from "./results-file";
import type { SourcedResult } from "./summary";

const dir = mkdtempSync(join(tmpdir(), "weft-bench-results-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const r = (scenario: string, subject: SourcedResult["subject"], measuredAt = "old"): SourcedResult => ({
  scenario,
  variant: "v",
  subject,
  status: "ok",
  samples: [{ ms: 1 }],
  source: "s",
  measuredAt,
});

test("a partial run replaces the scenarios it measured, in place, and keeps the others", () => {
  const earlier = [r("P1", "weft"), r("P1", "polars"), r("P2", "weft"), r("preview", "weft")];
  const now = [r("P2", "weft", "new"), r("P2", "duckdb", "new"), r("hub", "weft", "new")];
  expect(mergeResults(earlier, now).map((x) => `${x.scenario}/${x.subject}/${x.measuredAt}`)).toEqual([
    "P1/weft/old",
    "P1/polars/old",
    "P2/weft/new",
    "P2/duckdb/new",
    "preview/weft/old",
    "hub/weft/new",
  ]);
});

test("written under the run's start time and as latest.json, read back whole", () => {
  expect(latestResults(dir)).toBeUndefined();
  const file: ResultsFile = {
    run: {
      machine: { cores: 2, cpu: "c", memoryGiB: 1, bun: "b", polars: "p", duckdb: "d", loadAtStart: 1 },
      rows: [200_000],
      runs: 2,
      startedAt: "2026-11-28T10:40:12.345Z",
    },
    titles: { P1: "CSV to Parquet" },
    results: [r("P1", "weft")],
  };
  const path = writeResults(file, dir);
  expect(path).toBe(join(dir, "bench-2026-11-28T10-40-12Z.json"));
  expect(existsSync(path)).toBe(true);
  expect(readResults(path)).toEqual(file);
  expect(latestResults(dir)).toEqual(file);
});
