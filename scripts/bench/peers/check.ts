/**
 * Checks the peers on their own at a small size: every peer on every pipeline scenario, each
 * run in its own process, printing median time, min-max and peak RSS, and whether the answers
 * agree with each other (the first peer that ran is the reference). Exits non-zero when an
 * answer differs or a peer fails for another reason than being unavailable here.
 *
 *   bun scripts/bench/peers/check.ts --rows 200000 --runs 3
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchData } from "../suite/data";
import type { Answer, PeerRun, Sample } from "../suite/types";
import { answerDifference } from "./answers";
import * as arquero from "./arquero";
import { PeerUnavailable } from "./child";
import * as duckdb from "./duckdb";
import * as pandas from "./pandas";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const rows = arg("rows", 200_000);
const runs = arg("runs", 3);

const peers: Record<string, Record<"P1" | "P2" | "P3", PeerRun>> = {
  duckdb: { P1: duckdb.p1, P2: duckdb.p2, P3: duckdb.p3 },
  pandas: { P1: pandas.p1, P2: pandas.p2, P3: pandas.p3 },
  arquero: { P1: arquero.p1, P2: arquero.p2, P3: arquero.p3 },
};

console.log(`seeded data: ${rows.toLocaleString()} sales rows, 100,000 customers (CSV and zstd Parquet; reused)...`);
const data = await benchData(rows);
const outDir = mkdtempSync(join(tmpdir(), "weft-peers-check-"));
try {
  const setup = await pandas.pandasSetup().catch((e: Error) => e);
  console.log(
    setup instanceof Error
      ? `pandas: unavailable (${setup.message})`
      : `pandas ${setup.pandasVersion} on ${setup.python}; Parquet: ${setup.parquetEngine ?? "none"}; apt installed: ${setup.installed.join(" ") || "nothing"}`,
  );
  let failed = false;
  for (const scenario of ["P1", "P2", "P3"] as const) {
    console.log(`\n${scenario}, ${runs} runs each (after one that checks the answer):`);
    let reference: { peer: string; answer: Answer } | undefined;
    for (const [peer, run] of Object.entries(peers)) {
      const line = await checkPeer(run[scenario], reference);
      console.log(`  ${peer.padEnd(8)} ${line.text}`);
      if (line.answer && reference === undefined) reference = { peer, answer: line.answer };
      failed ||= line.failed;
    }
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

async function checkPeer(
  run: PeerRun,
  reference: { peer: string; answer: Answer } | undefined,
): Promise<{ text: string; answer?: Answer; failed: boolean }> {
  let first: Awaited<ReturnType<PeerRun>>;
  try {
    first = await run(data, outDir);
  } catch (error) {
    const unavailable = error instanceof PeerUnavailable;
    return { text: `${unavailable ? "unavailable" : "FAILED"}: ${(error as Error).message}`, failed: !unavailable };
  }
  const difference = reference && answerDifference(reference.answer, first.answer);
  if (difference) return { text: `WRONG ANSWER against ${reference.peer}: ${difference}`, failed: true };
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) samples.push((await run(data, outDir)).sample);
  const agreement = reference ? `agrees with ${reference.peer}` : `reference answer (${first.answer.rows} rows)`;
  const note = first.note ? `; note: ${first.note}` : "";
  return { text: `${summary(samples)}  ${agreement}${note}`, answer: first.answer, failed: false };
}

function summary(samples: Sample[]): string {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const rss = Math.max(...samples.map((s) => s.peakRssMb ?? 0));
  const median = ms[Math.floor(ms.length / 2)] ?? Number.NaN;
  const range = `${(ms[0] ?? 0).toFixed(0)}-${(ms.at(-1) ?? 0).toFixed(0)}`;
  return `${median.toFixed(0).padStart(6)} ms (${range})  peak ${rss.toFixed(0).padStart(4)} MiB`;
}
