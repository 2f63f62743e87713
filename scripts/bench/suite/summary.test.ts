import { describe, expect, test } from "bun:test";
import { type SourcedResult, summarize } from "./summary";
import type { Subject } from "./types";

const result = (subject: Subject, ms: number[], extra: Partial<SourcedResult> = {}): SourcedResult => ({
  scenario: "P1",
  variant: "1M rows, CSV",
  subject,
  status: "ok",
  samples: ms.map((m, i) => ({ ms: m, peakRssMb: 100 + i * 10 })),
  source: "pipelines",
  measuredAt: "2026-11-28T10:00:00.000Z",
  ...extra,
});

describe("summarize", () => {
  test("groups by scenario and variant in order of appearance, subjects in the report's order", () => {
    const summaries = summarize([
      result("duckdb", [10]),
      result("weft", [10], { variant: "5M rows, CSV" }),
      result("weft", [10]),
      result("polars", [10], { scenario: "P2", variant: "1M rows, Parquet" }),
    ]);
    expect(summaries.map((s) => s.scenario)).toEqual(["P1", "P2"]);
    expect(summaries[0]?.variants.map((v) => v.variant)).toEqual(["1M rows, CSV", "5M rows, CSV"]);
    expect(summaries[0]?.variants[0]?.lines.map((l) => l.subject)).toEqual(["weft", "duckdb"]);
  });

  test("median, spread, the largest peak, and ratios against the fastest peer and hand-written Polars", () => {
    const [summary] = summarize([
      result("weft", [110, 90, 100]),
      result("polars", [100, 100, 100]),
      result("duckdb", [200, 180, 190]),
      result("pandas", [], { status: "unavailable", note: "python3 not found" }),
    ]);
    const [weft, polars, duckdb, pandas] = summary?.variants[0]?.lines ?? [];
    expect(weft).toMatchObject({ median: 100, min: 90, max: 110, peakRssMb: 120, runs: 3 });
    // Paired (same source): rounds 1.1, 0.9, 1.0 → 1.0.
    expect(weft?.vsPolars).toBeCloseTo(1.0, 10);
    expect(weft?.vsBestPeer).toEqual({ ratio: 1, peer: "polars" });
    expect(polars?.vsBestPeer).toEqual({ ratio: 1, peer: "polars" });
    expect(duckdb?.vsBestPeer?.ratio).toBeCloseTo(1.9, 10);
    expect(pandas).toEqual({ subject: "pandas", status: "unavailable", note: "python3 not found", runs: 0 });
  });

  test("Weft is never the best peer, and results of different sources compare by their medians", () => {
    const [summary] = summarize([
      result("weft", [50, 50, 50]),
      result("weft-bounded", [60, 80, 70], { source: "bounded" }),
      result("duckdb", [100, 300, 200]),
    ]);
    const [weft, bounded] = summary?.variants[0]?.lines ?? [];
    expect(weft?.vsBestPeer?.peer).toBe("duckdb");
    // Same source, paired: rounds 0.5, 1/6, 0.25 → 0.25 (the medians' ratio would be 0.5).
    expect(weft?.vsBestPeer?.ratio).toBeCloseTo(0.25, 10);
    // Another source: the medians' ratio.
    expect(bounded?.vsBestPeer?.ratio).toBeCloseTo(70 / 200, 10);
    expect(weft?.vsPolars).toBeUndefined();
  });

  test("a wrong answer counts for no ratio", () => {
    const [summary] = summarize([
      result("weft", [100]),
      result("duckdb", [], { status: "wrong-answer", note: "31 rows, expected 32" }),
    ]);
    expect(summary?.variants[0]?.lines[0]?.vsBestPeer).toBeUndefined();
  });
});
