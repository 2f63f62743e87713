/**
 * Profile (issue 20): every metric of every column of the big sales table over its full
 * data, through a warm Server (POST /api/workflow/tool/profile on its Input tool, what the
 * designer's profile panel asks), from CSV and from Parquet. Baseline: the same statistics
 * written by hand in nodejs-polars (latency/hand-profile.ts) in a warm process. Target:
 * within 1.5x of the hand-written time. Checked first: the row count, and per column its
 * count, null count, distinct count and most frequent value.
 *
 *   bun scripts/bench/suite/scenarios/profile.ts [--rows 200000 --runs 5]
 */
import { startDataServer } from "../latency/data-server";
import { type Contender, pairedRuns, rowsLabel } from "../latency/paired-runs";
import { enginePeakRssMb } from "../latency/peak-rss";
import { startPolarsProcess } from "../latency/polars-process";
import { runAlone } from "../latency/standalone";
import { timed } from "../latency/timing";
import type { Answer, BenchData, Result } from "../types";

interface ProfileBody {
  row_count: number;
  columns: Record<string, { count: number; null_count: number; unique_count: number; top_values: unknown[][] }>;
}

const profileRequest = (source: string) => ({
  tool_id: "sales",
  workflow: {
    meta: { workflow_id: "bench-profile" },
    tools: [{ id: "sales", type: "input", config: { source } }],
    wires: [],
  },
});

/** What the check compares, in hand-profile.ts' shape. */
export const answerOf = (body: ProfileBody): Answer => ({
  rows: body.row_count,
  top: Object.entries(body.columns).map(([name, c]) => [
    name,
    c.count,
    c.null_count,
    c.unique_count,
    ...(c.top_values[0] ?? [null, 0]),
  ]),
});

export async function run({ data, runs }: { data: BenchData; runs: number }): Promise<Result[]> {
  const polars = await startPolarsProcess();
  const server = await startDataServer("profile", data);
  try {
    const results: Result[] = [];
    for (const [format, path] of [
      ["CSV", data.salesCsv],
      ["Parquet", data.salesParquet],
    ] as const) {
      const hand: Contender = {
        subject: "polars",
        async once() {
          const { ms, answer, peakRssMb } = await polars.run({ kind: "profile", path });
          return { sample: { ms, peakRssMb }, answer };
        },
      };
      const weft: Contender = {
        subject: "weft",
        async once() {
          let body: ProfileBody | undefined;
          const ms = await timed(async () => {
            body = await server.post("workflow/tool/profile", profileRequest(path));
          });
          const answer = body ? answerOf(body) : { rows: -1, top: [] };
          return { sample: { ms, peakRssMb: enginePeakRssMb([polars.pid]) }, answer };
        },
      };
      const variant = `${rowsLabel(data.rows)} rows, ${format}, every column`;
      results.push(...(await pairedRuns("profile", variant, [hand, weft], runs, 1)));
    }
    return results;
  } finally {
    polars.stop();
    await server.stop();
  }
}

if (import.meta.main) await runAlone(run, { rows: 200_000, runs: 5 });
