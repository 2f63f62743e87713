import { describe, expect, test } from "bun:test";
import polarsPackage from "nodejs-polars/package.json" with { type: "json" };
import { expectDocsServedOffline } from "../helpers/docs-pages";
import { makeTestApp } from "../helpers/test-app";

describe("health", () => {
  test("GET /api/health/ has the spec's fields, with and without the trailing slash", async () => {
    const t = await makeTestApp({ env: { MAX_PREVIEW_ROWS: "250" } });
    for (const path of ["/api/health/", "/api/health"]) {
      const res = await t.app.request(path);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ status: "ok", max_preview_rows: 250, polars_version: polarsPackage.version });
      for (const key of ["version", "message", "python_version", "platform", "runtime_version", "duckdb_version"]) {
        expect(typeof body[key]).toBe("string");
      }
      expect(body.python_version).toContain("no Python runtime");
      expect(body.platform).toBe(`${process.platform}-${process.arch}`);
    }
    await t.close();
  });

  test("GET /api/health/ says the Server's auth mode, without a token (the web UI reads it before signing in)", async () => {
    const local = await makeTestApp({ env: { AUTH_MODE: "ephemeral" } });
    expect(await (await local.app.request("/api/health/")).json()).toMatchObject({ auth_mode: "ephemeral" });
    await local.close();
    const all = await makeTestApp({ mode: "all" });
    expect(await (await all.app.request("/api/health/")).json()).toMatchObject({ auth_mode: "hub" });
    await all.close();
  });

  test("GET /api/v1/health answers with the database", async () => {
    const t = await makeTestApp({ mode: "hub" });
    const res = await t.app.request("/api/v1/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: { dialect: "sqlite", ok: true } });
    expect((await t.app.request("/api/health/")).status).toBe(404);
    await t.close();
  });
});

describe("API docs in each mode", () => {
  const cases = [
    ["server", ["/api/health/", "/api/info"], ["/api/v1/health"]],
    ["hub", ["/api/v1/health"], ["/api/health/"]],
    ["all", ["/api/health/", "/api/info", "/api/v1/health"], []],
  ] as const;

  test.each(cases)("%s", async (mode, present, absent) => {
    const t = await makeTestApp({ mode });
    const res = await t.app.request("/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    for (const p of present) expect(Object.keys(doc.paths)).toContain(p);
    for (const p of absent) expect(Object.keys(doc.paths)).not.toContain(p);
    expect(await (await t.app.request("/redoc")).text()).toContain('spec-url="/openapi.json"');
    await expectDocsServedOffline((path) => t.app.request(path));
    await t.close();
  });
});
