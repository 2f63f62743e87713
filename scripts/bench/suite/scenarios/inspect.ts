/**
 * Inspect latency (issue 20): a file's schema and row count through a warm Server
 * (POST /api/datasource/inspect, what the Input tool asks when a file is chosen), for the
 * big sales table as CSV and as Parquet. Baseline: the same written by hand in nodejs-polars
 * (an empty collect for the columns, a streaming `len()` for the count) in a warm process.
 * Target: Parquet under 20 ms.
 *
 * Parquet's count comes from its footer. A CSV must be read whole to be counted, and the
 * engine remembers the count while the file is unchanged (engine/datasource.ts RowCounts),
 * so CSV is measured twice: as an analyst re-opening the same file sees it, and with the
 * file's modification time moved before each run (outside the timing), so every inspect
 * counts again as the hand-written code always does.
 *
 *   bun scripts/bench/suite/scenarios/inspect.ts [--rows 200000 --runs 5]
 */
import { statSync, utimesSync } from "node:fs";
import type { BenchServer } from "../../bench-server";
import { startDataServer } from "../latency/data-server";
import { type Contender, pairedRuns, rowsLabel } from "../latency/paired-runs";
import { enginePeakRssMb } from "../latency/peak-rss";
import { type PolarsProcess, startPolarsProcess } from "../latency/polars-process";
import { runAlone } from "../latency/standalone";
import { timed } from "../latency/timing";
import type { BenchData, Result } from "../types";

interface InspectBody {
  data_schema: { columns: { name: string }[]; total_rows: number };
}

function contenders(server: BenchServer, polars: PolarsProcess, path: string, touch: boolean): Contender[] {
  return [
    {
      subject: "polars",
      async once() {
        const { ms, answer, peakRssMb } = await polars.run({ kind: "inspect", path });
        return { sample: { ms, peakRssMb }, answer };
      },
    },
    {
      subject: "weft",
      async once() {
        if (touch) {
          // A second later than it was: a time no engine process has seen with this file.
          const at = new Date(statSync(path).mtimeMs + 1000);
          utimesSync(path, at, at);
        }
        let body: InspectBody | undefined;
        const ms = await timed(async () => {
          body = await server.post("datasource/inspect", { source: path });
        });
        const answer = {
          rows: body?.data_schema.total_rows ?? -1,
          top: [body?.data_schema.columns.map((c) => c.name) ?? []],
        };
        return { sample: { ms, peakRssMb: enginePeakRssMb([polars.pid]) }, answer };
      },
    },
  ];
}

export async function run({ data, runs }: { data: BenchData; runs: number }): Promise<Result[]> {
  const polars = await startPolarsProcess();
  const server = await startDataServer("inspect", data);
  const rows = rowsLabel(data.rows);
  try {
    return [
      ...(await pairedRuns(
        "inspect",
        `${rows} rows, Parquet`,
        contenders(server, polars, data.salesParquet, false),
        runs,
      )),
      ...(await pairedRuns("inspect", `${rows} rows, CSV`, contenders(server, polars, data.salesCsv, false), runs)),
      ...(await pairedRuns(
        "inspect",
        `${rows} rows, CSV changed before each run (counted again)`,
        contenders(server, polars, data.salesCsv, true),
        runs,
      )),
    ];
  } finally {
    polars.stop();
    await server.stop();
  }
}

if (import.meta.main) await runAlone(run, { rows: 200_000, runs: 10 });
