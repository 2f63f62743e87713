import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import { FeatureDisabledError, ToolConfigError } from "../../src/shared/errors";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { countingInput, SLOW_COUNT, workflow, writeEmptySqlite } from "../helpers/workflows";

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
