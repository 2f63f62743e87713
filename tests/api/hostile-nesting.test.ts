import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";

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
