import { expect, test } from "bun:test";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { desc, gt } from "drizzle-orm";
import { createErrorHandler } from "../../src/http/error-handler";
import { apiNotFound } from "../../src/http/not-found";
import { newApiApp } from "../../src/http/openapi-app";
import { createHubApp } from "../../src/hub/app";
import { createPasswordHasher, type PasswordHasher } from "../../src/hub/auth/passwords";
import { newSessionToken, sessionTokenHash } from "../../src/hub/auth/session-token";
import type { HubConfig } from "../../src/hub/config";
import { type BuildHubDepsInput, buildHubDeps, type HubDeps } from "../../src/hub/deps";
import type { SessionUser } from "../../src/hub/guards";
import type { Clock } from "../../src/shared/clock";
import { newId } from "../../src/shared/ids";
import { createLogger } from "../../src/shared/logger";
import { ROLES, type Role } from "../../src/shared/roles";
import type { HubDbContext } from "./hub-db";

export const HUB_PREFIX = "/api/v1";

/** A signed-in account of the test Hub. */
export interface TestAccount {
  user: SessionUser;
  token: string;
}

/** A Hub app over a suite's database, with one signed-in account per role. */
export interface HubTestApp {
  app: OpenAPIHono;
  deps: HubDeps;
  accounts: Record<Role, TestAccount>;
  /** Every log line written, parsed. */
  logs: Record<string, unknown>[];
  /** `path` is relative to /api/v1; `as` picks the account whose token is sent (anonymous: none). */
  request(as: Role | "anonymous", method: string, path: string, body?: unknown): Promise<Response>;
  /** The audit actions appended after seq `since`, in order. */
  auditActionsSince(since: number): Promise<string[]>;
  /** The seq of the newest audit event (0 when none). */
  auditHead(): Promise<number>;
}

export const TEST_HUB_CONFIG: HubConfig = {
  databaseUrl: "(set by the harness)",
  sessionTtlHours: 168,
  capabilityTokenTtlSeconds: 60,
  tokenStoreBackend: "memory",
  eventBrokerBackend: "memory",
  serverPollIntervalSeconds: 30,
  loginMaxAttempts: 5,
  loginMaxAttemptsPerIp: 30,
  loginWindowSeconds: 900,
};

/** The password of every account createAccount makes. */
export const TEST_PASSWORD = "correct horse battery staple";

/** Argon2id at a cost that is cheap to make (tests only; the product's cost comes from auth/). */
const TEST_ARGON2_COST = { memoryCost: 1024, timeCost: 1 };

/** A password hash that is cheap to make (tests only). */
export function testPasswordHash(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id", ...TEST_ARGON2_COST });
}

/** The Hub's hasher at the test cost: the real Argon2id code, cheaper parameters. */
export function testPasswordHasher(): PasswordHasher {
  return createPasswordHasher(TEST_ARGON2_COST);
}

/**
 * Creates a user and a session for it directly in the database (the auth routes are not what
 * a scenario tests), answering the account with its bearer token.
 */
export async function createAccount(deps: HubDeps, role: Role, username = `${role}-${newId().slice(-8)}`) {
  const { database, clock } = deps;
  const now = clock();
  const id = newId();
  const token = newSessionToken();
  await database.transaction(async (tx) => {
    const { users, sessions } = tx.t;
    const passwordHash = await testPasswordHash(TEST_PASSWORD);
    await tx.db.insert(users).values({ id, username, email: null, passwordHash, role, createdAt: now, updatedAt: now });
    await tx.db.insert(sessions).values({
      id: newId(),
      tokenSha256: sessionTokenHash(token),
      userId: id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
  });
  return { user: { id, username, email: null, role }, token } satisfies TestAccount;
}

export interface HubTestAppOptions {
  clock?: Clock;
  /** Argon2id at the test cost (testPasswordHasher) unless given. */
  passwords?: PasswordHasher;
  config?: Partial<HubConfig>;
  /** false: no accounts are made (a Hub before its first registration); `accounts` is then empty. */
  withAccounts?: boolean;
  /** Adds routes to the Hub app after its own (so behind the session guard), e.g. probes. */
  extend?: (hub: ReturnType<typeof createHubApp>, deps: HubDeps) => void;
  /** The execution runners' timer, fetch and bounds (buildHubDeps' `executions`). */
  executions?: BuildHubDepsInput["executions"];
  /** What starts a queued execution's runner (HubDeps.onDispatched); tests record the ids. */
  onDispatched?: HubDeps["onDispatched"];
}

/** The Hub app of the harness's database `ctx`, mounted under /api/v1 with the error handler. */
export async function makeHubTestApp(
  ctx: HubDbContext,
  {
    clock,
    config,
    extend,
    executions,
    onDispatched,
    passwords = testPasswordHasher(),
    withAccounts = true,
  }: HubTestAppOptions = {},
): Promise<HubTestApp> {
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({ level: "debug", sink: (line) => logs.push(JSON.parse(line)) });
  const deps = buildHubDeps({
    config: { ...TEST_HUB_CONFIG, databaseUrl: ctx.url, ...config },
    db: ctx.handle,
    logger,
    dataDir: ctx.dataDir,
    clock,
    passwords,
    executions,
    onDispatched,
  });
  const app = newApiApp();
  app.onError(createErrorHandler(logger));
  app.notFound(apiNotFound);
  const hub = createHubApp(deps);
  extend?.(hub, deps);
  app.route(HUB_PREFIX, hub);
  const accounts = {} as Record<Role, TestAccount>;
  if (withAccounts) for (const role of ROLES) accounts[role] = await createAccount(deps, role);
  const { auditEvents } = deps.database.t;
  return {
    app,
    deps,
    accounts,
    logs,
    request: (as, method, path, body) => {
      const headers: Record<string, string> = {};
      if (as !== "anonymous") headers.Authorization = `Bearer ${accounts[as].token}`;
      if (body !== undefined) headers["Content-Type"] = "application/json";
      return Promise.resolve(
        app.request(`${HUB_PREFIX}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    },
    auditActionsSince: async (since) => {
      const rows = await deps.database.db
        .select({ action: auditEvents.action, seq: auditEvents.seq })
        .from(auditEvents)
        .where(gt(auditEvents.seq, since))
        .orderBy(auditEvents.seq);
      return rows.map((r) => r.action);
    },
    auditHead: async () => {
      const rows = await deps.database.db
        .select({ seq: auditEvents.seq })
        .from(auditEvents)
        .orderBy(desc(auditEvents.seq))
        .limit(1);
      return rows[0]?.seq ?? 0;
    },
  };
}

/** One row of a scenario table. */
export interface ApiScenario {
  /** Shown in the test name (defaults to "<as> <method> <path>"). */
  name?: string;
  as: Role | "anonymous";
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Relative to /api/v1; a function is called when the test runs (for ids made earlier). */
  path: string | (() => string);
  body?: unknown | (() => unknown);
  status: number;
  /** Texts the response body must contain. */
  contains?: string[];
  /** Texts the response body must not contain (secrets, other users' data). */
  notContains?: string[];
  /** The audit actions this request must append, in order ([] = none); unchecked when absent. */
  audit?: string[];
}

/** Runs one scenario against `hub` and asserts everything it states; answers the parsed body. */
export async function runScenario(hub: HubTestApp, s: ApiScenario): Promise<unknown> {
  const before = s.audit ? await hub.auditHead() : 0;
  const path = typeof s.path === "function" ? s.path() : s.path;
  const body = typeof s.body === "function" ? (s.body as () => unknown)() : s.body;
  const res = await hub.request(s.as, s.method, path, body);
  const text = await res.text();
  expect({ status: res.status, body: text }).toMatchObject({ status: s.status });
  for (const fragment of s.contains ?? []) expect(text).toContain(fragment);
  for (const fragment of s.notContains ?? []) expect(text).not.toContain(fragment);
  if (s.audit) expect(await hub.auditActionsSince(before)).toEqual(s.audit);
  return res.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : text;
}

/**
 * Registers one test per scenario, in order, against the Hub that `hub()` answers (made in
 * a beforeAll of the suite, usually with makeHubTestApp(suite.ctx())).
 */
export function scenarioTests(hub: () => HubTestApp, scenarios: ApiScenario[]): void {
  for (const s of scenarios) {
    const path = typeof s.path === "function" ? "(computed path)" : s.path;
    test(s.name ?? `${s.as} ${s.method} ${path} → ${s.status}`, () => runScenario(hub(), s).then(() => undefined));
  }
}
