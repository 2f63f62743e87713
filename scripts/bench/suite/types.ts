/**
 * What every scenario of `npm run bench` (scripts/bench/bench-all.ts) hands the report: one
 * Result per subject (Weft or a peer) per scenario and data variant, with the samples that
 * were timed after the subject proved it computed the right answer.
 */

/** Seeded data of one size, generated once and reused (scripts/bench/suite/data.ts). */
export interface BenchData {
  rows: number;
  dir: string;
  salesCsv: string;
  /** The same rows as zstd Parquet. */
  salesParquet: string;
  customersCsv: string;
  customersParquet: string;
}

/** One timed run: wall time of the work, and the peak RSS of the process that did it (MiB). */
export interface Sample {
  ms: number;
  peakRssMb?: number;
}

/** The check a subject passes before its time counts: the output's row count and first rows. */
export interface Answer {
  rows: number;
  /** The first rows of the (sorted) result, each as its values in column order. */
  top: unknown[][];
}

export type Subject = "weft" | "weft-known" | "weft-bounded" | "polars" | "duckdb" | "pandas" | "arquero";

export interface Result {
  /** "P1", "P2", "P3", "preview", "re-preview", "inspect", "profile", "fixed-cost", "hub-executions", … */
  scenario: string;
  /** The data it ran on, in words: "5M rows, CSV". */
  variant: string;
  subject: Subject;
  status: "ok" | "unavailable" | "wrong-answer";
  /** Why it is unavailable or wrong, in words. */
  note?: string;
  samples: Sample[];
}

/**
 * One peer's implementation of a pipeline scenario: runs it once in its own process. `note` is
 * a caveat the Result should carry (e.g. the output written as CSV for want of a Parquet
 * writer). Rejects with PeerUnavailable (scripts/bench/peers/child.ts) when the peer cannot
 * run here at all, its message saying why.
 */
export type PeerRun = (data: BenchData, outDir: string) => Promise<{ sample: Sample; answer: Answer; note?: string }>;
