/**
 * The hub-mode benchmark (issue 17, item 3): what the Hub's authorization adds to a request.
 * Starts in this process, each on its own loopback port with its own data directory: a Hub
 * (SQLite, memory token store), a Server in hub mode registered with it, and a Server in
 * `server` mode (static token) as the baseline. Both Servers preview the same workflow (a
 * CSV Input of `--rows` rows and a Filter, 100 preview rows) in alternation, `--runs` times
 * after a warm-up. Reported: the median and 90th percentile of
 * - the preview in `server` mode;
 * - the preview in hub mode with a capability token issued beforehand (the Server's own
 *   cost: the preview plus one `/internal/authorize` round trip);
 * - the client's whole hub-mode request: `POST /capabilities/token` at the Hub, then the preview.
 *
 *   bun scripts/bench/hub-mode.ts [--rows 1000 --runs 200]
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/cli/config";
import { type RunningWeft, startWeft } from "../../src/cli/start";
import { createLogger } from "../../src/shared/logger";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const rows = arg("rows", 1000);
const runs = arg("runs", 200);
const SECRET = "bench-registration-secret-0123456789";
const PASSWORD = "a long enough passphrase 42";
const API_KEY = "bench-static-api-key-0123456789";

const work = mkdtempSync(join(tmpdir(), "weft-bench-hub-"));
const files = join(work, "files");
await Bun.write(
  join(files, "sales.csv"),
  `region,amount\n${Array.from({ length: rows }, (_, i) => `r${i % 7},${i}`).join("\n")}\n`,
);
const logger = createLogger({ level: "warn" });
const started: RunningWeft[] = [];
async function weft(mode: "hub" | "server", name: string, env: Record<string, string>): Promise<string> {
  const config = loadConfig({
    mode,
    env: {
      HOME: work,
      WEFT_DATA_DIR: join(work, name),
      PORT: "0",
      WEFT_NO_BROWSER: "1",
      ENGINE_PROCESSES: "1",
      ...env,
    },
  });
  const running = await startWeft(config, logger);
  started.push(running);
  return running.url.replace(/\/$/, "");
}

async function call(url: string, bearer: string | undefined, body?: unknown) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const hub = await weft("hub", "hub", { HUB_SERVER_TOKEN: SECRET });
const hubServer = await weft("server", "hub-server", {
  AUTH_MODE: "hub",
  HUB_URL: hub,
  HUB_SERVER_TOKEN: SECRET,
  SERVER_NAME: "bench",
});
const plain = await weft("server", "plain-server", { AUTH_MODE: "static", API_KEY, ALLOWED_FILE_PATHS: files });

// The Hub's side: an owner, the folder as a filesystem connection granted to one user.
const h = (path: string, bearer?: string, body?: unknown) => call(`${hub}/api/v1${path}`, bearer, body);
const owner = (await h("/auth/register", undefined, { username: "owner", password: PASSWORD })).token as string;
const connection = await h("/connections", owner, { name: "Bench files", type: "filesystem", path: files });
const group = await h("/groups", owner, { name: "Bench" });
const grants = await h("/grant-groups", owner, { name: "Bench data" });
await h(`/grant-groups/${grants.id}/connections/${connection.id}`, owner);
await h(`/groups/${group.id}/grant-groups/${grants.id}`, owner);
const user = await h("/users", owner, { username: "ana", password: PASSWORD, role: "user" });
await h(`/groups/${group.id}/members`, owner, { user_id: user.id });
const ana = (await h("/auth/login", undefined, { username: "ana", password: PASSWORD })).token as string;
for (let i = 0; ; i++) {
  const res = await fetch(`${hub}/api/v1/servers?name=bench`, { headers: { authorization: `Bearer ${owner}` } });
  const list = (await res.json()) as { servers: { status: string }[] };
  if (list.servers[0]?.status === "online") break;
  if (i > 1000) throw new Error("the hub-mode Server never came online");
  await Bun.sleep(10);
}

const preview = {
  tool_id: "f",
  preview_limit: 100,
  workflow: {
    meta: { workflow_id: "bench-hub-mode" },
    tools: [
      { id: "in", type: "input", config: { source: join(files, "sales.csv") } },
      { id: "f", type: "filter", config: { mode: "expression", expression: 'pl.col("amount") % 2 == 0' } },
    ],
    wires: [{ source: "in", source_socket: "output", target: "f", target_socket: "input" }],
  },
};
const token = async () => (await h("/capabilities/token", ana, {})).token as string;
const timed = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

const times = { server: [] as number[], hub: [] as number[], client: [] as number[] };
const once = async (record: boolean) => {
  const plainMs = await timed(() => call(`${plain}/api/workflow/tool/execute`, API_KEY, preview));
  const issued = await token();
  const hubMs = await timed(() => call(`${hubServer}/api/workflow/tool/execute`, issued, preview));
  const clientMs = await timed(async () => call(`${hubServer}/api/workflow/tool/execute`, await token(), preview));
  if (!record) return;
  times.server.push(plainMs);
  times.hub.push(hubMs);
  times.client.push(clientMs);
};
for (let i = 0; i < 10; i++) await once(false);
for (let i = 0; i < runs; i++) await once(true);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] as number;
const line = (label: string, xs: number[]) =>
  `| ${label} | ${pct(xs, 0.5).toFixed(1)} ms | ${pct(xs, 0.9).toFixed(1)} ms |`;
console.log(`${rows} CSV rows, preview of 100 through a Filter, ${runs} runs each (alternating)\n`);
console.log("| request | median | p90 |\n|---|---:|---:|");
console.log(line("preview, `server` mode (static token)", times.server));
console.log(line("preview, hub mode (token issued beforehand)", times.hub));
console.log(line("token + preview, hub mode (the client's whole cost)", times.client));
const overhead = pct(times.hub, 0.5) - pct(times.server, 0.5);
console.log(`\nhub-mode overhead at the median: ${overhead.toFixed(1)} ms (target: within 10 ms)`);

for (const s of started.reverse()) await s.stop();
rmSync(work, { recursive: true, force: true });
