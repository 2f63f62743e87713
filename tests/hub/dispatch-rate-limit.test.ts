/**
 * The Server's rate limit does not throttle its own Hub (src/http/middleware/rate-limit.ts):
 * `weft all` over real HTTP with RATE_LIMIT_PER_MINUTE=5, where every execution is two
 * requests from the Hub's one address (execute, then preview_code for the run's
 * workflow.py). Before the Hub signed its dispatches, a burst of 50 had 36 refused with 429.
 * Now a burst of more executions than the limit all succeed with their code, while an
 * ordinary client from the same address is still refused past 5 a minute.
 */
import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/cli/config";
import { type RunningWeft, startWeft } from "../../src/cli/start";
import { createLogger } from "../../src/shared/logger";
import { TEST_PASSWORD } from "../helpers/api-scenario";
import { describeHub } from "../helpers/hub-db";
import { placed, wire } from "../helpers/hub-workflows";
import { waitUntil } from "../helpers/wait";

const LIMIT = 5;
/** More executions than the limit, two dispatches each. */
const EXECUTIONS = 8;

describeHub("a Hub's dispatches pass its Server's rate limit", (suite) => {
  let root: string;
  let weft: RunningWeft;
  let session = "";

  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  const hub = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const res = await fetch(new URL(`/api/v1${path}`, weft.url), {
      method,
      headers: {
        ...(session ? { Authorization: `Bearer ${session}` } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  };
  const ok = async (method: string, path: string, body?: unknown, status = 200) => {
    const answer = await hub(method, path, body);
    expect({ path, status: answer.status, body: answer.body }).toMatchObject({ status });
    return answer.body;
  };

  /** `weft all` on the suite's database, stopped in the test (before the suite drops the database). */
  const start = async () => {
    root = mkdtempSync(join(tmpdir(), "weft-dispatch-limit-"));
    const config = loadConfig({
      mode: "all",
      env: {
        HOME: root,
        WEFT_DATA_DIR: join(root, "data"),
        DATABASE_URL: suite.ctx().url,
        PORT: "0",
        WEFT_NO_BROWSER: "1",
        ENGINE_PROCESSES: "1",
        RATE_LIMIT_ENABLED: "true",
        RATE_LIMIT_PER_MINUTE: String(LIMIT),
      },
    });
    weft = await startWeft(config, createLogger({ level: "error" }));
  };
  const stop = async () => {
    await weft?.stop(2_000);
    rmSync(root, { recursive: true, force: true });
  };

  test("more executions than the limit all succeed; an ordinary client is refused past it", async () => {
    await start();
    try {
      await scenario();
    } finally {
      await stop();
    }
  }, 180_000);

  async function scenario() {
    session = (await ok("POST", "/auth/register", { username: "owner", password: TEST_PASSWORD }, 201)).token;
    const me = (await ok("GET", "/auth/me")).id;
    const folder = join(root, "files");
    mkdirSync(folder);
    writeFileSync(join(folder, "sales.csv"), "region,amount\nnorth,10\nsouth,20\n");
    const files = await ok("POST", "/connections", { name: "Files", type: "filesystem", path: folder }, 201);
    const group = await ok("POST", "/groups", { name: "Team" }, 201);
    const grants = await ok("POST", "/grant-groups", { name: "Team files" }, 201);
    await ok("POST", `/groups/${group.id}/members`, { user_id: me }, 201);
    await ok("POST", `/grant-groups/${grants.id}/connections/${files.id}`, undefined, 201);
    await ok("POST", `/groups/${group.id}/grant-groups/${grants.id}`, undefined, 201);
    const content = {
      meta: { workflow_id: "dispatch-limit", name: "Copy" },
      tools: [
        placed("in", "input", { source: join(folder, "sales.csv") }),
        placed("out", "output", { path: join(folder, "copy.csv") }, 300),
      ],
      wires: [wire("in", "out")],
    };
    const workflow = await ok("POST", "/workflows", { name: "Copy", content }, 201);

    const runs = await Promise.all(
      Array.from({ length: EXECUTIONS }, () => ok("POST", "/executions", { workflow_id: workflow.id }, 201)),
    );
    const ended = async () => {
      const states = await Promise.all(runs.map(async (r) => (await ok("GET", `/executions/${r.id}`)).status));
      return states.every((s) => s === "succeeded" || s === "failed") ? states : undefined;
    };
    await waitUntil(async () => (await ended()) !== undefined, `${EXECUTIONS} executions to end`, 120_000);
    const finished = await Promise.all(runs.map((r) => ok("GET", `/executions/${r.id}`)));
    expect(finished.map((r) => [r.status, r.error])).toEqual(runs.map(() => ["succeeded", null]));
    // The second dispatch of each (preview_code, the run's workflow.py) passed the limit too.
    for (const run of runs) {
      const { artifacts } = await ok("GET", `/executions/${run.id}/artifacts`);
      expect(artifacts.map((a: { kind: string }) => a.kind)).toContain("code");
    }

    // The same address without the Hub's signature: LIMIT requests, then 429. All LIMIT pass
    // only because none of the 2 × EXECUTIONS dispatches was counted in this address's budget.
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i <= LIMIT; i++) {
      const issued = await ok("POST", "/capabilities/token", {});
      const res = await fetch(new URL("/api/workflow/preview_code", issued.endpoint), {
        method: "POST",
        headers: { Authorization: `Bearer ${issued.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ workflow: content }),
      });
      statuses.push(res.status);
      refused = res;
      await res.text();
    }
    expect(statuses).toEqual([...Array.from({ length: LIMIT }, () => 200), 429]);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  }
});
