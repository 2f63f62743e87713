import { join } from "node:path";
import { startBenchServer } from "./bench-server";
import { benchData } from "./suite/data";
import { startHandwritten } from "./suite/handwritten-subject";
import { weftWorkflow } from "./suite/pipelines";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const rows = arg("rows", 5_000_000);
const runs = arg("runs", 7);
const previews = arg("previews", 30);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const fmt = (ms: number) => `${ms.toFixed(ms < 100 ? 1 : 0)} ms`;

console.log(
  `generating ${rows.toLocaleString()} sales rows and 100,000 customers, CSV and Parquet (seeded; reused when present)...`,
);
const data = await benchData(rows);
const server = await startBenchServer("engine", [data.dir]);
// The same Server with CACHE_ENABLED=false, for the full run without a cache.
const { work } = server;
const uncached = await startBenchServer("engine-off", [data.dir, work], { CACHE_ENABLED: "false" });
const api = (path: string, body: unknown) => server.post(`workflow/${path}`, body);

const wire = (source: string, target: string, source_socket = "output", target_socket = "input") => ({
  source,
  source_socket,
  target,
  target_socket,
});
// P1 of `npm run bench` (suite/pipelines.ts): sales ─► qty > 5 ─► join customers ─► summarize ─► sort ─► Parquet.
const pipeline = weftWorkflow("P1", data, join(work, "engine.parquet"));

// The hand-written baseline in its own warm process.
const baseline = await startHandwritten();
const handWritten = async () => (await baseline.run("P1", data, join(work, "hand.parquet"))).ms;

const timed = async (fn: () => Promise<unknown>) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

console.log(`pipeline, ${runs} paired runs (after one warm-up each)...`);
await handWritten();
await api("execute", { workflow: pipeline, force_refresh: true });
await uncached.post("workflow/execute", { workflow: pipeline });
const pairs: { hand: number; engine: number; off: number }[] = [];
const cachedRuns: number[] = [];
for (let i = 0; i < runs; i++) {
  const hand = await handWritten();
  const engine = await timed(() => api("execute", { workflow: pipeline, force_refresh: true }));
  cachedRuns.push(await timed(() => api("execute", { workflow: pipeline })));
  const off = await timed(() => uncached.post("workflow/execute", { workflow: pipeline }));
  pairs.push({ hand, engine, off });
}
const check = await api("execute", { workflow: pipeline });
const sortMetric = check.metrics.tools.find((m: { tool_id: string }) => m.tool_id === "sort");

/*  sales ─► region == "north"   (tool/execute on the filter, 100 rows) */
const previewFlow = {
  meta: { workflow_id: "bench-preview" },
  tools: [
    { id: "sales", type: "input", config: { source: data.salesCsv } },
    { id: "north", type: "filter", config: { mode: "basic", column: "region", operator: "==", value: "north" } },
  ],
  wires: [wire("sales", "north")],
};
console.log(`100-row filtered preview, ${previews} requests...`);
await api("tool/execute", { tool_id: "north", workflow: previewFlow, preview_limit: 100 });
const previewTimes: number[] = [];
for (let i = 0; i < previews; i++)
  previewTimes.push(
    await timed(() => api("tool/execute", { tool_id: "north", workflow: previewFlow, preview_limit: 100 })),
  );

/*  sales ─► sort (cached) ─► sample first n   (n changes between requests) */
const downstream = (n: number) => ({
  meta: { workflow_id: "bench-downstream" },
  tools: [
    { id: "sales", type: "input", config: { source: data.salesCsv } },
    { id: "sorted", type: "sort", config: { by: [{ column: "price", descending: true }] } },
    { id: "top", type: "sample", config: { method: "first", n } },
  ],
  wires: [wire("sales", "sorted"), wire("sorted", "top")],
});
console.log("re-preview after a downstream change (the sort is computed once, then cached)...");
const firstSortPreview = await timed(() =>
  api("tool/execute", { tool_id: "top", workflow: downstream(10), preview_limit: 100 }),
);
const rePreviewTimes: number[] = [];
for (let i = 0; i < previews; i++) {
  const body = await api("tool/execute", { tool_id: "top", workflow: downstream(11 + i), preview_limit: 100 });
  rePreviewTimes.push(body.metrics.duration_ms);
  if (body.metrics.tools.find((m: { tool_id: string }) => m.tool_id === "sorted")?.cache !== "hit")
    throw new Error("the sort was not served from the cache");
}
const rePreviewWall: number[] = [];
for (let i = 0; i < previews; i++)
  rePreviewWall.push(
    await timed(() => api("tool/execute", { tool_id: "top", workflow: downstream(50 + i), preview_limit: 100 })),
  );

baseline.stop();
await Promise.all([server.stop(), uncached.stop()]);

const hand = median(pairs.map((p) => p.hand));
const engine = median(pairs.map((p) => p.engine));
const ratio = median(pairs.map((p) => p.engine / p.hand));
const off = median(pairs.map((p) => p.off));
const offRatio = median(pairs.map((p) => p.off / p.hand));
const preview = median(previewTimes);
const rePreview = median(rePreviewWall);
const verdict = (ok: boolean) => (ok ? "meets target" : "MISSES target");
console.log(`
| measurement (${rows.toLocaleString()} rows, medians) | value | target |
|---|---|---|
| hand-written nodejs-polars streaming pipeline | ${fmt(hand)} | baseline |
| same pipeline via /api/workflow/execute (cold cache) | ${fmt(engine)} | |
| engine / hand-written, paired | ${ratio.toFixed(3)}x | ≤ 1.10x: ${verdict(ratio <= 1.1)} |
| same pipeline with CACHE_ENABLED=false | ${fmt(off)} | |
| cache off / hand-written, paired | ${offRatio.toFixed(3)}x | ≤ 1.10x: ${verdict(offRatio <= 1.1)} |
| cached re-run via /api/workflow/execute | ${fmt(median(cachedRuns))} (sort: ${sortMetric?.cache}) | |
| 100-row filtered preview via /api/workflow/tool/execute | ${fmt(preview)} | < 50 ms: ${verdict(preview < 50)} |
| first preview below a 5M-row sort (computes and caches it) | ${fmt(firstSortPreview)} | |
| re-preview after a downstream change (HTTP round trip) | ${fmt(rePreview)} | < 20 ms: ${verdict(rePreview < 20)} |
| the same, engine time only (metrics.duration_ms) | ${fmt(median(rePreviewTimes))} | |
`);
process.exit(0);
