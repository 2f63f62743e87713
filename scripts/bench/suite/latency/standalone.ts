import { existsSync, renameSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import { salesData } from "../../sales-data";
import type { BenchData, Result } from "../types";
import { resultsTable } from "./results-table";

/** Writes `csv` as zstd Parquet at `parquet` unless it is there (streamed, then renamed whole). */
function parquetOf(csv: string, parquet: string): string {
  if (existsSync(parquet)) return parquet;
  pl.scanCSV(csv)
    .sinkParquet(`${parquet}.part`, { compression: "zstd" })
    .collectSync({ engine: "streaming" } as never);
  renameSync(`${parquet}.part`, parquet);
  return parquet;
}

/**
 * The seeded tables of `rows` sales rows and 100k customers as CSV and zstd Parquet, made
 * once and reused: what a latency scenario needs when it runs on its own, before (or
 * without) the suite's own data step.
 */
export async function standaloneData(rows: number): Promise<BenchData> {
  const data = await salesData(rows, 100_000);
  return {
    rows,
    dir: data.dir,
    salesCsv: data.sales,
    salesParquet: parquetOf(data.sales, join(data.dir, "sales.parquet")),
    customersCsv: data.customers,
    customersParquet: parquetOf(data.customers, join(data.dir, "customers.parquet")),
  };
}

/** `--name value` from the command line, as a number. */
function numberArg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

/**
 * A scenario's own entry (`bun scripts/bench/suite/scenarios/<name>.ts --rows 200000 --runs 5`):
 * its data made or reused, the scenario run, its table printed with the targets.
 */
export async function runAlone(
  run: (ctx: { data: BenchData; runs: number }) => Promise<Result[]>,
  defaults: { rows?: number; runs?: number } = {},
): Promise<void> {
  const rows = numberArg("rows", defaults.rows ?? 1_000_000);
  const runs = numberArg("runs", defaults.runs ?? 5);
  console.log(`seeded data: ${rows.toLocaleString()} sales rows, 100,000 customers (made once, then reused)...`);
  const data = await standaloneData(rows);
  const results = await run({ data, runs });
  console.log(`\n${resultsTable(results)}`);
  process.exit(0);
}
