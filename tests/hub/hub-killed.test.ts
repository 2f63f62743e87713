import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hubAccounts, hubCall, weftProcesses } from "../helpers/hub-process";
import { placed, wire } from "../helpers/hub-workflows";
import type { StartedProcess } from "../helpers/process";
import { waitUntil } from "../helpers/wait";
import { countingQuery, SLOW_COUNT, writeCsv, writeEmptySqlite } from "../helpers/workflows";

/**
 * Issue 18's done-when: "A Hub SIGKILLed during a run restarts and marks that execution
 * failed within its first sweep; nothing else is lost." Real processes: a `weft hub` (SQLite
 * in its data directory, one replica) and a `weft server --auth-mode hub` registered to it.
 * A run that counts for hours (SQLite, through a Hub connection granted to the user) is
 * running on the Server when the Hub is SIGKILLed; the Server's engine frees up (the Hub's
 * request died with it), and a new Hub on the same data directory and port fails the run in
 * the sweep it makes at startup, while the account, the workflow and its revisions, the
 * earlier run and its artifacts, and the audit chain are all still there, and a new run works.
 */

const SECRET = "hub-killed-registration-secret-0123";
const PASSWORD = "a long enough password 42";

describe("a Hub SIGKILLed during a run", () => {
  const procs = weftProcesses();
  afterAll(() => procs.stopAll());

  test("its restart fails the run in its first sweep, and loses nothing else", async () => {
    const hubHome = procs.folder("weft-killed-hub-");
    const hubArgs = (port: number) => ["hub", "--port", String(port), "--hub-server-token", SECRET];
    // One replica on SQLite: keys and database live in the data directory the restart reuses.
    const hubEnv = { HOME: hubHome, WEFT_DATA_DIR: join(hubHome, "data"), SERVER_POLL_INTERVAL_SECONDS: "1" };
    let hub: StartedProcess = await procs.start(hubArgs(0), hubEnv);
    const port = Number(new URL(hub.origin).port);
    const origin = hub.origin;

    const serverHome = procs.folder("weft-killed-server-");
    const server = await procs.start(
      [
        "server",
        "--port",
        "0",
        "--data-dir",
        join(serverHome, "data"),
        "--auth-mode",
        "hub",
        "--hub-url",
        origin,
        "--hub-server-token",
        SECRET,
        "--server-name",
        "killed-hub-server",
      ],
      // The run's time limit bounds the Server's work should the disconnect go unseen.
      { HOME: serverHome, ENGINE_PROCESSES: "1", MAX_EXECUTION_TIME_SECONDS: "120" },
    );
    const engineBusy = async () =>
      ((await (await fetch(`${server.origin}/api/health/`)).json()) as { engine: { busy: number } }).engine.busy;

    const accounts = await hubAccounts(origin, { ana: "user" }, PASSWORD);
    const owner = accounts.owner?.token as string;
    const ana = accounts.ana?.token as string;
    await waitUntil(async () => {
      const { servers } = await hubCall(origin, "GET", "/servers", { token: owner });
      return servers[0]?.status === "online";
    }, "the Server online at the Hub");

    // ana is granted a folder (read and write) and an empty SQLite database in it.
    const folder = procs.folder("weft-killed-files-");
    const input = writeCsv(join(folder, "sales.csv"), ["region", "amount"], [["north", 10]]);
    const empty = writeEmptySqlite(join(folder, "empty.sqlite"));
    const files = await hubCall(origin, "POST", "/connections", {
      token: owner,
      body: { name: "files", type: "filesystem", path: folder },
    });
    const sqlite = await hubCall(origin, "POST", "/connections", {
      token: owner,
      body: { name: "counter", type: "database", db_type: "sqlite", database: empty },
    });
    const group = await hubCall(origin, "POST", "/groups", { token: owner, body: { name: "analysts" } });
    const grants = await hubCall(origin, "POST", "/grant-groups", { token: owner, body: { name: "analyst data" } });
    for (const id of [files.id, sqlite.id]) {
      await hubCall(origin, "POST", `/grant-groups/${grants.id}/connections/${id}`, { token: owner });
    }
    await hubCall(origin, "POST", `/groups/${group.id}/grant-groups/${grants.id}`, { token: owner });
    await hubCall(origin, "POST", `/groups/${group.id}/members`, { token: owner, body: { user_id: accounts.ana?.id } });

    // A workflow of two revisions: the second counts for hours (SQLite, one row at a time).
    const copy = {
      meta: { workflow_id: "killed", name: "Copy" },
      tools: [
        placed("in", "input", { source: input }),
        placed("out", "output", { path: join(folder, "copy.csv") }, 300),
      ],
      wires: [wire("in", "out")],
    };
    const workflow = await hubCall(origin, "POST", "/workflows", {
      token: ana,
      body: { name: "killed mid-run", content: copy },
    });
    const done = await hubCall(origin, "POST", "/executions", {
      token: ana,
      body: { workflow_id: workflow.id },
      status: 201,
    });
    const statusOf = async (id: string) => (await hubCall(origin, "GET", `/executions/${id}`, { token: ana })).status;
    await waitUntil(async () => (await statusOf(done.id)) === "succeeded", "the first run to succeed");
    expect(readFileSync(join(folder, "copy.csv"), "utf8")).toBe("region,amount\nnorth,10\n");

    const slow = {
      meta: { workflow_id: "killed", name: "Counts for hours" },
      tools: [
        placed("count", "input", { source_type: "sqlite", connection_id: sqlite.id, query: countingQuery(SLOW_COUNT) }),
        placed("out", "output", { path: join(folder, "never.csv") }, 300),
      ],
      wires: [wire("count", "out")],
    };
    await hubCall(origin, "PUT", `/workflows/${workflow.id}/content`, { token: ana, body: { content: slow } });
    const running = await hubCall(origin, "POST", "/executions", {
      token: ana,
      body: { workflow_id: workflow.id },
      status: 201,
    });
    expect(running.revision).toBe(2);
    await waitUntil(async () => (await statusOf(running.id)) === "running", "the slow run to be running");
    await waitUntil(async () => (await engineBusy()) > 0, "the Server's engine to be busy");

    // What must survive, read before the kill.
    const before = {
      users: (await hubCall(origin, "GET", "/users", { token: owner })).users,
      workflow: await hubCall(origin, "GET", `/workflows/${workflow.id}`, { token: ana }),
      revisions: await hubCall(origin, "GET", `/workflows/${workflow.id}/revisions`, { token: ana }),
      done: await hubCall(origin, "GET", `/executions/${done.id}`, { token: ana }),
      artifacts: await hubCall(origin, "GET", `/executions/${done.id}/artifacts`, { token: ana }),
      connections: (await hubCall(origin, "GET", "/connections", { token: owner })).connections,
    };
    expect(before.revisions.total).toBe(2);

    hub.proc.kill("SIGKILL");
    await hub.proc.exited;
    // The Hub's request died with it: the Server stops the work.
    await waitUntil(async () => (await engineBusy()) === 0, "the Server's engine to stop");

    // A new Hub on the same data directory and port (the Server's HUB_URL).
    hub = await procs.start(hubArgs(port), hubEnv);
    expect(hub.origin).toBe(origin);
    // Sessions live in the database: the old tokens still work.
    await waitUntil(async () => (await statusOf(running.id)) === "failed", "the first sweep to fail the run");
    const failed = await hubCall(origin, "GET", `/executions/${running.id}`, { token: ana });
    expect(failed.error).toContain("The Hub restarted while this run was running");
    expect(failed.finished_at).toEqual(expect.any(String));

    expect((await hubCall(origin, "GET", "/users", { token: owner })).users).toEqual(before.users);
    expect(await hubCall(origin, "GET", `/workflows/${workflow.id}`, { token: ana })).toEqual(before.workflow);
    expect(await hubCall(origin, "GET", `/workflows/${workflow.id}/revisions`, { token: ana })).toEqual(
      before.revisions,
    );
    expect(await hubCall(origin, "GET", `/executions/${done.id}`, { token: ana })).toEqual(before.done);
    expect(await hubCall(origin, "GET", `/executions/${done.id}/artifacts`, { token: ana })).toEqual(before.artifacts);
    expect((await hubCall(origin, "GET", "/connections", { token: owner })).connections).toEqual(before.connections);
    const verify = await hubCall(origin, "GET", "/audit/verify", { token: owner });
    expect(verify).toMatchObject({ valid: true });

    // The artifacts' files are still on disk, and the Hub runs again on the same Server.
    const code = before.artifacts.artifacts.find((a: { kind: string }) => a.kind === "code");
    const res = await fetch(`${origin}/api/v1/executions/${done.id}/artifacts/${code.id}`, {
      headers: { Authorization: `Bearer ${ana}` },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("import polars");
    const again = await hubCall(origin, "POST", "/executions", {
      token: ana,
      body: { workflow_id: workflow.id, revision: 1 },
      status: 201,
    });
    await waitUntil(async () => (await statusOf(again.id)) === "succeeded", "a run after the restart to succeed");
  }, 90_000);
});
