/**
 * DuckDB peer: the scenarios in SQL through @duckdb/node-api, each run in its own Bun process
 * (duckdb-child.ts) so its peak RSS is DuckDB's alone.
 */
import { join } from "node:path";
import type { BenchData, PeerRun } from "../suite/types";
import { type PipelineJob, runChild } from "./child";

const CHILD = join(import.meta.dir, "duckdb-child.ts");

function run(job: PipelineJob) {
  return runChild([process.execPath, CHILD], job);
}

export const p1: PeerRun = (data: BenchData, outDir: string) =>
  run({ scenario: "P1", sales: data.salesCsv, customers: data.customersCsv, out: join(outDir, "duckdb-p1.parquet") });

export const p2: PeerRun = (data: BenchData, outDir: string) =>
  run({
    scenario: "P2",
    sales: data.salesParquet,
    customers: data.customersParquet,
    out: join(outDir, "duckdb-p2.parquet"),
  });

export const p3: PeerRun = (data: BenchData, outDir: string) =>
  run({ scenario: "P3", sales: data.salesCsv, customers: data.customersCsv, out: join(outDir, "duckdb-p3.csv") });
