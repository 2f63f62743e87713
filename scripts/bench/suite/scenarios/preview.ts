/**
 * Preview latency (issue 20): the first 100 rows after a filter (`region == "north"`), asked
 * of a warm Server over HTTP (POST /api/workflow/tool/execute, as the designer does), on
 * the big sales table as CSV and as Parquet. Baseline: the same head-of-filter written by
 * hand in nodejs-polars, in a warm process of its own. Target: under 30 ms.
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

/** Input → Filter region == "north"; the preview is the filter's. */
export const filteredPreview = (source: string) => ({
  tool_id: "north",
  preview_limit: LIMIT,
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
      const weft: Contender = {
        subject: "weft",
        async once() {
          let body: { outputs: Record<string, { data: unknown[][]; row_count: number }> } | undefined;
          const ms = await timed(async () => {
            body = await server.post("workflow/tool/execute", filteredPreview(path));
          });
          const kept = body?.outputs["output-true"];
          const answer: Answer = { rows: kept?.row_count ?? 0, top: kept?.data ?? [] };
          return { sample: { ms, peakRssMb: enginePeakRssMb([polars.pid]) }, answer };
        },
      };
      results.push(...(await pairedRuns("preview", `${rowsLabel(data.rows)} rows, ${format}`, [hand, weft], runs)));
    }
    return results;
  } finally {
    polars.stop();
    await server.stop();
  }
}

if (import.meta.main) await runAlone(run, { rows: 200_000, runs: 10 });
