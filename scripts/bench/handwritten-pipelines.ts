/**
 * The pipeline scenarios written by hand with nodejs-polars, as an analyst who knows Polars
 * would write them: one lazy query each, streamed (suite/pipelines.ts says what each
 * computes). The floor for Weft's overhead; run in a warm process of their own by
 * handwritten-worker.ts, and collected in memory for the expected answer (suite/pipeline-scenarios.ts).
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

/** P3 up to the pivot: the sums per (label, region_name), the long form the pivot widens. */
function p3Long(data: BenchData): pl.LazyDataFrame {
  const read = () => pl.scanCSV(data.salesCsv);
  const noteTag = pl.col("note").fillNull("").str.toLowerCase().str.replaceAll(" ", "_", true);
  const productCode = pl.col("product").str.slice(0, 3).str.toUpperCase();
  return pl
    .concat([read(), read(), read()])
    .select(
      pl.col("qty"),
      pl
        .concatString([pl.col("region").str.slice(0, 1).str.toUpperCase(), pl.col("region").str.slice(1)], "")
        .alias("region_name"),
      // The cast: nodejs-polars plans str.lengths() as a String (an untyped map), so it could not be summed.
      noteTag.str.lengths().cast(pl.UInt32).alias("note_len"),
      pl.concatString([productCode, noteTag], "-").alias("label"),
    )
    .groupBy(["label", "region_name"])
    .agg(pl.col("qty").sum(), pl.col("note_len").sum());
}

/** P3's long form widened: nodejs-polars pivots only in memory (the long form is 240 rows). */
function p3Wide(long: pl.DataFrame): pl.DataFrame {
  const wide = long.pivot(["qty", "note_len"], { index: "label", on: "region_name", aggregateFunc: "first" });
  const regions = [...new Set(long.getColumn("region_name").toArray() as string[])].sort();
  const columns = ["qty", "note_len"].flatMap((v) => regions.map((r) => `${v}_${r}`));
  return wide.select("label", ...columns).sort("label");
}

/** Runs a scenario and writes its result to `out`: zstd Parquet, CSV for P3 (suite/pipelines.ts outputPath). */
export function runHandwritten(scenario: PipelineScenario, data: BenchData, out: string): void {
  if (scenario === "P3") {
    p3Wide(p3Long(data).collectSync(STREAMING)).writeCSV(out);
    return;
  }
  p1p2(data, scenario === "P2")
    .sinkParquet(out, { compression: "zstd" })
    .collectSync(STREAMING);
}

/**
 * The scenario's whole result in memory: the expected answer every subject is checked
 * against (suite/pipeline-scenarios.ts). P1 and P2 are computed by Polars' in-memory engine,
 * not the streaming one the timed runs use; P3 by the streaming one, since in memory it took
 * 3.5 s and 641 MiB at 1M rows (10x that at 10M) against 1.1 s and 375 MiB. The peers, other
 * engines, check the answer in turn: a wrong one would make every one of them disagree.
 */
export function collectHandwritten(scenario: PipelineScenario, data: BenchData): pl.DataFrame {
  if (scenario === "P3") return p3Wide(p3Long(data).collectSync(STREAMING));
  return p1p2(data, scenario === "P2").collectSync();
}
