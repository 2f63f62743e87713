import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ExecutorPool } from "../../src/engine/executor/pool";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { waitUntil } from "../helpers/wait";
import { countingInput, countingMs, SLOW_COUNT, workflow, writeEmptySqlite } from "../helpers/workflows";

/*
 * Issue 14, item 1: a 200 KB body nesting 100,000 arrays made the executor's `send` throw a
 * RangeError (a 500, the executor busy for 300 s, the Server gone when jobs were queued).
 * Every JSON body is now refused at MAX_JSON_DEPTH (400) before a route parses it, and the
 * Server answers the next request.
 */

const DEEP = 100_000;
const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
/** The body: a workflow whose meta holds the deep array. */
const deepWorkflow = (n: number) =>
  `{"meta":{"workflow_id":"d","x":${deep(n)}},"tools":[{"id":"x","type":"input","config":{"source":"/nowhere.csv"}}],"wires":[]}`;

describe("JSON bodies nested past MAX_JSON_DEPTH", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { ENGINE_PROCESSES: "1", CONNECTION_ENCRYPTION_KEY: "k".repeat(32) } });
  });
  afterAll(() => t.close());

  const send = async (method: string, path: string, body: string) => {
    const res = await t.app.request(path, {
      method,
      headers: { ...bearer(t.token), "content-type": "application/json" },
      body,
    });
    return { status: res.status, body: (await res.json()) as { detail?: string; status?: string } };
  };

  // Each body wraps the 100,000 arrays in 1 to 3 objects.
  test.each([
    ["POST", "/api/workflow/execute", `{"workflow":${deepWorkflow(DEEP)}}`, "100,003"],
    ["POST", "/api/workflow/tool/execute", `{"tool_id":"x","workflow":${deepWorkflow(DEEP)}}`, "100,003"],
    ["POST", "/api/workflow/preview_all", `{"workflow":${deepWorkflow(DEEP)}}`, "100,003"],
    ["PUT", "/api/files/workflow", `{"path":"<home>/d.weft.json","workflow":${deepWorkflow(DEEP)}}`, "100,003"],
    ["POST", "/api/datasource/inspect", `{"source_type":"csv","config":${deep(DEEP)}}`, "100,001"],
    ["POST", "/api/connections/", `{"name":"c","type":"postgres","config":${deep(DEEP)}}`, "100,001"],
  ])("%s %s: 400 naming the limit, the setting and the depth sent", async (method, path, body, depth) => {
    expect(body.length).toBeGreaterThan(2 * DEEP);
    // Inside the allowed roots (HOME is the data directory), where saving it answered 500.
    const res = await send(method, path, body.replace("<home>", t.dataDir));
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(
      `The request body nests arrays and objects ${depth} levels deep, over the limit of 1,000 (setting MAX_JSON_DEPTH)`,
    );
    const health = await t.app.request("/api/health/");
    expect(((await health.json()) as { status: string }).status).toBe("ok");
  });

  test("a workflow file nested as deep is refused when opened, naming the file", async () => {
    const path = join(t.home, "deep.weft.json");
    writeFileSync(path, deepWorkflow(DEEP));
    const res = await t.app.request(`/api/files/workflow?path=${encodeURIComponent(path)}`, {
      headers: bearer(t.token),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      `"${path}" nests arrays and objects 100,002 levels deep, over the limit of 1,000 (setting MAX_JSON_DEPTH)`,
    );
  });

  test("a body at the limit is accepted, one level more is refused, and the Server answers after", async () => {
    // `{"workflow":{"meta":{"x": ...}}}`: three levels around the array.
    const atLimit = await send("POST", "/api/workflow/tool/execute", `{"tool_id":"x","workflow":${deepWorkflow(997)}}`);
    // Past the depth check, the request is planned and fails on its own terms (the file is missing).
    expect(atLimit.status).toBe(403);
    expect(atLimit.body.detail).toContain("/nowhere.csv");
    const over = await send("POST", "/api/workflow/tool/execute", `{"tool_id":"x","workflow":${deepWorkflow(998)}}`);
    expect(over.status).toBe(400);
    expect(over.body.detail).toContain("1,001 levels deep");
  });

  test("brackets inside strings do not count", async () => {
    const res = await send(
      "POST",
      "/api/workflow/tool/execute",
      `{"tool_id":"x","workflow":${deepWorkflow(1)}}`.replace('"d"', `"${"[".repeat(5000)}\\"{"`),
    );
    expect(res.body.detail ?? "").not.toContain("MAX_JSON_DEPTH");
  });
});

describe("health when no engine process can take work", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { ENGINE_PROCESSES: "1" } });
  });
  afterAll(() => t.close());

  const health = async () => {
    const res = await t.app.request("/api/health/");
    return { status: res.status, body: (await res.json()) as { status: string; message: string; engine: unknown } };
  };

  test("all executors busy: 200 with status degraded and the engine's state; ok again once one is free", async () => {
    const engine = t.engine as ExecutorPool;
    expect((await health()).body.status).toBe("ok");
    const db = writeEmptySqlite(join(t.home, "empty.db"));
    const request = (n: number) =>
      t.app.request("/api/workflow/tool/execute", {
        method: "POST",
        headers: { ...bearer(t.token), "content-type": "application/json" },
        body: JSON.stringify({ tool_id: "c", workflow: workflow(`w-busy-${n}`, [countingInput("c", db, n)]) }),
      });
    // Hours of counting on any machine: busy until killed, and a quick one waits behind it.
    expect(countingMs(SLOW_COUNT)).toBeGreaterThan(300_000);
    const running = request(SLOW_COUNT);
    await waitUntil(() => engine.stats().busy === 1, "the first request to start");
    const waiting = request(3);
    await waitUntil(() => engine.stats().queued === 1, "the second request to queue");
    const busy = await health();
    expect(busy.status).toBe(200);
    expect(busy.body.status).toBe("degraded");
    expect(busy.body.engine).toEqual({ executors: 1, ready: 0, busy: 1, starting: 0, queued: 1 });
    expect(busy.body.message).toContain("no engine process can take work now (1 of 1 busy, 1 requests waiting)");
    // The first run's process is killed: its request fails, the second runs on the replacement.
    process.kill(engine.stats().pids[0] as number, "SIGKILL");
    expect((await running).status).toBe(500);
    expect((await waiting).status).toBe(200);
    expect((await health()).body).toMatchObject({
      status: "ok",
      engine: { executors: 1, ready: 1, busy: 0, starting: 0, queued: 0 },
    });
    // Two engine starts, each seconds long on a busy machine.
  }, 90_000);
});
