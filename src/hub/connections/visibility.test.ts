import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import {
  createAccount,
  type HubTestApp,
  makeHubTestApp,
  runScenario,
  type TestAccount,
} from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { grantChain } from "../../../tests/helpers/hub-grant-chain";
import type { Role } from "../../shared/roles";

/**
 * The shape (user → user group → grant group → connection):
 *
 *   alice ─┬─ Analysts ── GG Sales ──┬── C1 Orders      (C1 is in two grant groups)
 *          │              (also in   └── C2 Invoices
 *          │               Interns)
 *          └─ Finance ─── GG Ledger ─┬── C1 Orders
 *                                    └── C3 Ledger
 *   bob ───── Interns ─── GG Sales   (a grant group in two user groups)
 *   carol ─── Finance
 *   dave ──── Empty ───── GG Nothing (holds no connection)
 *   frank     (in no group)
 *   erin      auditor, in no group: sees all by role
 *             GG Orphan (assigned to no group) ── C4 Archive;  C5 Spare is in no grant group
 */
const SEES: Record<string, string[]> = {
  alice: ["C1 Orders", "C2 Invoices", "C3 Ledger"],
  bob: ["C1 Orders", "C2 Invoices"],
  carol: ["C1 Orders", "C3 Ledger"],
  dave: [],
  frank: [],
  erin: ["C1 Orders", "C2 Invoices", "C3 Ledger", "C4 Archive", "C5 Spare"],
  admin: ["C1 Orders", "C2 Invoices", "C3 Ledger", "C4 Archive", "C5 Spare"],
};
const CONNECTIONS = ["C1 Orders", "C2 Invoices", "C3 Ledger", "C4 Archive", "C5 Spare"];
const ROLES: Record<string, Role> = { erin: "auditor", admin: "admin" };

describeHub("connection visibility through the grant chain", (suite) => {
  let hub: HubTestApp;
  const people: Record<string, TestAccount> = {};
  const conn: Record<string, string> = {};
  const group: Record<string, string> = {};
  const gg: Record<string, string> = {};

  const get = async (who: string, path: string) =>
    hub.app.request(`/api/v1${path}`, { headers: { Authorization: `Bearer ${people[who]?.token}` } });
  const listed = async (who: string) => {
    const res = await get(who, "/connections?limit=500");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { connections: { id: string; name: string }[]; total: number };
    expect(body.total).toBe(body.connections.length);
    return body.connections.map((c) => c.name).sort();
  };

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
    for (const name of Object.keys(SEES)) people[name] = await createAccount(hub.deps, ROLES[name] ?? "user", name);
    for (const name of CONNECTIONS) {
      const created = (await runScenario(hub, {
        as: "admin",
        method: "POST",
        path: "/connections",
        body: { name, type: "filesystem", path: "/srv/data", read_only: true },
        status: 201,
      })) as { id: string };
      conn[name] = created.id;
    }
    const chain = grantChain(hub.deps);
    for (const name of ["Analysts", "Finance", "Interns", "Empty"]) group[name] = await chain.group(name);
    for (const name of ["Sales", "Ledger", "Nothing", "Orphan"]) gg[name] = await chain.grantGroup(name);
    const at = (table: Record<string, string>, key: string) => table[key] as string;
    for (const [g, grant] of [
      ["Analysts", "Sales"],
      ["Interns", "Sales"],
      ["Finance", "Ledger"],
      ["Empty", "Nothing"],
    ] as const) {
      await chain.assign(at(group, g), at(gg, grant));
    }
    for (const [grant, c] of [
      ["Sales", "C1 Orders"],
      ["Sales", "C2 Invoices"],
      ["Ledger", "C1 Orders"],
      ["Ledger", "C3 Ledger"],
      ["Orphan", "C4 Archive"],
    ] as const) {
      await chain.grant(at(gg, grant), at(conn, c));
    }
    for (const [who, g] of [
      ["alice", "Analysts"],
      ["alice", "Finance"],
      ["bob", "Interns"],
      ["carol", "Finance"],
      ["dave", "Empty"],
    ] as const) {
      await chain.member((people[who] as TestAccount).user.id, at(group, g));
    }
  });

  describe("GET /connections lists exactly what the chain grants", () => {
    for (const [who, expected] of Object.entries(SEES)) {
      test(`${who} sees ${expected.length ? expected.join(", ") : "nothing"}`, async () => {
        expect(await listed(who)).toEqual(expected);
      });
    }
  });

  test("GET /connections/{id} agrees with the list for every person and connection (404 otherwise)", async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const [who, sees] of Object.entries(SEES)) {
      for (const name of CONNECTIONS) {
        const res = await get(who, `/connections/${conn[name]}`);
        const body = (await res.json()) as { name?: string };
        answers.push(`${who} ${name} ${res.status} ${body.name ?? "-"}`);
        expected.push(sees.includes(name) ? `${who} ${name} 200 ${name}` : `${who} ${name} 404 -`);
      }
    }
    expect(answers).toEqual(expected);
  });

  test("the name and type filters and paging apply within what a user may see", async () => {
    const res = await get("alice", "/connections?name=c&limit=1&offset=1");
    const body = (await res.json()) as { connections: { name: string }[]; total: number };
    expect(body.total).toBe(3);
    expect(body.connections.map((c) => c.name)).toEqual(["C2 Invoices"]);
    const none = await get("bob", "/connections?name=ledger");
    expect(await none.json()).toEqual({ connections: [], total: 0 });
  });

  test("who can reach C1: both grant groups, their user groups, and each user with every path", async () => {
    const res = await get("erin", `/connections/${conn["C1 Orders"]}/access`);
    expect(res.status).toBe(200);
    const access = (await res.json()) as {
      grant_groups: { name: string; user_groups: { name: string }[] }[];
      users: { username: string; via: { group: { name: string }; grant_group: { name: string } }[] }[];
    };
    expect(access.grant_groups.map((g) => [g.name, g.user_groups.map((u) => u.name)])).toEqual([
      ["Ledger", ["Finance"]],
      ["Sales", ["Analysts", "Interns"]],
    ]);
    expect(access.users.map((u) => [u.username, u.via.map((v) => `${v.group.name}/${v.grant_group.name}`)])).toEqual([
      ["alice", ["Analysts/Sales", "Finance/Ledger"]],
      ["bob", ["Interns/Sales"]],
      ["carol", ["Finance/Ledger"]],
    ]);
    const orphan = await get("admin", `/connections/${conn["C4 Archive"]}/access`);
    const body = (await orphan.json()) as { grant_groups: unknown[]; users: unknown[] };
    expect(body.grant_groups).toEqual([{ id: gg.Orphan as string, name: "Orphan", user_groups: [] }]);
    expect(body.users).toEqual([]);
  });

  test("the chain is read at every request: a membership removed takes its connections with it", async () => {
    const { userGroups } = hub.deps.database.t;
    const alice = (people.alice as TestAccount).user.id;
    await hub.deps.database.transaction((tx) =>
      tx.db
        .delete(userGroups)
        .where(and(eq(userGroups.userId, alice), eq(userGroups.groupId, group.Analysts as string))),
    );
    expect(await listed("alice")).toEqual(["C1 Orders", "C3 Ledger"]);
    expect((await get("alice", `/connections/${conn["C2 Invoices"]}`)).status).toBe(404);
    expect(await listed("bob")).toEqual(SEES.bob as string[]);
  });
});
