/**
 * The pipeline scenarios written by hand with nodejs-polars, as an analyst who knows Polars
 * would write them: one lazy query each, streamed (suite/pipelines.ts says what each
 * computes). The floor for Weft's overhead; run in a warm process of their own by
 * handwritten-worker.ts, and collected in memory for the expected answer (suite/reference.ts).
 */
import pl from "nodejs-polars";
import type { PipelineScenario } from "./suite/pipelines";
import type { BenchData } from "./suite/types";

const STREAMING = { engine: "streaming" } as never;

function p1p2(data: BenchData, parquet: boolean): pl.LazyDataFrame {
  const sales = parquet ? pl.scanParquet(data.salesParquet) : pl.scanCSV(data.salesCsv);
  const customers = parquet ? pl.scanParquet(data.customersParquet) : pl.scanCSV(data.customersCsv);
  return sales
    .filter(pl.col("qty").gt(5))
    .join(customers, { leftOn: "customer_id", rightOn: "customer_id", how: "inner" })
    .groupBy(["segment", "product"])
    .agg(
      pl.col("qty").sum().alias("qty_sum"),
      pl.col("id").count().alias("id_count"),
      pl.col("price").mean().alias("price_mean"),
    )
    .sort(["qty_sum", "segment", "product"], [true, false, false]);
}

/** P3 up to the pivot: sum(score) per (month, zone, code), the long form the pivot widens. */
function p3Long(data: BenchData): pl.LazyDataFrame {
  return pl
    .concat([pl.scanCSV(data.salesCsv), pl.scanParquet(data.salesParquet), pl.scanCSV(data.salesCsv)])
    .select(
      pl.col("product").str.toUpperCase().str.slice(0, 3).alias("code"),
      pl.col("ts").str.slice(0, 7).str.replace("-", "/", true).alias("month"),
      pl.col("region").str.toUpperCase().alias("zone"),
      // The cast: nodejs-polars plans str.lengths() as a String (an untyped map), so arithmetic on it is refused.
      pl.col("qty").add(pl.col("note").fillNull("").str.lengths().cast(pl.Int64)).alias("score"),
    )
    .groupBy(["month", "zone", "code"])
    .agg(pl.col("score").sum());
}

/** P3's long form widened: nodejs-polars pivots only in memory (the long form is 480 rows). */
function p3Wide(long: pl.DataFrame): pl.DataFrame {
  const wide = long.pivot("score", { index: ["month", "zone"], on: "code", aggregateFunc: "first" });
  const codes = wide.columns.filter((c) => c !== "month" && c !== "zone").sort();
  return wide.select("month", "zone", ...codes).sort(["month", "zone"]);
}

/** Runs a scenario and writes its result to `out` as zstd Parquet. */
export function runHandwritten(scenario: PipelineScenario, data: BenchData, out: string): void {
  if (scenario === "P3") {
    p3Wide(p3Long(data).collectSync(STREAMING)).writeParquet(out, { compression: "zstd" });
    return;
  }
  p1p2(data, scenario === "P2")
    .sinkParquet(out, { compression: "zstd" })
    .collectSync(STREAMING);
}

/**
 * The scenario's whole result in memory, computed by Polars' in-memory engine rather than
 * the streaming one the timed runs use: the expected answer every subject is checked against
 * (suite/reference.ts). The peers, other engines, check it in turn.
 */
export function collectHandwritten(scenario: PipelineScenario, data: BenchData): pl.DataFrame {
  if (scenario === "P3") return p3Wide(p3Long(data).collectSync());
  return p1p2(data, scenario === "P2").collectSync();
}
