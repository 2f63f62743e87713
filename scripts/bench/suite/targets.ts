import { formatMb, formatMs, formatRatio } from "./format";
import { median, pairedRatio } from "./measure";
import type { SourcedResult } from "./summary";
import type { Subject } from "./types";

/** One target of the issue, judged on one data variant of one run. */
export interface TargetCheck {
  target: string;
  scenario: string;
  variant: string;
  /** What was measured, in words ("1.03x", "24.1 ms"). */
  measured: string;
  met: boolean;
}

type Results = SourcedResult[];
const okOf = (rs: Results, subject: Subject) =>
  rs.find((r) => r.subject === subject && r.status === "ok" && r.samples.length > 0);
const times = (r: SourcedResult) => r.samples.map((s) => s.ms);
const peak = (r: SourcedResult) => Math.max(...r.samples.map((s) => s.peakRssMb ?? Number.NaN));

/** a's time over b's: paired when they alternated in one source (measure.ts pairedRatio). */
function ratio(a: SourcedResult, b: SourcedResult): number {
  return a.source === b.source ? pairedRatio(times(a), times(b)) : median(times(a)) / median(times(b));
}

/** A target on one scenario: judges one variant's results, or says nothing when a subject it needs is missing. */
interface Target {
  scenario: string;
  text: string;
  /** Only variants whose name this matches (all when absent). */
  variant?: RegExp;
  judge(rs: Results): { measured: string; met: boolean } | undefined;
}

/** Weft's time (or another Weft subject's) at most `limit` times `peer`'s. */
const atMost = (scenario: string, peer: Subject, limit: number, text: string, subject: Subject = "weft"): Target => ({
  scenario,
  text,
  judge(rs) {
    const weft = okOf(rs, subject);
    const other = okOf(rs, peer);
    if (!weft || !other) return undefined;
    const r = ratio(weft, other);
    return { measured: formatRatio(r), met: r <= limit };
  },
});

/** Weft's median under `ms`. */
const under = (scenario: string, ms: number, text: string, variant?: RegExp): Target => ({
  scenario,
  text,
  variant,
  judge(rs) {
    const weft = okOf(rs, "weft");
    if (!weft) return undefined;
    const m = median(times(weft));
    return { measured: formatMs(m), met: m < ms };
  },
});

/** The targets (paired ratios in one run; absolute times on the machine of the run). */
export const TARGETS: Target[] = [
  atMost("P1", "polars", 1.05, "Weft within 1.05x of hand-written Polars"),
  atMost("P2", "polars", 1.05, "Weft within 1.05x of hand-written Polars"),
  atMost("P1", "duckdb", 0.8, "Weft at most 0.8x DuckDB's time"),
  atMost("P2", "duckdb", 1.0, "Weft at most 1.0x DuckDB's time"),
  // The same with ROW_COUNTS=known, which skips the counting pass (docs/server-api.md 16).
  atMost("P1", "polars", 1.05, "ROW_COUNTS=known: Weft within 1.05x of hand-written Polars", "weft-known"),
  atMost("P2", "polars", 1.05, "ROW_COUNTS=known: Weft within 1.05x of hand-written Polars", "weft-known"),
  atMost("P1", "duckdb", 0.8, "ROW_COUNTS=known: Weft at most 0.8x DuckDB's time", "weft-known"),
  atMost("P2", "duckdb", 1.0, "ROW_COUNTS=known: Weft at most 1.0x DuckDB's time", "weft-known"),
  {
    scenario: "P1",
    text: "Weft at least 5x faster than pandas",
    judge(rs) {
      const weft = okOf(rs, "weft");
      const pandas = okOf(rs, "pandas");
      if (!weft || !pandas) return undefined;
      const r = ratio(pandas, weft);
      return { measured: `${formatRatio(r)} faster`, met: r >= 5 };
    },
  },
  {
    scenario: "P1",
    text: "bounded-memory mode: peak RSS at most DuckDB's",
    judge(rs) {
      const bounded = okOf(rs, "weft-bounded");
      const duckdb = okOf(rs, "duckdb");
      if (!bounded || !duckdb || Number.isNaN(peak(bounded)) || Number.isNaN(peak(duckdb))) return undefined;
      return {
        measured: `${formatMb(peak(bounded))} against ${formatMb(peak(duckdb))}`,
        met: peak(bounded) <= peak(duckdb),
      };
    },
  },
  {
    scenario: "P1",
    text: "bounded-memory mode: at most 1.3x the default mode's time",
    judge(rs) {
      const bounded = okOf(rs, "weft-bounded");
      const weft = okOf(rs, "weft");
      if (!bounded || !weft) return undefined;
      const r = ratio(bounded, weft);
      return { measured: formatRatio(r), met: r <= 1.3 };
    },
  },
  under("fixed-cost", 10, "a full run of a 3-row workflow under 10 ms"),
  under("preview", 30, "100 filtered rows over HTTP, warm, under 30 ms"),
  under("re-preview", 10, "a re-preview after a downstream change under 10 ms"),
  under("inspect", 20, "inspect of a Parquet file under 20 ms", /Parquet/),
  atMost("profile", "polars", 1.5, "profile of all columns within 1.5x of hand-written"),
];

/**
 * Every target that can be judged on these results, per data variant in order of appearance.
 * A target whose subjects did not run (a peer unavailable, a scenario not run) is left out
 * here; the scenario's table says why they did not run.
 */
export function checkTargets(results: SourcedResult[], targets: Target[] = TARGETS): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const target of targets) {
    const variants = [...new Set(results.filter((r) => r.scenario === target.scenario).map((r) => r.variant))];
    for (const variant of variants) {
      if (target.variant && !target.variant.test(variant)) continue;
      const rs = results.filter((r) => r.scenario === target.scenario && r.variant === variant);
      const judged = target.judge(rs);
      if (judged) checks.push({ target: target.text, scenario: target.scenario, variant, ...judged });
    }
  }
  return checks;
}
