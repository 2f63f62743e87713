/**
 * Re-preview latency (issue 20): the designer's preview after only the last tool changed,
 * below a blocking tool whose result is cached. Sales CSV → Sort by price (blocking: computed
 * by the first preview and cached) → Sample the first n rows; each request changes n only.
 * Measured per request: the HTTP round trip (POST /api/workflow/tool/execute) and the time
 * inside the engine (the answer's metrics.duration_ms, whole milliseconds). Target: under
 * 10 ms. Checked on every request: the sort came from the cache and the preview holds the
 * n highest prices in order.
 *
 *   bun scripts/bench/suite/scenarios/re-preview.ts [--rows 200000 --runs 20]
 */
import type { BenchServer } from "../../bench-server";
import { startDataServer } from "../latency/data-server";
import { rowsLabel } from "../latency/paired-runs";
import { enginePeakRssMb } from "../latency/peak-rss";
import { runAlone } from "../latency/standalone";
import { timed } from "../latency/timing";
import type { BenchData, Result, Sample } from "../types";

const wire = (source: string, target: string) => ({ source, source_socket: "output", target, target_socket: "input" });

const downstream = (source: string, n: number) => ({
  tool_id: "top",
  preview_limit: 100,
  workflow: {
    meta: { workflow_id: "bench-re-preview" },
    tools: [
      { id: "sales", type: "input", config: { source } },
      { id: "sorted", type: "sort", config: { by: [{ column: "price", descending: true }] } },
      { id: "top", type: "sample", config: { method: "first", n } },
    ],
    wires: [wire("sales", "sorted"), wire("sorted", "top")],
  },
});

/** At least this many timed requests: each takes milliseconds, and a few can fall on the writeback of the sort's cache file. */
const MIN_RUNS = 20;

interface PreviewBody {
  outputs: Record<string, { columns: { name: string }[]; data: unknown[][]; row_count: number }>;
  metrics: { duration_ms: number; tools: { tool_id: string; cache?: string }[] };
}

/** Why the answer to a preview of the first `n` is wrong; undefined when it is right. */
function wrongness(body: PreviewBody, n: number): string | undefined {
  if (body.metrics.tools.find((m) => m.tool_id === "sorted")?.cache !== "hit")
    return "the sort was not served from the cache";
  const out = Object.values(body.outputs)[0];
  if (!out || out.row_count !== Math.min(n, 100)) return `${out?.row_count} rows, expected ${Math.min(n, 100)}`;
  const price = out.columns.findIndex((c) => c.name === "price");
  const prices = out.data.map((row) => row[price] as number);
  if (prices.some((p, i) => i > 0 && p > (prices[i - 1] as number))) return "the rows are not by price, highest first";
  return undefined;
}

async function measure(server: BenchServer, source: string, runs: number) {
  const wall: Sample[] = [];
  const engine: Sample[] = [];
  // The first preview computes and caches the sort; the next ones warm the path.
  await server.post("workflow/tool/execute", downstream(source, 10));
  for (let i = 0; i < runs + 5; i++) {
    const n = 11 + i;
    let body: PreviewBody | undefined;
    const ms = await timed(async () => {
      body = await server.post("workflow/tool/execute", downstream(source, n));
    });
    const wrong = body ? wrongness(body, n) : "no answer";
    if (wrong) return { wrong };
    if (i < 5) continue;
    const peakRssMb = enginePeakRssMb();
    wall.push({ ms, peakRssMb });
    engine.push({ ms: body?.metrics.duration_ms ?? Number.NaN, peakRssMb });
  }
  return { wall, engine };
}

export async function run({ data, runs }: { data: BenchData; runs: number }): Promise<Result[]> {
  const server = await startDataServer("re-preview", data);
  try {
    const variant = `${rowsLabel(data.rows)} rows, CSV, sorted and cached`;
    const measured = await measure(server, data.salesCsv, Math.max(MIN_RUNS, runs));
    const result = (how: string, samples: Sample[]): Result => ({
      scenario: "re-preview",
      variant: `${variant}, ${how}`,
      subject: "weft",
      ...(measured.wrong ? { status: "wrong-answer", note: measured.wrong, samples: [] } : { status: "ok", samples }),
    });
    return [result("HTTP round trip", measured.wall ?? []), result("inside the engine", measured.engine ?? [])];
  } finally {
    await server.stop();
  }
}

if (import.meta.main) await runAlone(run, { rows: 200_000, runs: MIN_RUNS });
