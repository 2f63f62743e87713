import { createAccount, TEST_PASSWORD } from "../../helpers/api-scenario";
import { grantChain } from "../../helpers/hub-grant-chain";
import { type RoleMatrixArea, type RoleMatrixRow, statuses } from "./types";

/**
 * The role matrix of the accounts area (auth, users, user groups, grant groups): every route
 * called as owner, admin, auditor, user and anonymous, and the status each must answer
 * (docs/hub.md mirrors it; tests/hub/role-matrix.test.ts runs it).
 *
 * Placeholders (each fresh per request, made directly in the database):
 * - {user_id}: a user of role user (a member of {group_id} when the request names both);
 *   {username}: the name of a user whose password is the caller's
 * - {other_user_id}: a user in no group
 * - {group_id}: a user group holding {grant_group_id} and {user_id}
 * - {grant_group_id}: a grant group holding {conn_id}
 * - {other_gg_id}, {other_conn_id}: a grant group and a connection linked to nothing
 */
const row = (
  method: RoleMatrixRow["method"],
  path: string,
  expected: [number, number, number, number, number],
  body?: Record<string, unknown>,
): RoleMatrixRow => ({ method, path, body, expect: statuses(expected) });

/** The password of the caller's account. */
const CURRENT = TEST_PASSWORD;

const rows: RoleMatrixRow[] = [
  // Auth: register is closed once any account exists; login and status are public.
  row("POST", "/auth/register", [403, 403, 403, 403, 403], { username: "{unique}", password: "long enough password" }),
  row("POST", "/auth/login", [200, 200, 200, 200, 200], { username: "{username}", password: CURRENT }),
  row("GET", "/auth/status", [200, 200, 200, 200, 200]),
  row("GET", "/auth/me", [200, 200, 200, 200, 401]),
  row("POST", "/auth/logout", [204, 204, 204, 204, 401]),
  row("PUT", "/auth/password", [200, 200, 200, 200, 401], {
    current_password: CURRENT,
    new_password: "a new long password",
  }),
  // Users: auditors read; admins write within the role rules (here on a target of role user).
  row("GET", "/users", [200, 200, 200, 403, 401]),
  row("POST", "/users", [201, 201, 403, 403, 401], {
    username: "{unique}",
    password: "long enough password",
    role: "user",
  }),
  row("GET", "/users/{user_id}", [200, 200, 200, 403, 401]),
  row("PATCH", "/users/{user_id}", [200, 200, 403, 403, 401], { email: "someone@example.org" }),
  row("DELETE", "/users/{user_id}", [204, 204, 403, 403, 401]),
  row("GET", "/users/{user_id}/groups", [200, 200, 200, 403, 401]),
  // User groups.
  row("GET", "/groups", [200, 200, 200, 403, 401]),
  row("POST", "/groups", [201, 201, 403, 403, 401], { name: "{unique}" }),
  row("GET", "/groups/{group_id}", [200, 200, 200, 403, 401]),
  row("PATCH", "/groups/{group_id}", [200, 200, 403, 403, 401], { description: "changed" }),
  row("DELETE", "/groups/{group_id}", [204, 204, 403, 403, 401]),
  row("GET", "/groups/{group_id}/members", [200, 200, 200, 403, 401]),
  row("POST", "/groups/{group_id}/members", [201, 201, 403, 403, 401], { user_id: "{other_user_id}" }),
  row("DELETE", "/groups/{group_id}/members/{user_id}", [204, 204, 403, 403, 401]),
  row("GET", "/groups/{group_id}/grant-groups", [200, 200, 200, 403, 401]),
  row("POST", "/groups/{group_id}/grant-groups/{other_gg_id}", [201, 201, 403, 403, 401]),
  row("DELETE", "/groups/{group_id}/grant-groups/{grant_group_id}", [204, 204, 403, 403, 401]),
  // Grant groups.
  row("GET", "/grant-groups", [200, 200, 200, 403, 401]),
  row("POST", "/grant-groups", [201, 201, 403, 403, 401], { name: "{unique}" }),
  row("GET", "/grant-groups/{grant_group_id}", [200, 200, 200, 403, 401]),
  row("PATCH", "/grant-groups/{grant_group_id}", [200, 200, 403, 403, 401], { description: "changed" }),
  row("DELETE", "/grant-groups/{grant_group_id}", [204, 204, 403, 403, 401]),
  row("POST", "/grant-groups/{grant_group_id}/connections/{other_conn_id}", [201, 201, 403, 403, 401]),
  row("DELETE", "/grant-groups/{grant_group_id}/connections/{conn_id}", [204, 204, 403, 403, 401]),
  row("GET", "/grant-groups/{grant_group_id}/user-groups", [200, 200, 200, 403, 401]),
  // Assignment is made from the user-group side only: no such route (hub.md).
  { ...row("POST", "/grant-groups/{grant_group_id}/user-groups/{group_id}", [404, 404, 404, 404, 404]), absent: true },
];

export const accountsMatrix: RoleMatrixArea = {
  heading: "Accounts, users, user groups and grant groups",
  placeholders: {
    username: async (hub) => (await createAccount(hub.deps, "user")).user.username,
    user_id: async (hub) => (await createAccount(hub.deps, "user")).user.id,
    other_user_id: async (hub) => (await createAccount(hub.deps, "user")).user.id,
    group_id: async (hub, request) => {
      const chain = grantChain(hub.deps);
      const group = await chain.group();
      await chain.member(await request.value("user_id"), group);
      await chain.assign(group, await request.value("grant_group_id"));
      return group;
    },
    grant_group_id: async (hub, request) => {
      const chain = grantChain(hub.deps);
      const grants = await chain.grantGroup();
      await chain.grant(grants, await request.value("conn_id"));
      return grants;
    },
    other_gg_id: (hub) => grantChain(hub.deps).grantGroup(),
    conn_id: (hub) => grantChain(hub.deps).connection(),
    other_conn_id: (hub) => grantChain(hub.deps).connection(),
  },
  rows,
};
