/**
 * What a full run's row counting costs on the engine benchmark's pipeline (row-counts.ts):
 * sales → filter qty > 5 → inner join customers → summarize → sort → Parquet. The counts
 * query of the run counts the Input and the filter's rows, and the join's (which the run
 * streams into the summary without storing it); the summary's and the sort's come free from
 * the rows the Output wrote. Timed here, alternating, in one process: the pipeline's write,
 * the counts without the join, and with it. Frames are built by the tools themselves.
 *
 *   bun scripts/bench/row-counts.ts [--rows 5000000] [--runs 5]
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/cli/config";
import { countAll } from "../../src/engine/row-counts";
import { openWithinRoots } from "../../src/shared/open-within-roots";
import { TOOLS } from "../../src/tools/registry";
import { schemaOf } from "../../src/tools/schema-of";
import type { Frame, ToolContext } from "../../src/tools/types";
import { salesData } from "./sales-data";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const rows = arg("rows", 5_000_000);
const runs = arg("runs", 5);

const data = await salesData(rows, 100_000);
const limits = loadConfig({ mode: "server", env: { HOME: tmpdir() } }).server?.limits as ToolContext["limits"];
const ctx = (toolId: string): ToolContext => ({
  toolId,
  limits,
  schemaOf,
  resolvePath: (path) => path,
  locatePath: (path) => ({ path, root: undefined, readOnly: false }),
  openPath: (path, access) => openWithinRoots({ mode: "open", roots: [] }, path, access),
  sourceRows: "all",
  connection: () => {
    throw new Error("no connection");
  },
  signal: new AbortController().signal,
});
const build = (type: keyof typeof TOOLS, inputs: Record<string, Frame[]>, config: unknown) =>
  TOOLS[type].build(inputs, TOOLS[type].config.parse(config), ctx(type));

const sales = build("input", {}, { source: data.sales }).output as Frame;
const customers = build("input", {}, { source: data.customers }).output as Frame;
const big = build("filter", { input: [sales] }, { mode: "basic", column: "qty", operator: ">", value: 5 });
const joined = build(
  "join",
  { "input-left": [big["output-true"] as Frame], "input-right": [customers] },
  { how: "inner", left_on: ["customer_id"], right_on: ["customer_id"] },
);
const summary = build(
  "summarize",
  { input: [joined["output-match"] as Frame] },
  {
    group_by: ["segment", "product"],
    aggregations: [
      { column: "qty", function: "sum" },
      { column: "id", function: "count" },
      { column: "price", function: "mean" },
    ],
  },
);
const sorted = build("sort", { input: [summary.output as Frame] }, { by: [{ column: "qty_sum", descending: true }] });

const out = join(tmpdir(), "weft-bench-row-counts.parquet");
const timed = (fn: () => unknown) => {
  const started = performance.now();
  const result = fn();
  return { ms: performance.now() - started, result };
};
const write = () =>
  (sorted.output as Frame).sinkParquet(out, { compression: "zstd" }).collectSync({ engine: "streaming" } as never);
const queries = {
  "counts: Input and Filter": [sales, big["output-true"] as Frame],
  "counts: + the join": [sales, big["output-true"] as Frame, joined["output-match"] as Frame],
  "the join's count alone": [joined["output-match"] as Frame],
};
const times: Record<string, number[]> = { write: [] };
const counts: Record<string, unknown> = {};
write();
for (let i = 0; i < runs; i++) {
  times.write?.push(timed(write).ms);
  for (const [name, query] of Object.entries(queries)) {
    const counted = timed(() => countAll(query));
    times[name] = [...(times[name] ?? []), counted.ms];
    counts[name] = counted.result;
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(`${rows.toLocaleString()} sales rows, medians of ${runs}`);
for (const [name, xs] of Object.entries(times))
  console.log(`${name.padEnd(34)} ${median(xs).toFixed(0).padStart(6)} ms  ${counts[name] ?? ""}`);
