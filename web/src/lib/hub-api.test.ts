import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type FakeServerHealth, startFakeServerHealth } from "../../../tests/helpers/fake-server-health";
import { makeTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { ApiError, createApiClient, type Fetch } from "./api";
import { capabilityFetch } from "./capability-fetch";
import { createHubClient } from "./hub-api";

/*
 * The UI's Hub client and the designer's capability-token fetch against a whole Hub app in
 * process (`weft hub`: its sessions, token issue and audit), with a Server the Hub polls over
 * a real socket (tests/helpers/fake-server-health.ts). Only the browser is left out: `fetch`
 * calls the Hub app's `request`, and records what reaches "the Server".
 */

let t: TestApp;
let serverHealth: FakeServerHealth;
const toHub: Fetch = async (url, init) => t.app.request(url, init);
/** What the designer's client sent on to the Server: the URL and the bearer. */
const toServer: { url: string; bearer: string | null }[] = [];
const serverFetch: Fetch = async (url, init) => {
  toServer.push({ url, bearer: new Headers(init.headers).get("Authorization") });
  return Response.json({ version: "test" });
};

function session() {
  let token: string | undefined;
  let ended = 0;
  const hub = createHubClient({
    base: "/api/v1",
    session: () => token,
    onSessionEnded: () => ended++,
    fetch: toHub,
  });
  return { hub, set: (t?: string) => (token = t), ended: () => ended };
}

async function refusal(request: Promise<unknown>): Promise<ApiError> {
  const err = await request.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

beforeAll(async () => {
  t = await makeTestApp({ mode: "hub" });
  serverHealth = startFakeServerHealth();
});
afterAll(async () => {
  await serverHealth.stop();
  await t.close();
});

describe("the Hub client and the designer's capability tokens", () => {
  const owner = session();

  test("first run: setup is needed, the first account is the owner, signed in", async () => {
    expect(await owner.hub.status()).toMatchObject({ needs_setup: true, authenticated: false });
    // The Hub's rule, which the setup page shows: 12 characters at least.
    expect((await refusal(owner.hub.register({ username: "olga", password: "elevenchars" }))).status).toBe(400);
    const started = await owner.hub.register({ username: "Olga", password: "correct horse battery" });
    expect(started.user).toMatchObject({ username: "olga", role: "owner" });
    owner.set(started.token);
    expect(await owner.hub.status()).toMatchObject({ needs_setup: false, authenticated: true });
    // A second setup is refused with the Hub's words.
    expect((await refusal(owner.hub.register({ username: "eve", password: "correct horse battery" }))).status).toBe(
      403,
    );
  });

  test("a wrong password is refused in the Hub's words, and a refused sign-in is no ended session", async () => {
    const other = session();
    const wrong = await refusal(other.hub.login({ username: "olga", password: "wrong wrong wrong" }));
    expect(wrong).toMatchObject({ status: 401, message: "invalid username or password" });
    expect(other.ended()).toBe(0);
  });

  test("no online Server: the request fails with the Hub's 409 and never reaches a Server", async () => {
    const api = createApiClient({
      base: "/api",
      fetch: capabilityFetch({ hub: owner.hub, server: "here", fetch: serverFetch }),
    });
    const err = await refusal(api.info());
    expect(err.status).toBe(409);
    expect(err.message).toContain("No online Server");
    expect(toServer).toEqual([]);
  });

  test("each request gets its own fresh token, sent to the Server the token names (weft hub) or here (weft all)", async () => {
    const added = await t.app.request("/api/v1/servers", {
      method: "POST",
      headers: { Authorization: `Bearer ${await loginToken()}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "analytics-1", endpoint: serverHealth.endpoint }),
    });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    const refreshed = await t.app.request(`/api/v1/servers/${id}/refresh`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await loginToken()}` },
    });
    expect(refreshed.status).toBe(200);

    const remote = createApiClient({
      base: "/api",
      fetch: capabilityFetch({ hub: owner.hub, server: "endpoint", fetch: serverFetch }),
    });
    await remote.info();
    await remote.info();
    const local = createApiClient({
      base: "/api",
      fetch: capabilityFetch({ hub: owner.hub, server: "here", fetch: serverFetch }),
    });
    await local.health();
    expect(toServer.map((s) => s.url)).toEqual([
      `${serverHealth.endpoint}/api/info`,
      `${serverHealth.endpoint}/api/info`,
      "/api/health/",
    ]);
    const bearers = toServer.map((s) => s.bearer);
    for (const bearer of bearers) expect(bearer).toMatch(/^Bearer [A-Za-z0-9_-]{40,}$/);
    expect(new Set(bearers).size).toBe(3);
  });

  test("workflows: create, list and search by name a page at a time, read, save a revision or no change", async () => {
    const content = (name: string) => ({ meta: { workflow_id: `wf-${name}`, name }, tools: [], wires: [] });
    const sales = await owner.hub.createWorkflow({ name: "Sales by region", content: content("sales") });
    await owner.hub.createWorkflow({ name: "Budget", content: content("budget") });
    expect(sales).toMatchObject({ name: "Sales by region", revision: 1 });
    expect((await owner.hub.listWorkflows({ limit: 50, offset: 0 })).total).toBe(2);
    const found = await owner.hub.listWorkflows({ name: "SALES", limit: 50, offset: 0 });
    expect(found.workflows.map((w) => w.name)).toEqual(["Sales by region"]);
    const page = await owner.hub.listWorkflows({ limit: 1, offset: 1 });
    expect({ rows: page.workflows.length, total: page.total }).toEqual({ rows: 1, total: 2 });
    expect((await owner.hub.workflow(sales.id)).content).toEqual(content("sales"));
    const changed = { ...content("sales"), meta: { workflow_id: "wf-sales", name: "Sales, renamed" } };
    const saved = await owner.hub.saveWorkflowContent(sales.id, { content: changed, message: "renamed" });
    expect(saved).toMatchObject({ revision: 2, revision_created: true });
    const again = await owner.hub.saveWorkflowContent(sales.id, { content: changed });
    expect(again).toMatchObject({ revision: 2, revision_created: false });
    expect((await refusal(owner.hub.workflow("no-such-workflow"))).status).toBe(404);
  });

  test("signed out: the session is refused (401), the client says the session ended, and no Server is asked", async () => {
    const before = toServer.length;
    await owner.hub.logout();
    const api = createApiClient({
      base: "/api",
      fetch: capabilityFetch({ hub: owner.hub, server: "here", fetch: serverFetch }),
    });
    expect((await refusal(api.info())).status).toBe(401);
    expect(owner.ended()).toBe(1);
    expect(toServer.length).toBe(before);
  });
});

/** A second session of the owner, for the admin calls the test makes beside the client's. */
async function loginToken(): Promise<string> {
  const res = await t.app.request("/api/v1/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "olga", password: "correct horse battery" }),
  });
  return ((await res.json()) as { token: string }).token;
}
