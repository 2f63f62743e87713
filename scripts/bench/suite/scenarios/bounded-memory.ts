/**
 * Bounded memory mode against the default, on P1 (CSV → filter → join → summarize → sort →
 * Parquet) through a real Server's `/api/workflow/execute`: wall time of each run and the
 * peak resident size of the engine process that did it (VmHWM, reset before each run through
 * /proc/<pid>/clear_refs; the largest of the Server's engine processes). Runs are paired, the
 * two modes alternating which goes first, on one Server with one engine process per mode. Both modes must write the same answer before a time
 * counts. Alone: `bun scripts/bench/suite/scenarios/bounded-memory.ts --rows 1000000 --runs 5`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pl from "nodejs-polars";
import { type BenchServer, startBenchServer } from "../../bench-server";
import { salesData } from "../../sales-data";
import { peakOfBusiest, peakRssMb, resetPeakRss, rssMb } from "../measure";
import { weftWorkflow } from "../pipelines";
import type { Answer, BenchData, Result, Sample, Subject } from "../types";

type Mode = "default" | "bounded";
const SUBJECTS: Record<Mode, Subject> = { default: "weft", bounded: "weft-bounded" };

export async function run(ctx: { data: BenchData; runs: number }): Promise<Result[]> {
  const { data, runs } = ctx;
  const before = new Set(childPids());
  const server = await startBenchServer("bounded", [data.dir], { ENGINE_PROCESSES: "1" });
  const variant = `${rowsLabel(data.rows)} rows, CSV`;
  try {
    const samples: Record<Mode, Sample[]> = { default: [], bounded: [] };
    const answers: Partial<Record<Mode, Answer>> = {};
    // One warm-up each: the executor's code loaded, the files in the page cache.
    for (const mode of ["default", "bounded"] as const) answers[mode] = (await once(server, data, mode, before)).answer;
    const wrong = !sameAnswer(answers.bounded, answers.default);
    if (!wrong) {
      for (let i = 0; i < runs; i++) {
        const order: Mode[] = i % 2 === 0 ? ["default", "bounded"] : ["bounded", "default"];
        for (const mode of order) samples[mode].push((await once(server, data, mode, before)).sample);
      }
    }
    return (["default", "bounded"] as const).map((mode) => ({
      scenario: "P1-memory",
      variant,
      subject: SUBJECTS[mode],
      status: wrong && mode === "bounded" ? "wrong-answer" : "ok",
      note: wrong
        ? `bounded wrote ${JSON.stringify(answers.bounded)}, default ${JSON.stringify(answers.default)}`
        : undefined,
      samples: samples[mode],
    }));
  } finally {
    await server.stop();
  }
}

/** One full run in `mode`: its wall time, the engine process's peak, and what it wrote. */
async function once(
  server: BenchServer,
  data: BenchData,
  mode: Mode,
  notMine: Set<number>,
): Promise<{ sample: Sample; answer: Answer }> {
  const out = join(server.work, `p1-${mode}.parquet`);
  const workflow = weftWorkflow("P1", data, out, { memory: mode });
  // The Server's engine processes: its default one, and the bounded one it starts for the
  // first bounded run (src/engine/executor/executor-env.ts); the run's is the one that grew.
  const pids = childPids().filter((p) => !notMine.has(p));
  const starts = pids.map((pid) => {
    resetPeakRss(pid);
    return rssMb(pid);
  });
  const started = performance.now();
  const body = await server.post("workflow/execute", { workflow, force_refresh: true });
  const ms = performance.now() - started;
  if (body.metrics.memory_mode !== mode) throw new Error(`ran in ${body.metrics.memory_mode}, not ${mode}`);
  const peak = peakOfBusiest(pids.map((pid, i) => ({ startMb: starts[i], peakMb: peakRssMb(pid) })));
  const peakMb = peak === undefined ? undefined : Math.round(peak * 10) / 10;
  return { sample: { ms, peakRssMb: peakMb }, answer: answerOf(out) };
}

/**
 * Equal answers; floats to 1e-9 relative, since a mean summed over other morsel boundaries
 * (the parts of a bounded read) may differ in its last bits.
 */
export function sameAnswer(a: Answer | undefined, b: Answer | undefined): boolean {
  if (!a || !b || a.rows !== b.rows || a.top.length !== b.top.length) return false;
  const same = (x: unknown, y: unknown) =>
    typeof x === "number" && typeof y === "number"
      ? x === y || Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(x), Math.abs(y))
      : x === y;
  return a.top.every((row, i) => {
    const other = b.top[i] as unknown[];
    return row.length === other.length && row.every((value, j) => same(value, other[j]));
  });
}

function answerOf(path: string): Answer {
  const frame = pl.readParquet(path);
  return { rows: frame.height, top: frame.head(5).rows() as unknown[][] };
}

/** This process's children (the Servers' engine processes among them). */
function childPids(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) === process.pid;
      } catch {
        return false;
      }
    });
}

const rowsLabel = (rows: number) =>
  rows >= 1_000_000 && rows % 1_000_000 === 0 ? `${rows / 1_000_000}M` : rows >= 1000 ? `${rows / 1000}k` : `${rows}`;

/** The seeded sales data of scripts/bench/sales-data.ts, with Parquet copies made once. */
async function benchData(rows: number): Promise<BenchData> {
  const sales = await salesData(rows, 100_000);
  const parquet = (csv: string) => {
    const path = csv.replace(/\.csv$/, ".parquet");
    if (!existsSync(path)) pl.scanCSV(csv).sinkParquet(path, { compression: "zstd" }).collectSync();
    return path;
  };
  return {
    rows,
    dir: sales.dir,
    salesCsv: sales.sales,
    salesParquet: parquet(sales.sales),
    customersCsv: sales.customers,
    customersParquet: parquet(sales.customers),
  };
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const arg = (name: string, fallback: number) => {
    const at = args.indexOf(`--${name}`);
    return at === -1 ? fallback : Number(args[at + 1]);
  };
  const rows = arg("rows", 1_000_000);
  const runs = arg("runs", 5);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  console.log(`P1 in both memory modes: ${rows.toLocaleString()} sales rows, ${runs} paired runs...`);
  const results = await run({ data: await benchData(rows), runs });
  const base = results.find((r) => r.subject === "weft");
  console.log("| subject | status | median ms | min-max ms | median peak MiB | time vs weft | peak vs weft |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of results) {
    const ms = r.samples.map((s) => s.ms);
    const peak = r.samples.flatMap((s) => (s.peakRssMb === undefined ? [] : [s.peakRssMb]));
    const vs = (xs: number[], ys: number[]) => (median(xs) / median(ys)).toFixed(2);
    const baseMs = base?.samples.map((s) => s.ms) ?? [];
    const basePeak = base?.samples.flatMap((s) => (s.peakRssMb === undefined ? [] : [s.peakRssMb])) ?? [];
    console.log(
      `| ${r.subject} | ${r.status}${r.note ? ` (${r.note})` : ""} | ${median(ms).toFixed(0)} | ${Math.min(...ms).toFixed(0)}-${Math.max(...ms).toFixed(0)} | ${median(peak).toFixed(0)} | ${vs(ms, baseMs)}x | ${vs(peak, basePeak)}x |`,
    );
  }
  process.exit(0);
}
