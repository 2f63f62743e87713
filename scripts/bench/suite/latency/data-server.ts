import { dirname } from "node:path";
import { type BenchServer, startBenchServer } from "../../bench-server";
import type { BenchData } from "../types";

/**
 * A warm Server in this process (bench-server.ts) allowed to read every folder of `data`'s
 * files (the suite may keep the Parquet copies apart from the CSV ones).
 */
export function startDataServer(prefix: string, data: BenchData, env?: Record<string, string>): Promise<BenchServer> {
  const files = [data.salesCsv, data.salesParquet, data.customersCsv, data.customersParquet];
  const folders = [...new Set([data.dir, ...files.map((f) => dirname(f))])];
  return startBenchServer(prefix, folders, env);
}
