import { expect, test } from "bun:test";
import type { SourcedResult } from "./summary";
import { checkTargets } from "./targets";
import type { Subject } from "./types";

const at = "2026-11-28T10:00:00.000Z";
const r = (scenario: string, variant: string, subject: Subject, ms: number[], peak?: number): SourcedResult => ({
  scenario,
  variant,
  subject,
  status: "ok",
  samples: ms.map((m) => ({ ms: m, peakRssMb: peak })),
  source: scenario === "P1" || scenario === "P2" ? "pipelines" : scenario,
  measuredAt: at,
});

test("P1's targets judged on paired ratios and peaks, per variant", () => {
  const checks = checkTargets([
    r("P1", "1M rows, CSV", "weft", [100, 104], 400),
    r("P1", "1M rows, CSV", "weft-known", [110, 102], 390),
    r("P1", "1M rows, CSV", "weft-bounded", [120, 140], 200),
    r("P1", "1M rows, CSV", "polars", [100, 100], 460),
    r("P1", "1M rows, CSV", "duckdb", [140, 130], 225),
    r("P1", "1M rows, CSV", "pandas", [600, 400]),
  ]);
  expect(checks.map((c) => [c.target, c.measured, c.met])).toEqual([
    ["Weft within 1.05x of hand-written Polars", "1.02x", true],
    ["Weft at most 0.8x DuckDB's time", "0.76x", true],
    ["ROW_COUNTS=known: Weft within 1.05x of hand-written Polars", "1.06x", false],
    ["ROW_COUNTS=known: Weft at most 0.8x DuckDB's time", "0.79x", true],
    ["Weft at least 5x faster than pandas", "4.92x faster", false],
    ["bounded-memory mode: peak RSS at most DuckDB's", "200 MiB against 225 MiB", true],
    ["bounded-memory mode: at most 1.3x the default mode's time", "1.27x", true],
  ]);
});

test("absolute targets on Weft's median; a variant filter; subjects that did not run leave a target out", () => {
  const checks = checkTargets([
    r("inspect", "10M rows, Parquet", "weft", [12, 30, 14]),
    r("inspect", "10M rows, CSV", "weft", [80]),
    r("preview", "10M rows, CSV", "weft", [31]),
    { ...r("P2", "1M rows, Parquet", "duckdb", []), status: "unavailable" },
    r("P2", "1M rows, Parquet", "weft", [50]),
  ]);
  expect(checks.map((c) => [c.scenario, c.variant, c.measured, c.met])).toEqual([
    ["preview", "10M rows, CSV", "31.0 ms", false],
    ["inspect", "10M rows, Parquet", "14.0 ms", true],
  ]);
});
