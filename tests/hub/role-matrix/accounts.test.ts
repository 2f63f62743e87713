import { beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createAccount, type HubTestApp, makeHubTestApp } from "../../helpers/api-scenario";
import { hubCall } from "../../helpers/hub-call";
import { describeHub } from "../../helpers/hub-db";
import { insertConnection, insertNamed } from "../../helpers/hub-fixtures";
import { ACCOUNTS_MATRIX, type MatrixCaller, matrixMarkdown } from "./accounts";

let serial = 0;

/** A fresh set of the fixtures the matrix's paths and bodies name. */
async function makeFixtures(hub: HubTestApp): Promise<Record<string, string>> {
  const { deps } = hub;
  const unique = `m${Date.now().toString(36)}${serial++}`;
  const member = await createAccount(deps, "user", `${unique}-member`);
  const other = await createAccount(deps, "user", `${unique}-other`);
  const f: Record<string, string> = {
    unique,
    username: member.user.username,
    user_id: member.user.id,
    other_user_id: other.user.id,
    group_id: await insertNamed(deps, "groups", `${unique}-group`),
    grant_group_id: await insertNamed(deps, "grantGroups", `${unique}-gg`),
    other_gg_id: await insertNamed(deps, "grantGroups", `${unique}-gg-other`),
    conn_id: await insertConnection(deps, `${unique}-conn`),
    other_conn_id: await insertConnection(deps, `${unique}-conn-other`),
  };
  const at = deps.clock();
  await deps.database.transaction(async (tx) => {
    await tx.db
      .insert(tx.t.userGroups)
      .values({ userId: f.user_id as string, groupId: f.group_id as string, createdAt: at });
    await tx.db
      .insert(tx.t.userGroupGrantGroups)
      .values({ groupId: f.group_id as string, grantGroupId: f.grant_group_id as string, createdAt: at });
    await tx.db
      .insert(tx.t.grantGroupConnections)
      .values({ grantGroupId: f.grant_group_id as string, connectionId: f.conn_id as string, createdAt: at });
  });
  return f;
}

const fill = (text: string, f: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => f[key] ?? whole);

describeHub("role matrix: accounts, users, user groups, grant groups", (suite) => {
  let hub: HubTestApp;
  beforeAll(async () => {
    // The matrix logs in many times from one address: the throttle is not what it tests.
    hub = await makeHubTestApp(suite.ctx(), { config: { loginMaxAttempts: 1000, loginMaxAttemptsPerIp: 1000 } });
  });

  for (const r of ACCOUNTS_MATRIX) {
    test(`${r.method} ${r.path}: ${Object.values(r.expect).join(" ")}`, async () => {
      const got: Record<string, number> = {};
      for (const caller of Object.keys(r.expect) as MatrixCaller[]) {
        const f = await makeFixtures(hub);
        const token = caller === "anonymous" ? undefined : (await createAccount(hub.deps, caller)).token;
        const body = r.body && JSON.parse(fill(JSON.stringify(r.body), f));
        got[caller] = (await hubCall(hub, r.method, fill(r.path, f), { token, body })).status;
      }
      expect(got).toEqual(r.expect);
    });
  }
});

test("docs/hub.md holds this matrix as the operator's reference", () => {
  const docs = readFileSync(join(import.meta.dir, "..", "..", "..", "docs", "hub.md"), "utf8");
  expect(docs).toContain(matrixMarkdown(ACCOUNTS_MATRIX));
});
