import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { makeTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { workflow, writeCsv } from "../../../tests/helpers/workflows";
import { ApiError, createApiClient, type Fetch, type RunEvent } from "./api";

/*
 * The UI's client against a whole Server app in process (its auth, routes and engine): the
 * base it is made with, the token it sends, and how error answers become ApiError. Only the
 * network is left out: `fetch` calls the app's `request`.
 */

let t: TestApp;
/** Every URL the clients asked for, in order. */
const asked: string[] = [];
const inProcess: Fetch = async (url, init) => {
  asked.push(url);
  return t.app.request(url, init);
};
const client = (token?: string | null | (() => string | null | undefined), base = "/api") =>
  createApiClient({ base, token, fetch: inProcess });

/** The ApiError a request fails with (fails the test when it succeeds or throws anything else). */
async function refusal(request: Promise<unknown>): Promise<ApiError> {
  const err = await request.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("base and token", () => {
  test("requests go under the base with the token as a bearer", async () => {
    const info = await client(t.token).info();
    expect(info.max_preview_rows).toBeGreaterThan(0);
    expect(asked.at(-1)).toBe("/api/info");
  });

  test("a base with a trailing slash or a whole URL is the same API", async () => {
    await client(t.token, "/api/").info();
    expect(asked.at(-1)).toBe("/api/info");
    await client(t.token, "http://localhost/api").info();
    expect(asked.at(-1)).toBe("http://localhost/api/info");
  });

  test("another base is another API: a Hub's /api/v1 is not this Server's", async () => {
    const err = await refusal(client(t.token, "/api/v1").info());
    expect(asked.at(-1)).toBe("/api/v1/info");
    expect(err.status).toBe(404);
  });

  test("without a token the Server answers 401, as ApiError with its detail", async () => {
    const err = await refusal(client().info());
    expect(err.status).toBe(401);
    expect(err.message).not.toBe("");
    expect(err.message).not.toBe("Unauthorized");
  });

  test("a token getter is asked at each request", async () => {
    let held: string | null = null;
    const api = client(() => held);
    expect((await refusal(api.info())).status).toBe(401);
    held = t.token ?? null;
    expect((await api.info()).auth_mode).toBe(t.config.server?.authMode ?? "disabled");
  });

  test("query parameters are encoded, absent ones left out", async () => {
    mkdirSync(join(t.home, "a folder"), { recursive: true });
    const roots = await client(t.token).fileRoots();
    expect(roots.some((r) => r.path === t.home)).toBe(true);
    const listing = await client(t.token).fileList(t.home, { offset: undefined, show_hidden: true });
    expect(asked.at(-1)).toBe(`/api/files/list?path=${encodeURIComponent(t.home)}&show_hidden=true`);
    expect(listing.entries.map((e) => e.name)).toContain("a folder");
  });
});

describe("error answers", () => {
  test("a refused request is ApiError with the status and the Server's detail", async () => {
    const err = await refusal(client(t.token).fileStat("relative/path"));
    expect(err.status).toBe(400);
    expect(err.message).toContain("absolute");
  });

  test("a missing thing is 404", async () => {
    const err = await refusal(client(t.token).readWorkflowFile(join(t.home, "none.weft.json")));
    expect(err.status).toBe(404);
  });

  test("a disabled feature is 503 (connections without CONNECTION_ENCRYPTION_KEY)", async () => {
    const err = await refusal(client(t.token).connections());
    expect(err.status).toBe(503);
    expect(err.message).toContain("CONNECTION_ENCRYPTION_KEY");
  });

  test("a streamed run refused before it starts throws the refusal", async () => {
    const bad = { meta: { workflow_id: "bad" }, tools: [{ id: "x" }], wires: [] } as never;
    const events: RunEvent[] = [];
    const err = await refusal(client(t.token).executeStream(bad, {}, (e) => events.push(e)));
    expect(err.status).toBe(400);
    expect(events).toEqual([]);
  });
});

describe("a streamed run", () => {
  test("hears each tool's progress and answers the run's result", async () => {
    const dir = join(t.home, "stream");
    mkdirSync(dir, { recursive: true });
    const source = writeCsv(join(dir, "in.csv"), ["k"], [[2], [1], [3]]);
    const target = join(dir, "out.csv");
    const run = workflow(
      "client-stream",
      [
        { id: "in", type: "input", config: { source } },
        { id: "out", type: "output", config: { path: target } },
      ],
      ["in -> out"],
    );
    const events: RunEvent[] = [];
    const result = await client(t.token).executeStream(run, { preview_limit: 0 }, (e) => events.push(e));
    expect(result.status).toBe("success");
    expect(result.written).toEqual([{ tool_id: "out", path: target, rows: 3 }]);
    expect(events.some((e) => e.event === "written" && e.tool_id === "out" && e.rows === 3)).toBe(true);
    expect(events.filter((e) => e.event === "tool" && e.status === "success").map((e) => e.tool_id)).toContain("in");
    expect(existsSync(target)).toBe(true);
    expect(readFileSync(target, "utf8")).toBe("k\n2\n1\n3\n");
  });

  test("a run that fails on its way ends in ApiError naming the tool", async () => {
    const run = workflow(
      "client-stream-fail",
      [
        { id: "in", type: "input", config: { source: join(t.home, "missing.csv") } },
        { id: "out", type: "output", config: { path: join(t.home, "never.csv") } },
      ],
      ["in -> out"],
    );
    const err = await refusal(client(t.token).executeStream(run, {}, () => {}));
    expect(err.status).toBe(404);
    expect(err.message).toContain("missing.csv");
  });
});
