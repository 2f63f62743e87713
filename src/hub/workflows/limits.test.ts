import { afterEach, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { HUB_PREFIX, type HubTestApp, makeHubTestApp } from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { createWorkflow, placed, smallWorkflow } from "../../../tests/helpers/hub-workflows";
import { createDailyLogWriter, type DailyLogWriter } from "../../http/middleware/daily-log-writer";
import { folderAssets } from "../../http/static-assets";
import { composeWeftApp } from "../../http/weft-app";
import { MAX_WORKFLOW_BYTES } from "../../shared/workflow";
import { createHubApp } from "../app";

// The request bounds of the whole application (MAX_REQUEST_BODY_MB, MAX_JSON_DEPTH) wrap the
// Hub in weft-app.ts, so these tests mount the Hub there, as `weft hub` does.
const MAX_BODY = 12 * 1024 * 1024;
const MAX_DEPTH = 64;

/** A workflow whose one tool carries `padding` characters in its config. */
const padded = (padding: number) => ({
  ...smallWorkflow(),
  tools: [...smallWorkflow().tools, placed("note", "sample", { method: "first", n: 1, memo: "x".repeat(padding) })],
});

/** A config value nested `levels` arrays deep. */
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describeHub("workflow content bounds", (suite) => {
  let hub: HubTestApp;
  let app: OpenAPIHono;
  let id: string;
  let requestLog: DailyLogWriter;
  const send = (method: string, path: string, body: unknown) =>
    app.request(`${HUB_PREFIX}${path}`, {
      method,
      headers: { Authorization: `Bearer ${hub.accounts.user.token}`, "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const revisions = async () =>
    ((await (await hub.request("user", "GET", `/workflows/${id}/revisions`)).json()) as { total: number }).total;

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
    const dir = suite.ctx().dataDir;
    requestLog = createDailyLogWriter(join(dir, "logs"), "audit", (err) => {
      throw err;
    });
    app = composeWeftApp({
      settings: {
        corsOrigins: [],
        maxRequestBodyBytes: MAX_BODY,
        maxJsonDepth: MAX_DEPTH,
        rateLimit: { enabled: false, perMinute: 120 },
      },
      logger: hub.deps.logger,
      auditWriter: requestLog,
      assets: folderAssets(join(dir, "no-web-ui")),
      hub: createHubApp(hub.deps),
    });
    id = await createWorkflow(hub, "user", "bounded");
  });

  // The request log is written off the request path: on disk before the data directory goes.
  afterEach(() => requestLog.flush());

  test("a request body over MAX_REQUEST_BODY_MB is a 413; nothing is stored", async () => {
    const before = await hub.auditHead();
    const res = await send("PUT", `/workflows/${id}/content`, { content: padded(MAX_BODY) });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("Request body larger than");
    expect(await revisions()).toBe(1);
    expect(await hub.auditActionsSince(before)).toEqual([]);
  });

  test("content whose file would pass 10 MiB is a 413 on create and on save, within the body limit", async () => {
    const before = await hub.auditHead();
    // Indented as a file it grows past the bound; sent compactly it is under the body limit.
    const content = padded(MAX_WORKFLOW_BYTES - 600);
    expect(JSON.stringify({ content }).length).toBeLessThan(MAX_BODY);
    for (const [method, path, body] of [
      ["POST", "/workflows", { name: "too big", content }],
      ["PUT", `/workflows/${id}/content`, { content }],
    ] as const) {
      const res = await send(method, path, body);
      expect({ path, status: res.status }).toEqual({ path, status: 413 });
      expect(await res.text()).toContain(`over the limit of ${MAX_WORKFLOW_BYTES} bytes`);
    }
    expect(await revisions()).toBe(1);
    expect(await hub.auditActionsSince(before)).toEqual([]);
    // Just under the bound is stored, and downloads whole.
    const fits = padded(MAX_WORKFLOW_BYTES - 2000);
    const saved = await send("PUT", `/workflows/${id}/content`, { content: fits });
    expect(await saved.json()).toMatchObject({ revision: 2, revision_created: true });
    const file = await hub.request("user", "GET", `/workflows/${id}/download`);
    expect(await file.json()).toEqual(fits);
  });

  test("a body nested past MAX_JSON_DEPTH is a 400 naming the setting; one within it is stored", async () => {
    const deep = {
      ...smallWorkflow(),
      tools: [placed("in", "input", { source: "a.csv", deep: nested(MAX_DEPTH) })],
      wires: [],
    };
    const refused = await send("PUT", `/workflows/${id}/content`, { content: deep });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("MAX_JSON_DEPTH");
    // The body adds {content: {tools: [{config: {deep: ...}}]}}: five levels around the value.
    const fits = { ...deep, tools: [placed("in", "input", { source: "a.csv", deep: nested(MAX_DEPTH - 5) })] };
    const saved = await send("PUT", `/workflows/${id}/content`, { content: fits });
    expect(await saved.json()).toMatchObject({ revision: 3, revision_created: true });
    const diff = await hub.request("user", "GET", `/workflows/${id}/diff`);
    expect(await diff.json()).toMatchObject({ tools_removed: ["out", "note"], tools_changed: [{ id: "in" }] });
  });

  test("a body that is not JSON is a 400", async () => {
    const res = await send("POST", "/workflows", '{"name": "x", "content": ');
    expect(res.status).toBe(400);
  });

  test("the routes are documented in /openapi.json, with the workflow contract as the content's schema", async () => {
    const doc = (await (await app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    const paths = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/v1/workflows"))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(paths.sort()).toEqual([
      "DELETE /api/v1/workflows/{id}",
      "GET /api/v1/workflows",
      "GET /api/v1/workflows/{id}",
      "GET /api/v1/workflows/{id}/diff",
      "GET /api/v1/workflows/{id}/download",
      "GET /api/v1/workflows/{id}/revisions",
      "GET /api/v1/workflows/{id}/revisions/{n}",
      "PATCH /api/v1/workflows/{id}",
      "POST /api/v1/workflows",
      "POST /api/v1/workflows/{id}/revisions/{n}/restore",
      "PUT /api/v1/workflows/{id}/content",
    ]);
    for (const name of ["Workflow", "HubWorkflow", "HubWorkflowDiff", "HubWorkflowRevisionList"]) {
      expect(Object.keys(doc.components.schemas)).toContain(name);
    }
  });
});
