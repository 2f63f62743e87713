import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import { ExecutorPool } from "../../src/engine/executor/pool";
import type { JobRequest } from "../../src/engine/job";
import type { ServerConfig } from "../../src/server/config";
import { engineSettings } from "../../src/server/engine-pool";
import { FeatureDisabledError, ToolConfigError } from "../../src/shared/errors";
import { createLogger } from "../../src/shared/logger";
import { bearer, callApi, makeTestApp, type TestApp } from "../helpers/test-app";
import { countingInput, SLOW_COUNT, workflow, writeCsv, writeEmptySqlite } from "../helpers/workflows";

type ErrorAnswer = { detail: string; error_id: string };

/** The answer's `error_id` is on an error line of the log (with `cause` in it) and on the request's audit line. */
async function expectErrorIdLogged(t: TestApp, body: ErrorAnswer, cause: string): Promise<void> {
  expect(body.error_id).toMatch(/^[0-9a-f]{12}$/);
  const logged = t.logs.find((l) => l.level === "error" && l.error_id === body.error_id);
  expect(logged).toBeDefined();
  expect(JSON.stringify(logged)).toContain(cause);
  await t.audit.flush();
  const day = new Date().toISOString().slice(0, 10);
  const audit = readFileSync(join(t.dataDir, "logs", `audit-${day}.jsonl`), "utf8");
  expect(audit).toContain(`"error_id":"${body.error_id}"`);
}

// Routes added for these tests only, through the same validator and error handler as real ones.
const echo = createRoute({
  method: "post",
  path: "/api/test/echo",
  request: {
    body: {
      content: { "application/json": { schema: z.object({ name: z.string(), rows: z.number().int().min(1) }) } },
    },
  },
  responses: { 200: { description: "echo" } },
});

describe("the error model", () => {
  let t: TestApp;
  const auth = () => bearer(t.token);
  const postEcho = (body: string) =>
    t.app.request("/api/test/echo", {
      method: "POST",
      headers: { ...auth(), "content-type": "application/json" },
      body,
    });
  beforeAll(async () => {
    t = await makeTestApp({ env: { MAX_REQUEST_BODY_MB: "0.01" } });
    t.app.openapi(echo, (c) => c.json(c.req.valid("json"), 200));
    t.app.get("/api/test/boom", () => {
      throw new Error("kaboom: a bug");
    });
    t.app.get("/api/test/tool", () => {
      throw new ToolConfigError("filter-1", "Tool filter-1: unknown column 'x'");
    });
    t.app.get("/api/test/disabled", () => {
      throw new FeatureDisabledError("Turned off by SOME_SETTING");
    });
    t.app.get("/api/test/tool-unnamed", () => {
      throw new ToolConfigError("sort_1", 'Unknown column "qq" in by (columns: a, b)');
    });
  });
  afterAll(() => t.close());

  test("a valid body passes", async () => {
    const res = await postEcho(JSON.stringify({ name: "a", rows: 2 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: "a", rows: 2 });
  });

  test("malformed JSON is a 400 with detail", async () => {
    const res = await postEcho('{"name": "a", rows:');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { detail: string };
    expect(body.detail).toMatch(/malformed json/i);
  });

  test("a body that does not fit the schema is a 400 naming the field", async () => {
    const res = await postEcho(JSON.stringify({ name: "a", rows: 0 }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/^rows: /);
  });

  test("an oversized body is a 413 with detail", async () => {
    const res = await postEcho(JSON.stringify({ name: "x".repeat(20_000), rows: 1 }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { detail: string }).detail).toContain("larger than");
  });

  test("a Weft error keeps its status and message and gets no error_id", async () => {
    const res = await t.app.request("/api/test/tool", { headers: auth() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: "Tool filter-1: unknown column 'x'" });
  });

  test("a tool's error that does not name its tool gets the name (the UI points at it)", async () => {
    const res = await t.app.request("/api/test/tool-unnamed", { headers: auth() });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'Tool "sort_1": Unknown column "qq" in by (columns: a, b)' });
  });

  test("an unexpected error is a 500 whose error_id is returned and logged", async () => {
    const res = await t.app.request("/api/test/boom", { headers: auth() });
    expect(res.status).toBe(500);
    const body = (await res.json()) as ErrorAnswer;
    expect(body.detail).toContain(body.error_id);
    expect(body.detail).not.toContain("kaboom");
    await expectErrorIdLogged(t, body, "kaboom: a bug");
  });

  test("a Weft error of status 500 or more keeps its message and gets a logged error_id too", async () => {
    const res = await t.app.request("/api/test/disabled", { headers: auth() });
    expect(res.status).toBe(503);
    const body = (await res.json()) as ErrorAnswer;
    expect(body.detail).toBe("Turned off by SOME_SETTING");
    await expectErrorIdLogged(t, body, "Turned off by SOME_SETTING");
  });

  test("an unknown API route is a JSON 404", async () => {
    const res = await t.app.request("/api/nothing/here", { headers: auth() });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "No route GET /api/nothing/here" });
    const post = await t.app.request("/somewhere", { method: "POST" });
    expect(post.status).toBe(404);
  });
});

describe("an engine process that dies during a run", () => {
  test("answers 500 with an error_id that is in the log and the audit line", async () => {
    const t = await makeTestApp({ env: { ENGINE_PROCESSES: "1", MAX_CROSS_JOIN_ROWS: "1000000000" } });
    try {
      mkdirSync(join(t.dataDir, "files"));
      // Hours of counting (tests/helpers/workflows.ts): the run is still going when its process is killed.
      const db = writeEmptySqlite(join(t.dataDir, "files", "empty.sqlite"));
      const answer = t.app.request("/api/workflow/tool/execute", {
        method: "POST",
        headers: { ...bearer(t.token), "content-type": "application/json" },
        body: JSON.stringify({ tool_id: "s", workflow: workflow("w-killed", [countingInput("s", db, SLOW_COUNT)]) }),
      });
      const engine = t.engine as NonNullable<TestApp["engine"]>;
      for (let i = 0; i < 1500 && engine.stats().busy === 0; i++) await Bun.sleep(20);
      expect(engine.stats().busy).toBe(1);
      process.kill(engine.stats().pids[0] as number, "SIGKILL");
      const res = await answer;
      expect(res.status).toBe(500);
      const body = (await res.json()) as ErrorAnswer;
      expect(body.detail).toContain("The engine process stopped unexpectedly (signal SIGKILL)");
      await expectErrorIdLogged(t, body, "stopped unexpectedly");
    } finally {
      await t.close();
    }
  }, 60_000);
});

/*
 * Errors are classified where they arise (issue 15): Polars refusing the data is the tool's
 * 422; a bug in Weft's own code stays a 500 with an error_id, across the executor process.
 *
 *   in (CSV: a = "1", "two") ─► sort (its builder has a bug: reads a property of undefined)
 *                            └► calc (a cast to Int64, strict: "two" is refused by Polars)
 */
describe("a tool's failure, through the engine's processes", () => {
  let t: TestApp;
  let broken: ExecutorPool;
  let source: string;
  const flow = () =>
    workflow(
      "w-classified",
      [
        { id: "in", type: "input", config: { source } },
        { id: "sort", type: "sort", config: { by: [{ column: "a" }] } },
        {
          id: "calc",
          type: "calculate",
          config: { columns: [{ name: "n", expression: 'pl.col("a").cast(pl.Int64, strict=True)' }] },
        },
      ],
      ["in -> sort", "in -> calc"],
    );
  beforeAll(async () => {
    t = await makeTestApp({ env: { ENGINE_PROCESSES: "1" } });
    mkdirSync(join(t.dataDir, "files"));
    source = writeCsv(join(t.dataDir, "files", "a.csv"), ["a"], [["1"], ["two"]]);
    // The real executor (child.ts, the engine, the pool's protocol) with one bug injected:
    // the Sort tool's builder reads a property of undefined, as a slip in Weft's code would.
    const script = join(t.home, "executor-with-a-bug.ts");
    const src = resolve(import.meta.dir, "..", "..", "src");
    await Bun.write(
      script,
      `import { TOOLS } from ${JSON.stringify(join(src, "tools", "registry"))};
       import { runExecutor } from ${JSON.stringify(join(src, "engine", "executor", "child"))};
       TOOLS.sort.build = (inputs, config) => ({ output: config.missing.first });
       runExecutor();`,
    );
    broken = new ExecutorPool({
      size: 1,
      settings: engineSettings(t.config.server as ServerConfig, t.dataDir),
      logger: createLogger({ level: "debug", sink: (line) => t.logs.push(JSON.parse(line)) }),
      timeoutMs: 60_000,
      command: [process.execPath, script],
    });
    // Routes of this test only: they run a job on the pool above, answered by the same error handler.
    const job = (kind: "tool_preview" | "preview_all") =>
      ({ kind, workflow: flow(), connections: {}, toolId: "sort", previewLimit: 10 }) as JobRequest;
    t.app.get("/api/test/run-with-a-bug", async (c) => c.json(await broken.run(job("tool_preview"))));
    t.app.get("/api/test/preview-all-with-a-bug", async (c) => c.json(await broken.run(job("preview_all"))));
  });
  afterAll(async () => {
    await broken.close();
    await t.close();
  });

  test("a bug in a tool's builder is a 500 with an error_id logged at error, not a 422 'failed on the data'", async () => {
    const res = await t.app.request("/api/test/run-with-a-bug", { headers: bearer(t.token) });
    expect(res.status).toBe(500);
    const body = (await res.json()) as ErrorAnswer;
    expect(body.detail).not.toContain("failed on the data");
    await expectErrorIdLogged(t, body, "TypeError");
  });

  test("preview_all shows a tool's data failure beside the others, but a bug fails the request", async () => {
    const res = await t.app.request("/api/test/preview-all-with-a-bug", { headers: bearer(t.token) });
    expect(res.status).toBe(500);
    await expectErrorIdLogged(t, (await res.json()) as ErrorAnswer, "TypeError");
  });

  test("Polars refusing the data (a strict cast of 'two' to Int64) is still the tool's 422, without an error_id", async () => {
    const answer = await callApi(t, "POST", "/workflow/tool/execute", { tool_id: "calc", workflow: flow() });
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toStartWith('Tool "calc" failed on the data: conversion from `str` to `i64`');
    expect(answer.body.error_id).toBeUndefined();
    const all = await callApi(t, "POST", "/workflow/preview_all", { workflow: flow() });
    expect(all.status).toBe(200);
    expect(all.body.calc.error.status).toBe(422);
    expect(all.body.in.error).toBeUndefined();
  });
});
