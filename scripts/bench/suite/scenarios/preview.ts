/**
 * Preview latency (issue 20): the first 100 rows after a filter (`region == "north"`), asked
 * of a warm Server over HTTP (POST /api/workflow/tool/execute, as the designer does), on
 * the big sales table as CSV and as Parquet: the kept rows only (`socket_id`), and both
 * outputs (kept and dropped rows, the answer without `socket_id`). Baseline: the same
 * head-of-filter written by hand in nodejs-polars, in a warm process of its own. Target:
 * under 30 ms.
 *
 *   bun scripts/bench/suite/scenarios/preview.ts [--rows 200000 --runs 5]
 */
import { startDataServer } from "../latency/data-server";
import { type Contender, pairedRuns, rowsLabel } from "../latency/paired-runs";
import { enginePeakRssMb } from "../latency/peak-rss";
import { startPolarsProcess } from "../latency/polars-process";
import { runAlone } from "../latency/standalone";
import { timed } from "../latency/timing";
import type { Answer, BenchData, Result } from "../types";

const LIMIT = 100;

/**
 * Input → Filter region == "north"; the preview is the filter's kept rows (`socket_id`), or
 * with `both` its two outputs, as a request without `socket_id` answers (the dropped rows
 * are a second query).
 */
export const filteredPreview = (source: string, both = false) => ({
  tool_id: "north",
  preview_limit: LIMIT,
  ...(both ? {} : { socket_id: "output-true" }),
  workflow: {
    meta: { workflow_id: "bench-preview" },
    tools: [
      { id: "sales", type: "input", config: { source } },
      { id: "north", type: "filter", config: { mode: "basic", column: "region", operator: "==", value: "north" } },
    ],
    wires: [{ source: "sales", source_socket: "output", target: "north", target_socket: "input" }],
  },
});

export async function run({ data, runs }: { data: BenchData; runs: number }): Promise<Result[]> {
  const polars = await startPolarsProcess();
  const server = await startDataServer("preview", data);
  try {
    const results: Result[] = [];
    for (const [format, path] of [
      ["CSV", data.salesCsv],
      ["Parquet", data.salesParquet],
    ] as const) {
      const hand: Contender = {
        subject: "polars",
        async once() {
          const { ms, answer, peakRssMb } = await polars.run({
            kind: "preview",
            path,
            column: "region",
            value: "north",
            limit: LIMIT,
          });
          return { sample: { ms, peakRssMb }, answer };
        },
      };
      const weft = (both: boolean): Contender => ({
        subject: "weft",
        async once() {
          let body: { outputs: Record<string, { data: unknown[][]; row_count: number }> } | undefined;
          const ms = await timed(async () => {
            body = await server.post("workflow/tool/execute", filteredPreview(path, both));
          });
          const kept = body?.outputs["output-true"];
          const sockets = Object.keys(body?.outputs ?? {}).length;
          if (sockets !== (both ? 2 : 1)) throw new Error(`the preview answered ${sockets} outputs`);
          const answer: Answer = { rows: kept?.row_count ?? 0, top: kept?.data ?? [] };
          return { sample: { ms, peakRssMb: enginePeakRssMb([polars.pid]) }, answer };
        },
      });
      const variant = `${rowsLabel(data.rows)} rows, ${format}`;
      results.push(...(await pairedRuns("preview", variant, [hand, weft(false)], runs)));
      results.push(...(await pairedRuns("preview", `${variant}, kept and dropped rows`, [hand, weft(true)], runs)));
    }
    return results;
  } finally {
    polars.stop();
    await server.stop();
  }
}

if (import.meta.main) await runAlone(run, { rows: 200_000, runs: 10 });
