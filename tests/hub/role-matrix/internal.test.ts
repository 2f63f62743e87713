import { beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROLES } from "../../../src/hub/roles";
import { type HubTestApp, makeHubTestApp } from "../../helpers/api-scenario";
import { describeHub } from "../../helpers/hub-db";
import { internalMatrixRows } from "./internal";

describeHub("role matrix: the Server-authenticated internal routes", (suite) => {
  let hub: HubTestApp;
  let unique = 0;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
  });

  for (const row of internalMatrixRows) {
    for (const as of [...ROLES, "anonymous"] as const) {
      const want = row.expect[as];
      test(`${row.method} ${row.path} as ${as} → ${want}`, async () => {
        const body = JSON.parse(JSON.stringify(row.body).replace("{unique}", String(unique++)));
        const before = await hub.auditHead();
        const res = await hub.request(as, row.method, row.path, body);
        expect({ status: res.status, body: await res.text() }).toMatchObject({ status: want });
        expect(await hub.auditActionsSince(before)).toEqual([]);
      });
    }
  }
});

test("docs/hub.md mirrors the internal rows of the matrix", () => {
  const doc = readFileSync(join(import.meta.dir, "../../../docs/hub.md"), "utf8");
  for (const row of internalMatrixRows) {
    const cells = [...ROLES, "anonymous" as const].map((c) => row.expect[c]).join(" | ");
    expect(doc).toContain(`| \`${row.method} ${row.path}\` | ${cells} |`);
  }
});
