/**
 * The hand-written nodejs-polars baselines of the latency scenarios, in a warm process of
 * their own (as an analyst's script or notebook would be, Polars loaded): each message is one
 * job, answered with the milliseconds it took inside this process, its answer (to check
 * against Weft's) and this process's peak RSS so far.
 */
import pl from "nodejs-polars";
import { peakRssMb as ownPeakRssMb, resetPeakRss } from "../measure";
import type { Answer } from "../types";
import { handProfile } from "./hand-profile";
import { jsonRows } from "./json-rows";

export type PolarsJob =
  /** The first `limit` rows of `column == value` (what a filtered preview shows). */
  | { kind: "preview"; path: string; column: string; value: string; limit: number }
  /** Schema and row count. */
  | { kind: "inspect"; path: string }
  /** profile.ts' statistics of every column. */
  | { kind: "profile"; path: string }
  /** P1 (filter → join → summarize → sort → Parquet) on tiny tables. */
  | { kind: "pipeline"; sales: string; customers: string; out: string };

export interface PolarsAnswer {
  ms: number;
  answer: Answer;
  peakRssMb?: number;
}

const scan = (path: string) => (path.endsWith(".parquet") ? pl.scanParquet(path) : pl.scanCSV(path));
const topOf = (df: pl.DataFrame, n: number): Answer => ({ rows: df.height, top: jsonRows(df.head(n)) });

/** Does the job's work (the timed part); answers how to tell what it computed (done untimed). */
function work(job: PolarsJob): () => Answer {
  switch (job.kind) {
    case "preview": {
      const df = scan(job.path)
        .filter(pl.col(job.column).eq(pl.lit(job.value)))
        .limit(job.limit)
        .collectSync({ engine: "streaming" } as never);
      return () => topOf(df, job.limit);
    }
    case "inspect": {
      const lazy = scan(job.path);
      // nodejs-polars 0.26 has no lazy schema: an empty collect gives the columns.
      const columns = lazy.limit(0).collectSync({ engine: "streaming" } as never).columns;
      const count = lazy.select(pl.len()).collectSync({ engine: "streaming" } as never);
      return () => ({ rows: Number(count.getColumns()[0]?.get(0)), top: [columns] });
    }
    case "profile": {
      const profile = handProfile(scan(job.path));
      return () => profile;
    }
    case "pipeline": {
      pl.scanCSV(job.sales)
        .filter(pl.col("qty").gt(5))
        .join(pl.scanCSV(job.customers), { leftOn: "customer_id", rightOn: "customer_id", how: "inner" })
        .groupBy(["segment", "product"])
        .agg(
          pl.col("qty").sum().alias("qty_sum"),
          pl.col("id").count().alias("id_count"),
          pl.col("price").mean().alias("price_mean"),
        )
        .sort("qty_sum", true)
        .sinkParquet(job.out, { compression: "zstd" })
        .collectSync({ engine: "streaming" } as never);
      // Read back from the file, as Weft's output is.
      return () => topOf(pl.readParquet(job.out), 3);
    }
  }
}

process.on("message", (job: PolarsJob) => {
  // This job's peak, not the worker's lifetime peak (getrusage's maxRSS never goes down).
  resetPeakRss("self");
  const started = performance.now();
  const answerOf = work(job);
  const ms = performance.now() - started;
  const peakRssMb = ownPeakRssMb("self");
  process.send?.({ ms, answer: answerOf(), peakRssMb } satisfies PolarsAnswer);
});
process.send?.({ ready: true });
