import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";

const KEY = "static-key-0123456789";

describe("static mode", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { AUTH_MODE: "static", API_KEY: KEY } });
  });
  afterAll(() => t.close());

  test.each([
    ["no token", {}, 401, "Missing bearer token"],
    ["a wrong token", bearer("static-key-0123456788"), 401, "Invalid token"],
    ["a prefix of the token", bearer(KEY.slice(0, -1)), 401, "Invalid token"],
    ["another scheme", { Authorization: `Basic ${KEY}` }, 401, "Missing bearer token"],
    ["the right token", bearer(KEY), 200, undefined],
  ])("%s → %i", async (_name, headers, status, detail) => {
    const res = await t.app.request("/api/info", { headers });
    expect(res.status).toBe(status);
    const body = (await res.json()) as { detail?: string; auth_mode?: string };
    if (detail) expect(body.detail).toContain(detail);
    else expect(body.auth_mode).toBe("static");
  });

  test("health needs no token", async () => {
    expect((await t.app.request("/api/health/")).status).toBe(200);
  });

  test("an unknown API route without a token does not reveal itself", async () => {
    expect((await t.app.request("/api/workflow/nope")).status).toBe(401);
    expect((await t.app.request("/api/workflow/nope", { headers: bearer(KEY) })).status).toBe(404);
  });
});

describe("other modes", () => {
  test("ephemeral: the token made at start is required", async () => {
    const t = await makeTestApp({ token: "ephemeral-token-abc" });
    expect((await t.app.request("/api/info")).status).toBe(401);
    expect((await t.app.request("/api/info", { headers: bearer("ephemeral-token-abd") })).status).toBe(401);
    expect((await t.app.request("/api/info", { headers: bearer("ephemeral-token-abc") })).status).toBe(200);
    await t.close();
  });

  test("disabled: no token needed", async () => {
    const t = await makeTestApp({ env: { AUTH_MODE: "disabled" } });
    expect((await t.app.request("/api/info")).status).toBe(200);
    await t.close();
  });

  test("hub: a Server not registered with its Hub (no HUB_SERVER_TOKEN) authorizes nothing, health stays public", async () => {
    const t = await makeTestApp({ env: { AUTH_MODE: "hub", HUB_URL: "http://127.0.0.1:9" } });
    const res = await t.app.request("/api/info", { headers: bearer("anything") });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { detail: string }).detail).toContain("Hub");
    expect((await t.app.request("/api/health/")).status).toBe(200);
    await t.close();
  });

  test("all: Hub routes are not behind the Server's token", async () => {
    const t = await makeTestApp({ mode: "all" });
    expect((await t.app.request("/api/v1/health")).status).toBe(200);
    expect((await t.app.request("/api/v1/nope")).status).toBe(404);
    expect((await t.app.request("/api/info")).status).toBe(401);
    await t.close();
  });
});
