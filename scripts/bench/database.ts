/**
 * The database benchmark (issue 6). Makes a 2M-row, 6-column sales table in the test
 * PostgreSQL (and MariaDB when WEFT_TEST_MYSQL_URL is set; reused when present), starts a
 * real Server with one engine process, and times through the API:
 * - a 100-row preview of the Input tool alone (it reads only the rows shown; target < 1 s);
 * - a full read: the preview of a Summarize over the table, which reads every row into a
 *   frame and stores it in the cache, with the engine process's peak memory (VmHWM) before
 *   and after;
 * - the same preview again, served from the cache.
 * Baseline, measured in the same run: the database's own client reading every row into JS
 * arrays (Bun's SQL client, `.values()`), what a naive reader would do.
 *
 *   WEFT_TEST_PG_URL=postgres://... npm run bench:database [-- --rows 2000000 --runs 5]
 */

import { readdirSync, readFileSync } from "node:fs";
import { SQL } from "bun";
import { startBenchServer } from "./bench-server";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const rows = arg("rows", 2_000_000);
const runs = arg("runs", 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const fmt = (ms: number) => `${ms.toFixed(ms < 100 ? 1 : 0)} ms`;
const TABLE = "weft_bench_sales";

const targets = [
  { type: "postgresql", url: process.env.WEFT_TEST_PG_URL },
  { type: "mysql", url: process.env.WEFT_TEST_MYSQL_URL },
].filter((t): t is { type: string; url: string } => Boolean(t.url));
if (targets.length === 0) {
  console.error('Set WEFT_TEST_PG_URL (and WEFT_TEST_MYSQL_URL): eval "$(bash scripts/ci/services.sh)"');
  process.exit(2);
}

/** Creates the table unless it is there with `rows` rows. */
async function ensureTable(type: string, url: string): Promise<void> {
  const sql = new SQL({ url, max: 1 });
  try {
    const have = await sql
      .unsafe(`SELECT count(*) AS n FROM ${TABLE}`)
      .then((r) => Number(r[0].n))
      .catch(() => -1);
    if (have === rows) return;
    console.log(`${type}: creating ${TABLE} with ${rows.toLocaleString()} rows...`);
    await sql.unsafe(`DROP TABLE IF EXISTS ${TABLE}`);
    if (type === "postgresql") {
      await sql.unsafe(`CREATE TABLE ${TABLE} AS
        SELECT g AS id, (ARRAY['north','south','east','west'])[1 + g % 4] AS region,
               ((g * 7919) % 100000 / 100.0)::numeric(12,2) AS amount, (g % 50)::int AS qty,
               timestamptz '2024-01-01 00:00:00+00' + (g % 525600) * interval '1 minute' AS sold_at,
               (g % 3 = 0) AS returned
        FROM generate_series(1::bigint, ${rows}::bigint) AS g`);
    } else {
      await sql.unsafe(`CREATE TABLE ${TABLE} (id BIGINT, region VARCHAR(8), amount DECIMAL(12,2), qty INT,
        sold_at DATETIME(6), returned BOOLEAN)`);
      // MariaDB's sequence engine makes the rows without a round trip per row.
      await sql.unsafe(`INSERT INTO ${TABLE}
        SELECT seq, ELT(1 + seq % 4, 'north','south','east','west'), (seq * 7919) % 100000 / 100.0, seq % 50,
               TIMESTAMP '2024-01-01 00:00:00' + INTERVAL (seq % 525600) MINUTE, seq % 3 = 0
        FROM seq_1_to_${rows}`);
    }
  } finally {
    await sql.close();
  }
}

/** Peak and current resident memory (MiB) of this process's child processes: the engine. */
function engineMemory(): { peak: number; now: number } {
  let peak = 0;
  let now = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let status: string;
    try {
      status = readFileSync(`/proc/${pid}/status`, "utf8");
    } catch {
      continue;
    }
    if (Number(/PPid:\s+(\d+)/.exec(status)?.[1]) !== process.pid) continue;
    peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    now = Math.max(now, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  }
  return { peak, now };
}

const timed = async (fn: () => Promise<unknown>) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

const table: string[] = [];
for (const { type, url } of targets) {
  await ensureTable(type, url);
  const client = new SQL({ url, max: 1 });
  const baseline: number[] = [];
  for (let i = 0; i < Math.min(runs, 3); i++) {
    baseline.push(await timed(() => client.unsafe(`SELECT * FROM ${TABLE}`).values()));
  }
  await client.close();
  const base = median(baseline);

  const server = await startBenchServer(`db-${type}`, [], { ENGINE_PROCESSES: "1" });
  const input = { id: "in", type: "input", config: { source_type: type, connection: { uri: url }, table: TABLE } };
  const summarize = {
    id: "s",
    type: "summarize",
    config: { group_by: ["region"], aggregations: [{ column: "qty", function: "sum" }] },
  };
  const flow = (id: string) => ({
    meta: { workflow_id: id },
    tools: [input, summarize],
    wires: [{ source: "in", source_socket: "output", target: "s", target_socket: "input" }],
  });
  const preview = (workflow: unknown, toolId: string) =>
    server.post("workflow/tool/execute", { tool_id: toolId, workflow, preview_limit: 100 });

  const previews: number[] = [];
  for (let i = 0; i <= runs; i++) previews.push(await timed(() => preview(flow("bench-preview"), "in")));
  const previewMs = median(previews.slice(1));
  const before = engineMemory();
  const full: number[] = [];
  let answer: { metrics: { tools: { tool_id: string; rows?: number; cache: string }[] } } | undefined;
  for (let i = 0; i < Math.min(runs, 3); i++) {
    full.push(
      await timed(async () => {
        answer = await preview(flow(`bench-full-${i}`), "s");
      }),
    );
  }
  const read = answer?.metrics.tools.find((t) => t.tool_id === "in");
  if (read?.rows !== rows || read.cache !== "miss") throw new Error(`the full read gave ${JSON.stringify(read)}`);
  const after = engineMemory();
  const again: number[] = [];
  for (let i = 0; i < runs; i++) again.push(await timed(() => preview(flow("bench-full-0"), "s")));
  const cached = median(again);
  await server.stop();
  const fullMs = median(full);
  table.push(
    `| ${type}: client reads every row into JS arrays (baseline) | ${fmt(base)} | 1.00 | |`,
    `| ${type}: preview of the Input alone, 100 rows | ${fmt(previewMs)} | ${(previewMs / base).toFixed(3)} | |`,
    `| ${type}: full read into a frame + cache store (Summarize preview) | ${fmt(fullMs)} | ${(fullMs / base).toFixed(3)} | engine peak ${after.peak.toFixed(0)} MiB (was ${before.peak.toFixed(0)} MiB before the full reads) |`,
    `| ${type}: the same Summarize preview again, from the cache | ${fmt(cached)} | ${(cached / base).toFixed(3)} | |`,
  );
}
console.log(`
| measurement (${rows.toLocaleString()} rows x 6 columns, medians) | time | / baseline | memory |
|---|---|---|---|
${table.join("\n")}`);
