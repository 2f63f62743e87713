/**
 * Hub throughput (issue 20): executions per second through `weft all` (the Hub and a Server in
 * hub mode in one process, SQLite, the default engine processes, the default settings: the
 * Server's rate limit on, 120 a minute per client, which counts the Hub's signed dispatches
 * apart, src/http/middleware/rate-limit.ts) for a tiny workflow (a 3-row CSV Input → an Output CSV). Set up through the Hub's API as a team would: the first account
 * (the owner), a filesystem connection granted to it, the workflow saved. Then each run fires
 * a batch of executions (POST /api/v1/executions) and waits, through the API, until all of
 * them succeeded. A sample is the batch's milliseconds per execution; executions/s is 1000
 * over it. Checked first: a run's result says its Output wrote the 3 rows.
 *
 *   bun scripts/bench/suite/scenarios/hub-executions.ts [--runs 5 --batch 50]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../../../src/cli/config";
import { startWeft } from "../../../../src/cli/start";
import { createLogger } from "../../../../src/shared/logger";
import { enginePeakRssMb } from "../latency/peak-rss";
import { runAlone } from "../latency/standalone";
import { timed } from "../latency/timing";
import type { BenchData, Result, Sample } from "../types";

const PASSWORD = "a long enough passphrase 42";
const at = process.argv.indexOf("--batch");
/** Executions fired together per timed run. */
const BATCH = at === -1 ? 50 : Number(process.argv[at + 1]);
/** How long a batch may take before the scenario gives up (not a timing: a hang guard). */
const BATCH_BOUND_MS = 300_000;

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Call = (method: string, path: string, body?: unknown) => Promise<any>;

function hubCaller(base: string, token?: string): Call {
  return async (method, path, body) => {
    const res = await fetch(new URL(`/api/v1${path}`, base), {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : {};
  };
}

/** Polls (every 20 ms) until `check` holds. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const bound = performance.now() + BATCH_BOUND_MS;
  while (!(await check())) {
    if (performance.now() > bound) throw new Error(`waited ${BATCH_BOUND_MS} ms for ${what}`);
    await Bun.sleep(20);
  }
}

/** The owner's API with `folder` granted to the owner, and the Server of `weft all` online. */
async function ownerWithFolder(url: string, folder: string): Promise<Call> {
  const anonymous = hubCaller(url);
  const { token } = await anonymous("POST", "/auth/register", { username: "owner", password: PASSWORD });
  const hub = hubCaller(url, token);
  const me = (await hub("GET", "/auth/me")).id;
  const files = await hub("POST", "/connections", { name: "Bench files", type: "filesystem", path: folder });
  const group = await hub("POST", "/groups", { name: "Bench" });
  const grants = await hub("POST", "/grant-groups", { name: "Bench files" });
  await hub("POST", `/groups/${group.id}/members`, { user_id: me });
  await hub("POST", `/grant-groups/${grants.id}/connections/${files.id}`);
  await hub("POST", `/groups/${group.id}/grant-groups/${grants.id}`);
  await until(async () => (await hub("GET", "/servers")).servers?.[0]?.status === "online", "the Server online");
  return hub;
}

export async function run({ runs }: { data: BenchData; runs: number }): Promise<Result[]> {
  const root = mkdtempSync(join(tmpdir(), "weft-bench-hub-executions-"));
  const files = join(root, "files");
  mkdirSync(files);
  writeFileSync(join(files, "sales.csv"), "region,amount\nnorth,10\nsouth,20\neast,30\n");
  const config = loadConfig({
    mode: "all",
    env: {
      HOME: root,
      WEFT_DATA_DIR: join(root, "data"),
      PORT: "0",
      WEFT_NO_BROWSER: "1",
      CONNECTION_ENCRYPTION_KEY: "weft-bench-key",
    },
  });
  const weft = await startWeft(config, createLogger({ level: "warn" }));
  const result: Result = {
    scenario: "hub-executions",
    variant: `batches of ${BATCH}, 3-row CSV copy, weft all (SQLite, rate limit on)`,
    subject: "weft",
    status: "ok",
    samples: [],
  };
  try {
    const hub = await ownerWithFolder(weft.url, files);
    const content = {
      meta: { workflow_id: "bench-hub-executions", name: "Tiny copy" },
      tools: [
        { id: "in", type: "input", config: { source: join(files, "sales.csv") }, position: { x: 0, y: 0 } },
        { id: "out", type: "output", config: { path: join(files, "copy.csv") }, position: { x: 300, y: 0 } },
      ],
      wires: [{ source: "in", source_socket: "output", target: "out", target_socket: "input" }],
    };
    const workflowId = (await hub("POST", "/workflows", { name: "Tiny copy", content })).id as string;
    const count = async (status: string) =>
      (await hub("GET", `/executions?workflow_id=${workflowId}&status=${status}&limit=1`)).total as number;
    let finished = 0;
    /** Fires `n` executions and waits until every one has ended; throws when one did not succeed. */
    const batch = async (n: number) => {
      await Promise.all(Array.from({ length: n }, () => hub("POST", "/executions", { workflow_id: workflowId })));
      finished += n;
      await until(async () => (await count("succeeded")) + (await count("failed")) >= finished, `${n} executions`);
      const failed = await count("failed");
      if (failed > 0) {
        const one = (await hub("GET", `/executions?workflow_id=${workflowId}&status=failed&limit=1`)).executions[0];
        throw new Error(`${failed} executions failed, e.g.: ${one?.error}`);
      }
    };
    // Warm-up, and the check: a run wrote the 3 rows.
    await batch(3);
    const one = (await hub("GET", `/executions?workflow_id=${workflowId}&limit=1`)).executions[0];
    const detail = JSON.stringify((await hub("GET", `/executions/${one.id}`)).result);
    if (!/"rows":3\b/.test(detail)) {
      return [
        {
          ...result,
          status: "wrong-answer",
          note: `a run's result does not say 3 rows written: ${detail.slice(0, 200)}`,
        },
      ];
    }
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++) {
      const ms = await timed(() => batch(BATCH));
      samples.push({ ms: ms / BATCH, peakRssMb: enginePeakRssMb() });
    }
    return [{ ...result, samples, note: executionsPerSecond(samples) }];
  } catch (err) {
    return [{ ...result, status: "unavailable", note: err instanceof Error ? err.message : String(err) }];
  } finally {
    await weft.stop(2_000);
    rmSync(root, { recursive: true, force: true });
  }
}

/** "38.2 executions/s (median)": the samples read as throughput. */
export function executionsPerSecond(samples: readonly Sample[]): string {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return median ? `${(1000 / median).toFixed(1)} executions/s (median)` : "no samples";
}

if (import.meta.main) await runAlone(run, { rows: 200_000, runs: 3 });
