import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import { benchDataRoot, salesData } from "../sales-data";
import type { BenchData } from "./types";

/** How many customers every size has (the join's right side). */
export const CUSTOMERS = 100_000;

/** Written last, once every file below it is whole: without it (or with a size that differs) nothing is reused. */
const MANIFEST = "bench-data.json";
/** Bump when the files' content changes (columns, compression), so old folders are rewritten. */
const MANIFEST_VERSION = 1;

export interface BenchDataOptions {
  /** Where the data folders live: benchDataRoot() ($WEFT_BENCH_DATA or the temp directory) by default. */
  root?: string;
  customers?: number;
  seed?: number;
}

interface Manifest {
  version: number;
  rows: number;
  /** Each file's name and its size in bytes. */
  files: Record<string, number>;
}

/**
 * The seeded benchmark data of one size: `rows` sales and CUSTOMERS customers, each as CSV
 * (scripts/bench/sales-data.ts writes them) and as zstd Parquet (converted from the CSV by
 * Polars, so both formats hold the same values and types). Generated once and reused: a
 * folder is reused only when its manifest names every file at its size, and the manifest is
 * written after the files, each of which is renamed into place only when complete.
 */
export async function benchData(rows: number, options: BenchDataOptions = {}): Promise<BenchData> {
  const root = options.root ?? benchDataRoot();
  const csv = await salesData(rows, options.customers ?? CUSTOMERS, options.seed ?? 42, root);
  const data: BenchData = {
    rows,
    dir: csv.dir,
    salesCsv: csv.sales,
    salesParquet: join(csv.dir, "sales.parquet"),
    customersCsv: csv.customers,
    customersParquet: join(csv.dir, "customers.parquet"),
  };
  if (isComplete(data)) return data;
  toParquet(data.salesCsv, data.salesParquet);
  toParquet(data.customersCsv, data.customersParquet);
  const manifest: Manifest = { version: MANIFEST_VERSION, rows, files: sizes(data) };
  const partial = join(data.dir, `${MANIFEST}.${process.pid}.partial`);
  writeFileSync(partial, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(partial, join(data.dir, MANIFEST));
  return data;
}

/** Whether the folder's manifest is current and every file it names is there at its size. */
export function isComplete(data: BenchData): boolean {
  const path = join(data.dir, MANIFEST);
  if (!existsSync(path)) return false;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return false;
  }
  if (manifest.version !== MANIFEST_VERSION || manifest.rows !== data.rows) return false;
  const now = sizes(data, true);
  return Object.entries(manifest.files).every(([name, size]) => now[name] === size) && Object.keys(now).length === 4;
}

function files(data: BenchData): string[] {
  return [data.salesCsv, data.salesParquet, data.customersCsv, data.customersParquet];
}

/** Each file's size by its name; with `present`, files that do not exist are left out. */
function sizes(data: BenchData, present = false): Record<string, number> {
  const out: Record<string, number> = {};
  for (const path of files(data)) {
    if (present && !existsSync(path)) continue;
    out[path.slice(data.dir.length + 1)] = statSync(path).size;
  }
  return out;
}

/** CSV → zstd Parquet, streaming, through a partial file of this process renamed when whole. */
function toParquet(csvPath: string, parquetPath: string): void {
  const partial = `${parquetPath}.${process.pid}.partial`;
  try {
    pl.scanCSV(csvPath)
      .sinkParquet(partial, { compression: "zstd" })
      .collectSync({ engine: "streaming" } as never);
    renameSync(partial, parquetPath);
  } finally {
    rmSync(partial, { force: true });
  }
}
