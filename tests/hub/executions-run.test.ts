import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sweepStaleExecutions } from "../../src/hub/background/execution-recovery";
import { HEARTBEAT_MS } from "../../src/hub/executions/runner";
import { stopExecutions } from "../../src/hub/executions/shutdown";
import { type HubTestApp, makeHubTestApp } from "../helpers/api-scenario";
import { describeHub } from "../helpers/hub-db";
import { createWorkflow, placed, wire } from "../helpers/hub-workflows";
import { manualEvery, readSse } from "../helpers/sse";
import { makeTestApp, type TestApp } from "../helpers/test-app";
import { waitUntil } from "../helpers/wait";
import { countingQuery, SLOW_COUNT, writeCsv, writeEmptySqlite } from "../helpers/workflows";

/*
 * The runner end to end against a REAL Server: an in-process Server app (AUTH_MODE disabled:
 * it accepts the capability token as any bearer) served on a loopback port and registered in
 * the Hub as an online Server. Every run here does its work on that Server's engine.
 */
describeHub("executions against a real Server", (suite) => {
  let server: TestApp;
  let http: ReturnType<typeof Bun.serve>;
  let hub: HubTestApp;
  const ticks = manualEvery();
  let csvWorkflow: string;
  let slowWorkflow: string;
  let outPath: string;

  const health = async () =>
    (await (await fetch(`http://127.0.0.1:${http.port}/api/health/`)).json()) as { engine: { busy: number } };
  const get = async (as: "user" | "auditor", path: string) => {
    const res = await hub.request(as, "GET", path);
    return {
      status: res.status,
      res,
      body: (await res
        .clone()
        .json()
        .catch(() => null)) as never,
    };
  };
  const statusOf = async (id: string) => ((await get("user", `/executions/${id}`)).body as { status: string }).status;
  const run = async (workflowId: string) => {
    const res = await hub.request("user", "POST", "/executions", { workflow_id: workflowId });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; status: string };
  };

  beforeAll(async () => {
    server = await makeTestApp({ env: { AUTH_MODE: "disabled" } });
    http = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: server.app.fetch });
    hub = await makeHubTestApp(suite.ctx(), { executions: { every: ticks.every } });
    const made = await hub.request("admin", "POST", "/servers", {
      name: "real-server",
      endpoint: `http://127.0.0.1:${http.port}`,
    });
    const serverId = ((await made.json()) as { id: string }).id;
    const refreshed = await hub.request("admin", "POST", `/servers/${serverId}/refresh`);
    expect(((await refreshed.json()) as { status: string }).status).toBe("online");

    const input = writeCsv(
      join(server.home, "sales.csv"),
      ["region", "amount"],
      [
        ["north", 10],
        ["south", 32],
      ],
    );
    outPath = join(server.home, "sales-out.csv");
    csvWorkflow = await createWorkflow(hub, "user", "csv", {
      meta: { workflow_id: "hub-run", name: "CSV in, file out" },
      tools: [placed("in", "input", { source: input }), placed("out", "output", { path: outPath }, 300)],
      wires: [wire("in", "out")],
    });
    // Slow by construction: SQLite counts one row at a time, for hours (tests/helpers/workflows.ts).
    const db = writeEmptySqlite(join(server.home, "empty.sqlite"));
    slowWorkflow = await createWorkflow(hub, "user", "slow", {
      meta: { workflow_id: "hub-slow", name: "Counts for hours" },
      tools: [
        placed("count", "input", {
          source_type: "sqlite",
          connection: { uri: db },
          query: countingQuery(SLOW_COUNT),
        }),
        placed("out", "output", { path: join(server.home, "never.csv") }, 300),
      ],
      wires: [wire("count", "out")],
    });
  });
  afterAll(async () => {
    http?.stop(true);
    await server?.close();
  });

  test("a run: SSE events in order, artifacts stored and downloadable, the output file written", async () => {
    const stream = readSse(await hub.request("user", "GET", "/executions/stream"));
    const created = await run(csvWorkflow);
    expect(created.status).toBe("queued");
    await waitUntil(async () => (await statusOf(created.id)) === "succeeded", "the run to succeed");
    await stream.until(
      (evs) => evs.some((e) => e.event === "execution.updated" && e.data.status === "succeeded"),
      "the succeeded event",
    );
    const mine = stream.events.filter((e) => e.data.execution_id === created.id);
    const kinds = mine.filter((e) => e.event !== "execution.log").map((e) => `${e.event}:${e.data.status}`);
    expect(kinds[0]).toBe("execution.created:queued");
    expect(kinds[1]).toBe("execution.updated:running");
    expect(kinds.at(-1)).toBe("execution.updated:succeeded");
    const tools = mine
      .filter((e) => e.event === "execution.tool")
      .map((e) => `${e.data.tool_id}:${e.data.tool_status}`);
    expect(tools).toEqual(["in:running", "in:success", "out:running", "out:success"]);
    // Ids increase, and every event says whose run it is.
    const ids = mine.map((e) => e.id as number);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(mine.every((e) => e.data.user_id === hub.accounts.user.user.id)).toBe(true);
    await stream.close();

    const detail = (await get("user", `/executions/${created.id}`)).body as Record<string, unknown>;
    expect(detail).toMatchObject({ status: "succeeded", error: null, workflow_id: csvWorkflow, revision: 1 });
    expect(detail.started_at).toEqual(expect.any(String));
    expect(detail.finished_at).toEqual(expect.any(String));
    expect(detail.result).toMatchObject({ written: [{ tool_id: "out", path: outPath, rows: 2 }] });

    const { artifacts } = (await get("user", `/executions/${created.id}/artifacts`)).body as {
      artifacts: { id: string; kind: string; name: string; sha256: string; size: number }[];
    };
    expect(artifacts.map((a) => a.kind).sort()).toEqual(["code", "connections", "log", "output", "plan", "preview"]);
    const download = async (kind: string) => {
      const artifact = artifacts.find((a) => a.kind === kind) as (typeof artifacts)[number];
      const res = await hub.request("user", "GET", `/executions/${created.id}/artifacts/${artifact.id}`);
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes.byteLength).toBe(artifact.size);
      expect(new Bun.CryptoHasher("sha256").update(bytes).digest("hex")).toBe(artifact.sha256);
      return { type: res.headers.get("content-type"), text: new TextDecoder().decode(bytes) };
    };
    const outputs = await download("output");
    expect(outputs.type).toStartWith("application/json");
    const files = JSON.parse(outputs.text).files as { path: string }[];
    expect(files.map((f) => f.path)).toEqual([outPath]);
    expect(
      readFileSync(files[0]?.path as string, "utf8")
        .trim()
        .split("\n"),
    ).toEqual(["region,amount", "north,10", "south,32"]);
    const code = await download("code");
    expect(code.type).toStartWith("text/x-python");
    expect(code.text).toContain("import polars");
    expect(JSON.parse((await download("preview")).text)).toHaveProperty("out");
    expect((await download("log")).text).toContain("tool out: success");
    expect(JSON.parse((await download("plan")).text)).toMatchObject({ order: ["in", "out"] });

    // The auditor-only views; a user is refused even their own run's.
    expect((await get("user", `/executions/${created.id}/code`)).status).toBe(403);
    const audited = (await get("auditor", `/executions/${created.id}/code`)).body as {
      entries: { details: { code: string } }[];
    };
    expect(audited.entries[0]?.details.code).toContain("import polars");
    const record = (await get("auditor", `/executions/${created.id}/record`)).body as { entries: { kind: string }[] };
    expect(record.entries.filter((e) => e.kind === "tool").length).toBeGreaterThanOrEqual(4);
  }, 60_000);

  test("identical content is stored once: a second run of the same revision adds no new plan file", async () => {
    const again = await run(csvWorkflow);
    await waitUntil(async () => (await statusOf(again.id)) === "succeeded", "the second run to succeed");
    const rows = await hub.deps.database.db.select().from(hub.deps.database.t.executionArtifacts);
    const plans = rows.filter((r) => r.kind === "plan");
    expect(plans.length).toBeGreaterThanOrEqual(2);
    expect(new Set(plans.map((p) => p.sha256)).size).toBe(1);
  }, 60_000);

  test("a run the Server refuses, and one whose tool fails mid-run, end failed with the Server's detail", async () => {
    const missing = await createWorkflow(hub, "user", "missing input", {
      meta: { workflow_id: "hub-missing", name: "Reads a file that is not there" },
      tools: [
        placed("in", "input", { source: join(server.home, "nope.csv") }),
        placed("out", "output", { path: join(server.home, "nope-out.csv") }, 300),
      ],
      wires: [wire("in", "out")],
    });
    const refused = await run(missing);
    await waitUntil(async () => (await statusOf(refused.id)) === "failed", "the refused run to fail");
    const refusedRow = (await get("user", `/executions/${refused.id}`)).body as { error: string; started_at: string };
    expect(refusedRow.error).toMatch(/^The Server refused the run \(404\): .*nope\.csv/);
    expect(refusedRow.started_at).toEqual(expect.any(String));

    const taken = writeCsv(join(server.home, "taken.csv"), ["a"], [[1]]);
    const broken = await createWorkflow(hub, "user", "taken output", {
      meta: { workflow_id: "hub-broken", name: "An Output whose file exists, told to fail then" },
      tools: [
        placed("in", "input", { source: join(server.home, "sales.csv") }),
        placed("out", "output", { path: taken, if_exists: "fail" }, 300),
      ],
      wires: [wire("in", "out")],
    });
    const failing = await run(broken);
    await waitUntil(async () => (await statusOf(failing.id)) === "failed", "the broken run to fail");
    const failedRow = (await get("user", `/executions/${failing.id}`)).body as { error: string };
    expect(failedRow.error).toContain("(Server status 400)");
    const tools = (await get("auditor", `/executions/${failing.id}/record`)).body as {
      entries: { tool_id: string; details: { status?: string } }[];
    };
    expect(tools.entries.filter((e) => e.tool_id === "out").map((e) => e.details.status)).toEqual(["running", "error"]);
    const { artifacts } = (await get("user", `/executions/${failing.id}/artifacts`)).body as {
      artifacts: { kind: string }[];
    };
    expect(artifacts.map((a) => a.kind).sort()).toEqual(["connections", "log", "plan"]);
  }, 60_000);

  test("cancel aborts the Server request and the Server's engine stops within 2 s", async () => {
    const created = await run(slowWorkflow);
    await waitUntil(async () => (await statusOf(created.id)) === "running", "the run to start");
    await waitUntil(async () => (await health()).engine.busy > 0, "the Server's engine to be busy");
    const res = await hub.request("user", "POST", `/executions/${created.id}/cancel`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "cancelled" });
    await waitUntil(async () => (await health()).engine.busy === 0, "the engine to stop", 2_000);
    await waitUntil(() => !hub.deps.executions.live.has(created.id), "the runner to end");
    expect(await statusOf(created.id)).toBe("cancelled");
    expect((await hub.request("user", "POST", `/executions/${created.id}/cancel`)).status).toBe(409);
  }, 60_000);

  test("a Hub killed mid-run: a new Hub on the same database fails the run in its first sweep", async () => {
    const created = await run(slowWorkflow);
    await waitUntil(async () => (await statusOf(created.id)) === "running", "the run to start");
    // The "killed" Hub's runner lives on unseen; a new Hub starts on the same database.
    const next = await makeHubTestApp(suite.ctx(), { withAccounts: false, executions: { every: manualEvery().every } });
    expect(await sweepStaleExecutions(next.deps, { startup: true })).toBe(1);
    const row = (await get("user", `/executions/${created.id}`)).body as { status: string; error: string };
    expect(row).toMatchObject({ status: "failed", error: expect.stringContaining("The Hub restarted") });
    // The old runner learns at its next heartbeat that the record is no longer its own, and
    // stops its Server request (so the Server's engine frees up).
    ticks.fire(HEARTBEAT_MS);
    await waitUntil(() => !hub.deps.executions.live.has(created.id), "the old runner to stop");
    await waitUntil(async () => (await health()).engine.busy === 0, "the engine to stop");
    expect(await statusOf(created.id)).toBe("failed");
  }, 60_000);

  test("heartbeats: each tick of the 15 s timer stamps the running record", async () => {
    const created = await run(slowWorkflow);
    await waitUntil(async () => (await statusOf(created.id)) === "running", "the run to start");
    const beatOf = async () => {
      const rows = await hub.deps.database.db.select().from(hub.deps.database.t.executions);
      return rows.find((r) => r.id === created.id)?.heartbeatAt?.getTime() ?? 0;
    };
    const first = await beatOf();
    await waitUntil(() => Date.now() > first, "the clock to pass the first beat");
    ticks.fire(HEARTBEAT_MS);
    await waitUntil(async () => (await beatOf()) > first, "the heartbeat to move");
    expect((await hub.request("user", "POST", `/executions/${created.id}/cancel`)).status).toBe(200);
    await waitUntil(() => !hub.deps.executions.live.has(created.id), "the runner to end");
  }, 60_000);

  // Last: the Hub's executions stop for good.
  test("shutdown cancels the runners (the Server stops the work) and closes their records as failed", async () => {
    const created = await run(slowWorkflow);
    await waitUntil(async () => (await statusOf(created.id)) === "running", "the run to start");
    await waitUntil(async () => (await health()).engine.busy > 0, "the Server's engine to be busy");
    await stopExecutions(hub.deps);
    expect(hub.deps.executions.live.size).toBe(0);
    const row = (await get("user", `/executions/${created.id}`)).body as { status: string; error: string };
    expect(row).toMatchObject({ status: "failed", error: expect.stringContaining("The Hub shut down") });
    await waitUntil(async () => (await health()).engine.busy === 0, "the engine to stop", 2_000);
    // No runner starts after it: a new run is closed by the next stop, never left queued.
    const late = await run(csvWorkflow);
    expect(hub.deps.executions.live.has(late.id)).toBe(false);
    await stopExecutions(hub.deps);
    expect(await statusOf(late.id)).toBe("failed");
  }, 60_000);
});
