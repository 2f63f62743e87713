/**
 * BenchData for the peers' check: the seeded sales and customers CSVs (sales-data.ts, reused
 * when present) and the same tables as zstd Parquet beside them, written once with
 * nodejs-polars. The full suite's data comes from the harness; this is only so the peers can
 * be checked on their own at a small size.
 */
import { existsSync, renameSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import { salesData } from "../sales-data";
import type { BenchData } from "../suite/types";

export async function checkData(rows: number, customers = 100_000): Promise<BenchData> {
  const csv = await salesData(rows, customers);
  const data: BenchData = {
    rows,
    dir: csv.dir,
    salesCsv: csv.sales,
    customersCsv: csv.customers,
    salesParquet: join(csv.dir, "sales.parquet"),
    customersParquet: join(csv.dir, "customers.parquet"),
  };
  toParquet(data.salesCsv, data.salesParquet);
  toParquet(data.customersCsv, data.customersParquet);
  return data;
}

function toParquet(csv: string, parquet: string): void {
  if (existsSync(parquet)) return;
  const partial = `${parquet}.partial`;
  pl.scanCSV(csv)
    .sinkParquet(partial, { compression: "zstd" })
    .collectSync({ engine: "streaming" } as never);
  renameSync(partial, parquet);
}
