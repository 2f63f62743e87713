import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AuditEvent } from "../audit/audit-api";
import { ACTION_SENTENCES, describeEvent } from "./activity-sentence";
import { NO_NAMES, namesFrom } from "./names";

const names = namesFrom(
  {
    user: { u_olga: "olga", u_bob: "bob", u_ana: "ana" },
    workflow: { wf_sales: "Sales" },
    server: { s_one: "analytics-1" },
    group: { g_an: "Analysts" },
    grant_group: { gg_files: "Team files" },
    connection: { c_pg: "Warehouse" },
    schedule: { sch_1: "Nightly" },
  },
  { ex_12345678abc: "Sales" },
);

function ev(action: string, over: Partial<AuditEvent> = {}): AuditEvent {
  return {
    seq: 1,
    id: "e1",
    ts: "2026-11-28T09:00:00.000Z",
    actor_type: "user",
    actor_id: "u_olga",
    action,
    target_type: null,
    target_id: null,
    details: {},
    prev_hash: "0",
    hash: "1",
    ...over,
  };
}

const user = (id: string) => ({ target_type: "user", target_id: id });
const on = (target_type: string, target_id: string, details: Record<string, unknown> = {}) => ({
  target_type,
  target_id,
  details,
});
const server = { actor_type: "server" as const, actor_id: "s_one" };
const system = { actor_type: "system" as const, actor_id: null };

/** Every action the Hub writes, an event of it, and its sentence. */
const CASES: [string, Partial<AuditEvent>, string][] = [
  [
    "auth.register",
    { ...user("u_olga"), details: { username: "olga", role: "owner" } },
    "olga set up the Hub and became its owner",
  ],
  ["auth.login", { ...user("u_olga"), details: { username: "olga" } }, "olga signed in"],
  [
    "auth.login_failed",
    { actor_id: "u_bob", ...user("u_bob"), details: { username: "bob", reason: "wrong_password" } },
    "bob failed to sign in: wrong password",
  ],
  ["auth.logout", on("session", "s1"), "olga signed out"],
  ["auth.password_change", { ...user("u_olga"), details: { sessions_ended: 1 } }, "olga changed their password"],
  ["auth.password_change_failed", user("u_olga"), "olga failed to change their password: wrong current password"],
  [
    "authz.denied",
    { actor_id: "u_bob", ...on("route", "GET /audit/events", { required: "auditor", role: "user" }) },
    "bob was refused GET /audit/events: it needs the auditor role (their role: user)",
  ],
  ["user.create", on("user", "u_bob", { username: "bob", role: "auditor" }), "olga created user bob with role auditor"],
  [
    "user.update",
    on("user", "u_bob", { changed: ["role"], from_role: "user", to_role: "admin" }),
    "olga changed the role of bob from user to admin",
  ],
  ["user.delete", on("user", "u_gone", { username: "carl", role: "user" }), "olga deleted user carl"],
  ["group.create", on("group", "g_an", { name: "Analysts" }), "olga created user group “Analysts”"],
  [
    "group.update",
    on("group", "g_an", { from_name: "Analysts", name: "Analysts EU", changed: ["name"] }),
    "olga renamed user group “Analysts” to “Analysts EU”",
  ],
  ["group.delete", on("group", "g_gone", { name: "Old" }), "olga deleted user group “Old”"],
  [
    "group.member_add",
    on("group", "g_an", { user_id: "u_bob", username: "bob" }),
    "olga added bob to user group “Analysts”",
  ],
  ["group.member_remove", on("group", "g_an", { user_id: "u_bob" }), "olga removed bob from user group “Analysts”"],
  [
    "group.grant_add",
    on("group", "g_an", { grant_group_id: "gg_files", grant_group: "Team files" }),
    "olga gave user group “Analysts” the grant group “Team files”",
  ],
  [
    "group.grant_remove",
    on("group", "g_an", { grant_group_id: "gg_files" }),
    "olga took the grant group “Team files” from user group “Analysts”",
  ],
  [
    "grant_group.create",
    on("grant_group", "gg_files", { name: "Team files" }),
    "olga created grant group “Team files”",
  ],
  [
    "grant_group.update",
    on("grant_group", "gg_files", { changed: ["description"] }),
    "olga changed the description of grant group “Team files”",
  ],
  ["grant_group.delete", on("grant_group", "gg_gone", { name: "Old grants" }), "olga deleted grant group “Old grants”"],
  [
    "grant_group.connection_add",
    on("grant_group", "gg_files", { connection_id: "c_pg", connection: "Warehouse" }),
    "olga added connection “Warehouse” to grant group “Team files”",
  ],
  [
    "grant_group.connection_remove",
    on("grant_group", "gg_files", { connection_id: "c_pg" }),
    "olga removed connection “Warehouse” from grant group “Team files”",
  ],
  [
    "connection.create",
    on("connection", "c_pg", { name: "Warehouse", type: "postgres" }),
    "olga created connection “Warehouse” (postgres)",
  ],
  [
    "connection.update",
    on("connection", "c_pg", { name: "Warehouse", changed: ["host", "password"] }),
    "olga changed the host and password of connection “Warehouse”",
  ],
  [
    "connection.delete",
    on("connection", "c_gone", { name: "Old DB", type: "mysql" }),
    "olga deleted connection “Old DB”",
  ],
  [
    "connection.test",
    { details: { type: "postgres", ok: false } },
    "olga tested a new postgres connection before saving it: it did not answer",
  ],
  [
    "connection.check",
    on("connection", "c_pg", { ok: true, latency_ms: 4 }),
    "olga checked connection “Warehouse”: it answered",
  ],
  [
    "connection.health_change",
    { ...system, ...on("connection", "c_pg", { from: "ok", to: "error" }) },
    "Connection “Warehouse” stopped answering",
  ],
  ["workflow.create", on("workflow", "wf_sales", { name: "Sales", revision: 1 }), "olga created workflow “Sales”"],
  [
    "workflow.update",
    on("workflow", "wf_sales", { changed: ["owner_id"], name: "Sales", owner_from: "u_olga", owner_to: "u_ana" }),
    "olga handed workflow “Sales” to ana",
  ],
  [
    "workflow.delete",
    on("workflow", "wf_gone", { name: "Budget", revisions: 3 }),
    "olga deleted workflow “Budget” and its 3 revisions",
  ],
  [
    "workflow.content_update",
    on("workflow", "wf_sales", { revision: 2, message: "add a filter" }),
    "olga saved revision 2 of “Sales”: “add a filter”",
  ],
  [
    "workflow.restore",
    on("workflow", "wf_sales", { revision: 4, restored_from: 1 }),
    "olga restored revision 1 of “Sales” as revision 4",
  ],
  [
    "schedule.create",
    on("schedule", "sch_1", { workflow_id: "wf_sales", cron: "0 6 * * *", timezone: "Europe/Berlin" }),
    "olga scheduled “Sales” (0 6 * * *, Europe/Berlin)",
  ],
  [
    "schedule.update",
    on("schedule", "sch_1", { changed: ["cron", "timezone"] }),
    "olga changed the cron and timezone of schedule “Nightly”",
  ],
  [
    "schedule.delete",
    on("schedule", "sch_gone", { workflow_id: "wf_sales", cron: "0 6 * * *" }),
    "olga deleted a schedule of “Sales” (0 6 * * *)",
  ],
  ["schedule.toggle", on("schedule", "sch_1", { enabled: false }), "olga turned off schedule “Nightly”"],
  [
    "schedule.trigger",
    on("schedule", "sch_1", { execution_id: "ex_12345678abc" }),
    "olga ran schedule “Nightly” now (execution ex_12345)",
  ],
  [
    "execution.create",
    { actor_id: "u_ana", ...on("execution", "ex_12345678abc", { workflow_id: "wf_sales", revision: 2 }) },
    "ana ran “Sales” (execution ex_12345, revision 2)",
  ],
  [
    "execution.finish",
    { ...system, ...on("execution", "ex_12345678abc", { status: "failed", error: "file not found" }) },
    "A run of “Sales” (execution ex_12345) failed: file not found",
  ],
  [
    "execution.cancel",
    { actor_id: "u_ana", ...on("execution", "ex_12345678abc", { status: "cancelled" }) },
    "ana cancelled a run of “Sales” (execution ex_12345)",
  ],
  [
    "server.register",
    { ...server, ...on("server", "s_one", { name: "analytics-1", endpoint: "http://10.0.0.5:25811" }) },
    "Server “analytics-1” registered itself at http://10.0.0.5:25811",
  ],
  [
    "server.update",
    { ...server, ...on("server", "s_one", { name: "analytics-1", changed: ["endpoint"] }) },
    "Server “analytics-1” registered again with a new endpoint",
  ],
  [
    "server.token_rotate",
    { ...server, ...on("server", "s_one", { name: "analytics-1", changed: ["auth_token"] }) },
    "Server “analytics-1” registered again with a new token",
  ],
  [
    "server.create",
    on("server", "s_one", { name: "analytics-1", endpoint: "http://10.0.0.5:25811" }),
    "olga added Server “analytics-1” at http://10.0.0.5:25811",
  ],
  [
    "server.groups_set",
    on("server", "s_one", { group_ids: ["g_an"] }),
    "olga let 1 user group use Server “analytics-1”",
  ],
  ["server.revoke", on("server", "s_one", { name: "analytics-1" }), "olga revoked Server “analytics-1”"],
  ["server.delete", on("server", "s_gone", { name: "old-1", endpoint: "http://x" }), "olga removed Server “old-1”"],
  [
    "server.refresh",
    on("server", "s_one", { ok: true, version: "0.9.0" }),
    "olga checked Server “analytics-1”: it answered (version 0.9.0)",
  ],
  [
    "server.status_change",
    { ...system, ...on("server", "s_one", { from: "online", to: "offline", failed_polls: 3 }) },
    "Server “analytics-1” went offline after 3 failed checks",
  ],
  [
    "capability.issue",
    on("server", "s_one", { server_name: "analytics-1" }),
    "olga was given a single-use token for Server “analytics-1”",
  ],
  [
    "capability.redeem",
    { ...server, ...on("user", "u_ana", { server_name: "analytics-1" }) },
    "Server “analytics-1” was allowed a request of ana",
  ],
  [
    "capability.refused",
    { ...server, ...on("user", "u_ana", { server_name: "analytics-1", reason: "connection_not_granted" }) },
    "Server “analytics-1” was refused a request of ana: a connection it asked for is not granted",
  ],
];

describe("describeEvent", () => {
  for (const [action, over, sentence] of CASES) {
    test(action, () => expect(describeEvent(ev(action, over), names).text).toBe(sentence));
  }

  test("a table case for every action the sentences know, and no more", () => {
    expect(CASES.map(([a]) => a).sort()).toEqual(Object.keys(ACTION_SENTENCES).sort());
  });

  test("runs link to their execution; a schedule's trigger to the run it made", () => {
    expect(describeEvent(ev("execution.create", on("execution", "ex_1", {})), names).execution).toBe("ex_1");
    expect(
      describeEvent(ev("schedule.trigger", on("schedule", "sch_1", { execution_id: "ex_2" })), names).execution,
    ).toBe("ex_2");
    expect(describeEvent(ev("user.create", on("user", "u_bob", {})), names).execution).toBeUndefined();
  });

  test("without names: what the event recorded, and words for what is gone", () => {
    expect(describeEvent(ev("auth.login", { details: { username: "olga" } }), NO_NAMES).text).toBe("olga signed in");
    expect(
      describeEvent(ev("execution.create", on("execution", "ex_12345678abc", { workflow_id: "wf_x" })), NO_NAMES).text,
    ).toBe("A deleted user ran a deleted workflow (execution ex_12345, revision )");
    expect(
      describeEvent(
        ev("auth.login_failed", { actor_id: null, details: { username: "mallory", reason: "unknown_user" } }),
        NO_NAMES,
      ).text,
    ).toBe("Someone tried to sign in as “mallory”, who does not exist");
  });

  test("an action this app does not know yet still reads as a sentence", () => {
    expect(describeEvent(ev("report.export", on("report", "r_1234567890")), names).text).toBe(
      "olga did report.export on report r_123456",
    );
  });
});

/** Every audit action the Hub's source writes, found in src/hub (not a copy of a list). */
function actionsTheHubWrites(): Set<string> {
  const root = join(import.meta.dir, "..", "..", "..", "..", "..", "src", "hub");
  const found = new Set<string>();
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
    (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.startsWith("audit/"),
  );
  for (const file of files) {
    const source = readFileSync(join(root, file), "utf8");
    for (const line of source.split("\n")) {
      // `action: "user.create"`, `action: x ? "a.b" : "c.d"`, `event(user, "workflow.create", …)`.
      if (!/\baction:|\bevent\(/.test(line)) continue;
      for (const m of line.matchAll(/"([a-z_]+\.[a-z_]+)"/g)) found.add(m[1] as string);
      // Named records (named-service.ts) and their links: `event(actor, "member_add", …)` → `<kind>.member_add`.
      const verb = line.match(/\bevent\(actor, "([a-z_]+)"/)?.[1];
      if (verb) {
        const kinds = file.startsWith("groups/") ? ["group"] : file.startsWith("grants/") ? ["grant_group"] : [];
        const all = file === "named-service.ts" ? ["group", "grant_group"] : kinds;
        for (const kind of all) found.add(`${kind}.${verb}`);
      }
    }
  }
  return found;
}

test("the sentences cover every audit action the Hub writes (src/hub), and only those", () => {
  const written = [...actionsTheHubWrites()].sort();
  expect(written.length).toBeGreaterThan(40);
  expect(written).toEqual(Object.keys(ACTION_SENTENCES).sort());
});
