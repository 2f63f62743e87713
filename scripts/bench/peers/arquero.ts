/**
 * Arquero peer: the scenarios with Arquero (a JS dataframe library an analyst might reach
 * for), each run in its own Bun process (arquero-child.ts) so its peak RSS is Arquero's alone.
 */
import { join } from "node:path";
import type { BenchData, PeerRun } from "../suite/types";
import { PeerUnavailable, type PipelineJob, runChild } from "./child";

const CHILD = join(import.meta.dir, "arquero-child.ts");

function run(job: PipelineJob) {
  return runChild([process.execPath, CHILD], job);
}

export const p1: PeerRun = (data: BenchData, outDir: string) =>
  run({ scenario: "P1", sales: data.salesCsv, customers: data.customersCsv, out: join(outDir, "arquero-p1.csv") });

/** Arquero reads Arrow IPC, not Parquet: it would take another package (parquet-wasm, hyparquet). */
export const p2: PeerRun = async () => {
  throw new PeerUnavailable("Arquero cannot read Parquet without extra packages (it reads CSV, JSON and Arrow IPC)");
};

export const p3: PeerRun = (data: BenchData, outDir: string) =>
  run({ scenario: "P3", sales: data.salesCsv, customers: data.customersCsv, out: join(outDir, "arquero-p3.csv") });
