import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createAccount, type HubTestApp, makeHubTestApp, runScenario } from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { ROLES, type Role } from "../../shared/roles";

/*
 * The role rules of decisions.md through the API, every actor role against every role
 * involved. Written out by hand (not derived from role-rules.ts): rows are the actor, the
 * columns owner admin auditor user; 2xx = allowed, 403 = refused by the rules or the guard.
 */
const CREATE: Record<Role, string> = {
  owner: "201 201 201 201",
  admin: "403 403 201 201",
  auditor: "403 403 403 403",
  user: "403 403 403 403",
};
const DELETE: Record<Role, string> = {
  owner: "204 204 204 204",
  admin: "403 403 204 204",
  auditor: "403 403 403 403",
  user: "403 403 403 403",
};
/** Moving an account of the row's role (first key) to the column's role, by the actor (second key). */
const MOVE: Record<Role, Record<Role, string>> = {
  owner: {
    owner: "200 200 200 200",
    admin: "200 200 200 200",
    auditor: "200 200 200 200",
    user: "200 200 200 200",
  },
  admin: {
    owner: "403 403 403 403",
    admin: "403 403 403 403",
    auditor: "403 403 200 200",
    user: "403 403 200 200",
  },
  auditor: {
    owner: "403 403 403 403",
    admin: "403 403 403 403",
    auditor: "403 403 403 403",
    user: "403 403 403 403",
  },
  user: {
    owner: "403 403 403 403",
    admin: "403 403 403 403",
    auditor: "403 403 403 403",
    user: "403 403 403 403",
  },
};
const cell = (row: string, role: Role) => Number(row.split(" ")[ROLES.indexOf(role)]);
let serial = 0;
const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${serial++}`;

describeHub("users: the role rules, every role against every role", (suite) => {
  let hub: HubTestApp;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
  });
  const roleOf = async (id: string) => {
    const { users } = hub.deps.database.t;
    const [row] = await hub.deps.database.db.select({ role: users.role }).from(users).where(eq(users.id, id));
    return row?.role;
  };

  describe("create", () => {
    for (const actor of ROLES) {
      for (const role of ROLES) {
        const status = cell(CREATE[actor], role);
        test(`${actor} creates a ${role}: ${status}`, async () => {
          const username = fresh(role);
          await runScenario(hub, {
            as: actor,
            method: "POST",
            path: "/users",
            body: { username, password: "long enough password", role },
            status,
            contains: status === 201 ? [`"username":"${username}"`, `"role":"${role}"`] : [],
            notContains: ["long enough password", "password_hash"],
            // A refusal is an authorization decision: audited, by the guard or by the rules.
            audit: [status === 201 ? "user.create" : "authz.denied"],
          });
        });
      }
    }
    test("anonymous creates nobody: 401", () =>
      runScenario(hub, {
        as: "anonymous",
        method: "POST",
        path: "/users",
        body: { username: "x", password: "long enough password", role: "user" },
        status: 401,
        audit: [],
      }).then(() => undefined));
  });

  describe("delete", () => {
    for (const actor of ROLES) {
      for (const role of ROLES) {
        const status = cell(DELETE[actor], role);
        test(`${actor} deletes a ${role}: ${status}`, async () => {
          const target = await createAccount(hub.deps, role, fresh(role));
          await runScenario(hub, {
            as: actor,
            method: "DELETE",
            path: `/users/${target.user.id}`,
            status,
            audit: [status === 204 ? "user.delete" : "authz.denied"],
          });
          expect(await roleOf(target.user.id)).toBe(status === 204 ? undefined : role);
        });
      }
    }
  });

  describe("change role", () => {
    for (const actor of ROLES) {
      for (const from of ROLES) {
        for (const to of ROLES) {
          const status = cell(MOVE[actor][from], to);
          test(`${actor} moves a ${from} to ${to}: ${status}`, async () => {
            const target = await createAccount(hub.deps, from, fresh(from));
            await runScenario(hub, {
              as: actor,
              method: "PATCH",
              path: `/users/${target.user.id}`,
              body: { role: to },
              status,
              audit: status === 200 ? (from === to ? [] : ["user.update"]) : ["authz.denied"],
            });
            expect(await roleOf(target.user.id)).toBe(status === 200 ? to : from);
          });
        }
      }
    }
  });

  describe("nobody changes their own role or deletes themselves", () => {
    for (const actor of ["owner", "admin"] as const) {
      for (const to of ROLES.filter((r) => r !== actor)) {
        test(`${actor} moving themselves to ${to}: 403`, async () => {
          await runScenario(hub, {
            as: actor,
            method: "PATCH",
            path: `/users/${hub.accounts[actor].user.id}`,
            body: { role: to },
            status: 403,
            contains: ["own role"],
            audit: ["authz.denied"],
          });
          expect(await roleOf(hub.accounts[actor].user.id)).toBe(actor);
        });
      }
      test(`${actor} deleting themselves: 403`, async () => {
        await runScenario(hub, {
          as: actor,
          method: "DELETE",
          path: `/users/${hub.accounts[actor].user.id}`,
          status: 403,
          contains: ["your own account"],
          audit: ["authz.denied"],
        });
        expect(await roleOf(hub.accounts[actor].user.id)).toBe(actor);
      });
    }
  });
});
