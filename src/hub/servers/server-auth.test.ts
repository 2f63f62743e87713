import { beforeAll, expect, test } from "bun:test";
import { Hono } from "hono";
import { type HubTestApp, makeHubTestApp } from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { createErrorHandler } from "../../http/error-handler";
import { createLogger } from "../../shared/logger";
import { serverAuthTokenHash } from "./auth-token";
import type { ServerAuthEnv } from "./server-auth";
import { createServersService } from "./service";

describeHub("guards.server (serverAuth): a Server authenticates by its auth_token", (suite) => {
  let hub: HubTestApp;
  let probe: Hono<ServerAuthEnv>;
  const tokens: Record<string, string> = {};
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
    probe = new Hono<ServerAuthEnv>();
    probe.onError(createErrorHandler(createLogger({ sink: () => {} })));
    probe.use("*", hub.deps.guards.server);
    probe.get("/whoami", (c) => c.json(c.get("server")));
    const service = createServersService({ ...hub.deps, intervalMs: 30_000 });
    const admin = hub.accounts.admin.user;
    const a = await service.create(admin, { name: "srv-a", endpoint: "http://10.0.0.1:25811" });
    const b = await service.create(admin, { name: "srv-b", endpoint: "http://10.0.0.2:25811" });
    const c = await service.register({ name: "srv-c", endpoint: "http://10.0.0.3:25811", version: "1", rotate: false });
    const rotated = await service.register({
      name: "srv-c",
      endpoint: "http://10.0.0.3:25811",
      version: "1",
      rotate: true,
    });
    tokens.a = a.auth_token;
    tokens.b = b.auth_token;
    tokens.cOld = c.auth_token as string;
    tokens.c = rotated.auth_token as string;
    ids = { a: a.id, b: b.id, c: c.id };
    await service.revoke(admin, b.id);
  });

  const whoami = async (authorization?: string) => {
    const res = await probe.request("/whoami", { headers: authorization ? { Authorization: authorization } : {} });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  test("its auth_token (admin-added or self-registered) authenticates it, and only it", async () => {
    expect(await whoami(`Bearer ${tokens.a}`)).toEqual({
      status: 200,
      body: { id: ids.a, name: "srv-a", endpoint: "http://10.0.0.1:25811" },
    });
    expect((await whoami(`bearer ${tokens.c}`)).body).toMatchObject({ id: ids.c, name: "srv-c" });
  });

  test.each([
    ["no header", undefined],
    ["a revoked Server's token", "b"],
    ["a token rotated out", "cOld"],
    ["an unknown token", "literal:Bearer not-a-token"],
    ["a token's stored hash", "hash:a"],
    ["a user's session token", "session"],
    ["Basic instead of Bearer", "basic:a"],
  ])("%s is 401", async (_name, which) => {
    let authorization: string | undefined;
    if (which === undefined) authorization = undefined;
    else if (which === "session") authorization = `Bearer ${hub.accounts.owner.token}`;
    else if (which.startsWith("literal:")) authorization = which.slice("literal:".length);
    else if (which.startsWith("hash:"))
      authorization = `Bearer ${serverAuthTokenHash(tokens[which.slice(5)] as string)}`;
    else if (which.startsWith("basic:")) authorization = `Basic ${tokens[which.slice(6)]}`;
    else authorization = `Bearer ${tokens[which]}`;
    expect(await whoami(authorization)).toEqual({
      status: 401,
      body: { detail: "Unknown or revoked Server auth_token" },
    });
  });
});
