import { beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { type HubTestApp, makeHubTestApp } from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { manualClock } from "../../../tests/helpers/manual-clock";
import { authorize, REGISTRATION_SECRET, registerServer, seedGrants } from "./authorize.fixture";

type Seeded = Awaited<ReturnType<typeof seedGrants>>;
type Bearer = "serverA" | "revoked" | "session" | "garbage" | "none";
type TokenKind = "fresh" | "used" | "expired" | "foreign" | "otherUser" | "unknown";

/** One row: who calls, with which token, asking what; what must come back and be audited. */
interface AuthorizeRow {
  name: string;
  bearer?: Bearer;
  token?: TokenKind;
  ask?: (s: Seeded) => { connection_ids?: string[]; paths?: string[]; write_paths?: string[] };
  status: number;
  contains?: (s: Seeded) => string[];
  notContains?: string[];
  /** Audit actions appended ([] none). */
  audit: string[];
}

const rows: AuthorizeRow[] = [
  {
    name: "granted: both connections, a read and a write, answered with URI, path and roots",
    ask: (s) => ({
      connection_ids: [s.ids.pg, s.ids.shared],
      paths: [join(s.folders.archive, "old.csv")],
      write_paths: [join(s.folders.shared, "out", "new.csv")],
    }),
    status: 200,
    contains: (s) => [
      "postgresql://",
      "pg-secret-Zq7",
      `"path":"${s.folders.shared}"`,
      `{"path":"${join(s.folders.archive, "old.csv")}","read_only":true}`,
      `{"path":"${s.folders.archive}","read_only":true}`,
      '"role":"user"',
    ],
    notContains: [],
    audit: ["capability.redeem"],
  },
  {
    name: "nothing asked: the user's roots only",
    status: 200,
    contains: (s) => [`{"path":"${s.folders.shared}","read_only":false}`, '"connections":[]'],
    notContains: ["Secret"],
    audit: ["capability.redeem"],
  },
  { name: "a used token", token: "used", status: 403, contains: () => ["already used"], audit: ["capability.refused"] },
  {
    name: "an expired token",
    token: "expired",
    status: 403,
    contains: () => ["expired"],
    audit: ["capability.refused"],
  },
  {
    name: "a token bound to another Server",
    token: "foreign",
    status: 403,
    contains: () => ["another Server"],
    audit: ["capability.refused"],
  },
  { name: "an unknown token", token: "unknown", status: 403, audit: ["capability.refused"] },
  { name: "a revoked Server's auth_token", bearer: "revoked", status: 401, audit: [] },
  { name: "a user's session token as the bearer", bearer: "session", status: 401, audit: [] },
  { name: "a made-up bearer", bearer: "garbage", status: 401, audit: [] },
  { name: "no bearer", bearer: "none", status: 401, audit: [] },
  {
    name: "a connection granted to nobody",
    ask: (s) => ({ connection_ids: [s.ids.pg, s.ids.secret] }),
    status: 403,
    contains: (s) => [s.ids.secret],
    notContains: ["pg-secret-Zq7", "postgresql://"],
    audit: ["capability.refused"],
  },
  {
    name: "a user without the grant asks for a granted connection",
    token: "otherUser",
    ask: (s) => ({ connection_ids: [s.ids.pg] }),
    status: 403,
    notContains: ["pg-secret-Zq7"],
    audit: ["capability.refused"],
  },
  {
    name: "a path outside the grants",
    ask: (s) => ({ paths: [join(s.folders.secret, "a.csv")] }),
    status: 403,
    contains: () => ["outside every folder"],
    audit: ["capability.refused"],
  },
  {
    name: "a .. escape out of a granted root",
    ask: (s) => ({ paths: [`${s.folders.shared}/../secret/a.csv`] }),
    status: 403,
    audit: ["capability.refused"],
  },
  {
    name: "a neighbour folder sharing a root's name as prefix",
    ask: (s) => ({ paths: [`${s.folders.shared}-x/a.csv`] }),
    status: 403,
    audit: ["capability.refused"],
  },
  {
    name: "a write into a read-only root",
    ask: (s) => ({ write_paths: [join(s.folders.archive, "x.csv")] }),
    status: 403,
    contains: () => ["read-only"],
    audit: ["capability.refused"],
  },
  { name: "a relative path", ask: () => ({ paths: ["a.csv"] }), status: 403, audit: ["capability.refused"] },
  { name: "a body without a token", token: "fresh", ask: () => ({ token: "" }) as never, status: 400, audit: [] },
];

describeHub("POST /internal/authorize", (suite) => {
  const time = manualClock("2026-06-01T12:00:00.000Z");
  let hub: HubTestApp;
  let seeded: Seeded;
  const auth = { serverA: "", revoked: "" };
  let serverA = "";
  let serverB = "";
  let otherUser = "";

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { clock: time.clock, config: { hubServerToken: REGISTRATION_SECRET } });
    seeded = await seedGrants(hub);
    const a = await registerServer(hub, "server-a");
    const b = await registerServer(hub, "server-b");
    const revoked = await registerServer(hub, "server-revoked");
    expect((await hub.request("owner", "POST", `/servers/${revoked.id}/revoke`)).status).toBe(200);
    [serverA, serverB, auth.serverA, auth.revoked] = [a.id, b.id, a.auth_token, revoked.auth_token];
    otherUser = hub.accounts.admin.user.id; // an admin: seeing every connection is not using one
  });

  async function tokenOf(kind: TokenKind): Promise<string> {
    const { tokens } = hub.deps;
    const user = hub.accounts.user.user.id;
    if (kind === "unknown") return "no-such-token";
    if (kind === "foreign") return (await tokens.issue(user, serverB)).token;
    if (kind === "otherUser") return (await tokens.issue(otherUser, serverA)).token;
    const { token } = await tokens.issue(user, serverA);
    if (kind === "used") await tokens.redeem(token, serverA);
    if (kind === "expired") time.advance(60_001);
    return token;
  }

  const bearerOf = (b: Bearer) =>
    b === "serverA"
      ? auth.serverA
      : b === "revoked"
        ? auth.revoked
        : b === "session"
          ? hub.accounts.user.token
          : b === "garbage"
            ? "x".repeat(43)
            : undefined;

  for (const row of rows) {
    test(`${row.name} → ${row.status}`, async () => {
      const token = await tokenOf(row.token ?? "fresh");
      const before = await hub.auditHead();
      const res = await authorize(hub, bearerOf(row.bearer ?? "serverA"), { token, ...row.ask?.(seeded) });
      const text = await res.text();
      time.set("2026-06-01T12:00:00.000Z");
      expect({ status: res.status, text }).toMatchObject({ status: row.status });
      for (const fragment of row.contains?.(seeded) ?? []) expect(text).toContain(fragment);
      for (const fragment of row.notContains ?? []) expect(text).not.toContain(fragment);
      expect(await hub.auditActionsSince(before)).toEqual(row.audit);
    });
  }

  test("a token is spent by a refused request: asking again with it is 403 used", async () => {
    const token = await tokenOf("fresh");
    const outside = { token, paths: [join(seeded.folders.secret, "a.csv")] };
    expect((await authorize(hub, auth.serverA, outside)).status).toBe(403);
    const again = await authorize(hub, auth.serverA, { token });
    expect(await again.text()).toContain("already used");
  });

  test("the audit chain and the log hold what was asked, never the token or a credential", async () => {
    const token = await tokenOf("fresh");
    expect((await authorize(hub, auth.serverA, { token, connection_ids: [seeded.ids.pg] })).status).toBe(200);
    const events = await hub.deps.database.db.select().from(hub.deps.database.t.auditEvents);
    const text = JSON.stringify(events) + JSON.stringify(hub.logs);
    expect(text).toContain(seeded.ids.pg);
    expect(text).toContain("capability.redeem");
    expect(text).not.toContain(token);
    expect(text).not.toContain("pg-secret-Zq7");
    expect(text).not.toContain(auth.serverA);
  });

  test("database store: the take and its audit event are one transaction (no event, no spent token)", async () => {
    const own = await makeHubTestApp(suite.ctx(), {
      config: { hubServerToken: REGISTRATION_SECRET, tokenStoreBackend: "database" },
    });
    const server = await registerServer(own, "one-transaction");
    const { token } = await own.deps.tokens.issue(own.accounts.user.user.id, server.id);
    const { database } = own.deps;
    const [head] = await database.db.select().from(database.t.auditHead);
    // The chain's head row gone: appending fails inside the transaction, which rolls back.
    await database.transaction((tx) => tx.db.delete(tx.t.auditHead));
    try {
      expect((await authorize(own, server.auth_token, { token })).status).toBe(500);
    } finally {
      await database.transaction((tx) => tx.db.insert(tx.t.auditHead).values(head as NonNullable<typeof head>));
    }
    const again = await authorize(own, server.auth_token, { token });
    expect({ status: again.status, text: await again.text() }).toMatchObject({ status: 200 });
  });

  for (const backend of ["memory", "database"] as const) {
    test(`100 concurrent redeems of one token through the route: exactly one 200 (${backend} store)`, async () => {
      const own = await makeHubTestApp(suite.ctx(), {
        config: { hubServerToken: REGISTRATION_SECRET, tokenStoreBackend: backend },
      });
      const server = await registerServer(own, `concurrent-${backend}`);
      const { token } = await own.deps.tokens.issue(own.accounts.user.user.id, server.id);
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => authorize(own, server.auth_token, { token }).then((r) => r.status)),
      );
      expect(answers.filter((s) => s === 200)).toHaveLength(1);
      expect(answers.filter((s) => s === 403)).toHaveLength(99);
    });
  }
});
