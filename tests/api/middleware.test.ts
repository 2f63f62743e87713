import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bearer, makeTestApp } from "../helpers/test-app";

function auditLines(dataDir: string): Record<string, unknown>[] {
  const day = new Date().toISOString().slice(0, 10);
  return readFileSync(join(dataDir, "logs", `audit-${day}.jsonl`), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}

describe("audit log", () => {
  test("one line per request, without query string, token or body", async () => {
    const t = await makeTestApp({ token: "secret-token-value" });
    await t.app.request("/api/info?token=secret-token-value", { headers: bearer("secret-token-value") });
    await t.app.request("/api/info");
    await t.app.request("/api/health/");
    await t.audit.flush();
    const lines = auditLines(t.dataDir);
    expect(lines.map((l) => [l.method, l.path, l.status])).toEqual([
      ["GET", "/api/info", 200],
      ["GET", "/api/info", 401],
      ["GET", "/api/health/", 200],
    ]);
    for (const line of lines) {
      expect(line.auth).toBe("ephemeral");
      expect(typeof line.duration_ms).toBe("number");
      expect(typeof line.ts).toBe("string");
    }
    const raw = readFileSync(join(t.dataDir, "logs", `audit-${new Date().toISOString().slice(0, 10)}.jsonl`), "utf8");
    expect(raw).not.toContain("secret-token-value");
    await t.close();
  });
});

describe("rate limiting", () => {
  test("workflow routes past the limit answer 429 with Retry-After; others are not limited", async () => {
    const t = await makeTestApp({ env: { RATE_LIMIT_ENABLED: "true", RATE_LIMIT_PER_MINUTE: "3" } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await t.app.request("/api/workflow/execute", { method: "POST", headers: bearer(t.token) })).status,
      );
    }
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
    const limited = await t.app.request("/api/workflow/execute", { method: "POST", headers: bearer(t.token) });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as { detail: string }).detail).toContain("Too many requests");
    for (let i = 0; i < 5; i++) expect((await t.app.request("/api/health/")).status).toBe(200);
    await t.close();
  });

  test("a refused request still has its audit line (one line per request)", async () => {
    const t = await makeTestApp({ env: { RATE_LIMIT_ENABLED: "true", RATE_LIMIT_PER_MINUTE: "1" } });
    const first = await t.app.request("/api/workflow/x", { headers: bearer(t.token) });
    const refused = await t.app.request("/api/workflow/x", { headers: bearer(t.token) });
    expect(refused.status).toBe(429);
    await t.audit.flush();
    expect(auditLines(t.dataDir).map((l) => [l.method, l.path, l.status])).toEqual([
      ["GET", "/api/workflow/x", first.status],
      ["GET", "/api/workflow/x", 429],
    ]);
    await t.close();
  });

  test("off by default for a loopback server", async () => {
    const t = await makeTestApp();
    for (let i = 0; i < 150; i++) {
      expect((await t.app.request("/api/workflow/x", { headers: bearer(t.token) })).status).not.toBe(429);
    }
    await t.close();
  });
});

describe("CORS", () => {
  test("no cross-origin headers unless origins are configured", async () => {
    const closed = await makeTestApp();
    const res = await closed.app.request("/api/health/", { headers: { Origin: "http://evil.test" } });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    await closed.close();
  });

  test("a configured origin is allowed, others are not, and preflight works", async () => {
    const t = await makeTestApp({ env: { CORS_ORIGINS: "http://ui.test" } });
    const ok = await t.app.request("/api/health/", { headers: { Origin: "http://ui.test" } });
    expect(ok.headers.get("access-control-allow-origin")).toBe("http://ui.test");
    const other = await t.app.request("/api/health/", { headers: { Origin: "http://evil.test" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await t.app.request("/api/info", {
      method: "OPTIONS",
      headers: { Origin: "http://ui.test", "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization");
    await t.close();
  });
});
