/**
 * The data-source benchmark (issue 5). Generates a seeded 10M-row sales table as CSV and as
 * Parquet (reused when present), starts a real Server in this process, then times through
 * the API: POST /api/datasource/inspect (schema + row count; the first one counts the rows,
 * later ones reuse the count while the file is unchanged) and a 100-row preview (at the
 * start and at an offset of half the rows). Baselines measured in the same run: reading the
 * whole file once (plain `read()` into memory, page cache warm) and the same count and
 * preview done by DuckDB (`read_csv` / `read_parquet`), which this was asked to consider.
 *
 *   npm run bench:datasource [-- --rows 10000000 --runs 7]
 */

import { closeSync, existsSync, openSync, readSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import pl from "nodejs-polars";
import { startBenchServer } from "./bench-server";
import { salesData } from "./sales-data";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const rows = arg("rows", 10_000_000);
const runs = arg("runs", 7);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const fmt = (ms: number) => `${ms.toFixed(ms < 100 ? 1 : 0)} ms`;

console.log(`generating ${rows.toLocaleString()} sales rows as CSV and Parquet (seeded; reused when present)...`);
const data = await salesData(rows, 100_000);
const parquet = join(data.dir, "sales.parquet");
if (!existsSync(parquet)) {
  pl.scanCSV(data.sales)
    .sinkParquet(`${parquet}.part`, { compression: "zstd" })
    .collectSync({ engine: "streaming" } as never);
  renameSync(`${parquet}.part`, parquet);
}

const server = await startBenchServer("ds", [data.dir]);
const api = (path: string, body: unknown) => server.post(`datasource/${path}`, body);
const timed = async (fn: () => Promise<unknown> | unknown) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};
const series = async (fn: () => Promise<unknown> | unknown) => {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timed(fn));
  return median(times);
};

/** Reads the whole file once into a reused buffer: what inspecting must not cost. */
function readWhole(path: string): number {
  const buffer = Buffer.alloc(8 << 20);
  const fd = openSync(path, "r");
  let total = 0;
  try {
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) return total;
      total += n;
    }
  } finally {
    closeSync(fd);
  }
}

const duck = await (await DuckDBInstance.create(":memory:")).connect();
const table: string[] = [];
for (const [label, path, reader] of [
  ["CSV", data.sales, "read_csv"],
  ["Parquet", parquet, "read_parquet"],
] as const) {
  console.log(`${label}: ${(statSync(path).size / 2 ** 20).toFixed(0)} MiB, ${runs} runs each...`);
  readWhole(path); // page cache warm, as for every other measurement here
  let inspect: { data_schema: { total_rows: number } } | undefined;
  const firstInspect = await timed(async () => {
    inspect = await api("inspect", { source: path });
  });
  if (inspect?.data_schema.total_rows !== rows) throw new Error(`inspect counted ${inspect?.data_schema.total_rows}`);
  const whole = await series(() => readWhole(path));
  const inspectMs = await series(() => api("inspect", { source: path }));
  const previewMs = await series(() => api("preview", { source: path, options: { max_rows: 100 } }));
  const offsetMs = await series(() => api("preview", { source: path, options: { max_rows: 100, offset: rows / 2 } }));
  const duckCount = await series(() => duck.runAndReadAll(`select count(*) from ${reader}('${path}')`));
  const duckOffset = await series(() =>
    duck.runAndReadAll(`select * from ${reader}('${path}') limit 100 offset ${rows / 2}`),
  );
  table.push(
    `| ${label}: read the whole file once (baseline) | ${fmt(whole)} | 1.00 |`,
    `| ${label}: first POST /datasource/inspect (schema + count) | ${fmt(firstInspect)} | ${(firstInspect / whole).toFixed(3)} |`,
    `| ${label}: inspect again (count remembered) | ${fmt(inspectMs)} | ${(inspectMs / whole).toFixed(3)} |`,
    `| ${label}: POST /datasource/preview, 100 rows | ${fmt(previewMs)} | ${(previewMs / whole).toFixed(3)} |`,
    `| ${label}: preview, 100 rows at offset ${(rows / 2).toLocaleString()} | ${fmt(offsetMs)} | ${(offsetMs / whole).toFixed(3)} |`,
    `| ${label}: DuckDB count(*), in process | ${fmt(duckCount)} | ${(duckCount / whole).toFixed(3)} |`,
    `| ${label}: DuckDB 100 rows at the same offset, in process | ${fmt(duckOffset)} | ${(duckOffset / whole).toFixed(3)} |`,
  );
}
await server.stop();
console.log(`
| measurement (${rows.toLocaleString()} rows, medians of ${runs}) | time | / whole read |
|---|---|---|
${table.join("\n")}`);
