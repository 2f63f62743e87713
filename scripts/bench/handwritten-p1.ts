/**
 * The hand-written baseline of the engine benchmark: the same pipeline an analyst would
 * write with nodejs-polars directly, streaming. Runs in its own warm process and answers
 * each `{sales, customers, out}` message with the milliseconds the pipeline took.
 */
import pl from "nodejs-polars";

interface Job {
  sales: string;
  customers: string;
  out: string;
}

process.on("message", (job: Job) => {
  const started = performance.now();
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
  process.send?.({ ms: performance.now() - started });
});
process.send?.({ ready: true });
