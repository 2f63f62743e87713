import { median, minMax, pairedRatio } from "./measure";
import type { Result, Subject } from "./types";

/** A Result as the results file keeps it: which part of the run produced it, and when. */
export interface SourcedResult extends Result {
  /** "pipelines" for P1-P3, a scenario module's file name for the others: results of one source alternated together. */
  source: string;
  /** ISO time the scenario was measured. */
  measuredAt: string;
}

/** The subjects in the order tables and charts list them. */
export const SUBJECT_ORDER: Subject[] = ["weft", "weft-known", "weft-bounded", "polars", "duckdb", "pandas", "arquero"];

export const SUBJECT_LABEL: Record<Subject, string> = {
  weft: "Weft",
  "weft-known": "Weft, ROW_COUNTS=known",
  "weft-bounded": "Weft, bounded memory",
  polars: "hand-written Polars",
  duckdb: "DuckDB SQL",
  pandas: "pandas",
  arquero: "Arquero",
};

/** Weft itself: every other subject is a peer. */
const isWeft = (s: Subject) => s.startsWith("weft");

/** One line of a scenario's table. */
export interface SubjectLine {
  subject: Subject;
  status: Result["status"];
  note?: string;
  runs: number;
  median?: number;
  min?: number;
  max?: number;
  /** The largest peak of its runs, MiB. */
  peakRssMb?: number;
  /** Its time over the best peer's (the fastest peer that ran and answered right), and which peer that is. */
  vsBestPeer?: { ratio: number; peer: Subject };
  /** Its time over hand-written Polars'. */
  vsPolars?: number;
}

export interface VariantSummary {
  variant: string;
  lines: SubjectLine[];
}

export interface ScenarioSummary {
  scenario: string;
  measuredAt: string;
  variants: VariantSummary[];
}

/**
 * Groups results by scenario and data variant (in the order they first appear) and works out
 * each subject's median, spread, peak memory and ratios. A ratio is paired (the median of
 * per-run ratios, measure.ts `pairedRatio`) when both subjects came from the same source,
 * whose runs alternated round by round; otherwise it is the ratio of the medians.
 */
export function summarize(results: SourcedResult[]): ScenarioSummary[] {
  const scenarios = new Map<string, Map<string, SourcedResult[]>>();
  for (const r of results) {
    const variants = scenarios.get(r.scenario) ?? new Map<string, SourcedResult[]>();
    scenarios.set(r.scenario, variants);
    variants.set(r.variant, [...(variants.get(r.variant) ?? []), r]);
  }
  return [...scenarios.entries()].map(([scenario, variants]) => {
    const all = [...variants.values()].flat();
    return {
      scenario,
      measuredAt: all.map((r) => r.measuredAt).sort()[0] ?? "",
      variants: [...variants.entries()].map(([variant, rs]) => ({ variant, lines: variantLines(rs) })),
    };
  });
}

const ms = (r: Result) => r.samples.map((s) => s.ms);
const ok = (r: Result) => r.status === "ok" && r.samples.length > 0;

function ratio(a: SourcedResult, b: SourcedResult): number {
  return a.source === b.source ? pairedRatio(ms(a), ms(b)) : median(ms(a)) / median(ms(b));
}

function variantLines(results: SourcedResult[]): SubjectLine[] {
  const sorted = [...results].sort((a, b) => SUBJECT_ORDER.indexOf(a.subject) - SUBJECT_ORDER.indexOf(b.subject));
  const peers = sorted.filter((r) => ok(r) && !isWeft(r.subject));
  const best = peers.reduce<SourcedResult | undefined>(
    (fastest, r) => (fastest === undefined || median(ms(r)) < median(ms(fastest)) ? r : fastest),
    undefined,
  );
  const polars = sorted.find((r) => ok(r) && r.subject === "polars");
  return sorted.map((r): SubjectLine => {
    const line: SubjectLine = { subject: r.subject, status: r.status, note: r.note, runs: r.samples.length };
    if (!ok(r)) return line;
    const { min, max } = minMax(ms(r));
    const peaks = r.samples.map((s) => s.peakRssMb).filter((p): p is number => p !== undefined);
    return {
      ...line,
      median: median(ms(r)),
      min,
      max,
      peakRssMb: peaks.length > 0 ? Math.max(...peaks) : undefined,
      vsBestPeer: best ? { ratio: r === best ? 1 : ratio(r, best), peer: best.subject } : undefined,
      vsPolars: polars ? (r === polars ? 1 : ratio(r, polars)) : undefined,
    };
  });
}
