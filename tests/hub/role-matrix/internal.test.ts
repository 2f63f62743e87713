import { beforeAll, expect, test } from "bun:test";
import { ROLES } from "../../../src/shared/roles";
import { type HubTestApp, makeHubTestApp } from "../../helpers/api-scenario";
import { describeHub } from "../../helpers/hub-db";
import { internalMatrix } from "./internal";

/**
 * What the one role matrix (tests/hub/role-matrix.test.ts) does not check for the
 * Server-authenticated routes: a person's session or no bearer there is a 401 that appends
 * nothing to the audit chain (anyone could otherwise grow it).
 */
describeHub("the Server-authenticated internal routes refuse people without writing to the audit log", (suite) => {
  let hub: HubTestApp;
  let unique = 0;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
  });

  for (const row of internalMatrix.rows) {
    for (const as of [...ROLES, "anonymous"] as const) {
      const want = row.expect[as];
      test(`${row.method} ${row.path} as ${as} → ${want}, nothing audited`, async () => {
        const body = JSON.parse(JSON.stringify(row.body).replace("{unique}", String(unique++)));
        const before = await hub.auditHead();
        const res = await hub.request(as, row.method, row.path, body);
        expect({ status: res.status, body: await res.text() }).toMatchObject({ status: want });
        expect(await hub.auditActionsSince(before)).toEqual([]);
      });
    }
  }
});
