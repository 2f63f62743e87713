import { afterAll, beforeAll, expect, test } from "bun:test";
import { ROLES } from "../../../src/hub/roles";
import { type HubTestApp, makeHubTestApp } from "../../helpers/api-scenario";
import { type FakeServerHealth, startFakeServerHealth } from "../../helpers/fake-server-health";
import { describeHub } from "../../helpers/hub-db";
import { serverMatrixRows } from "./servers";

describeHub("role matrix: Servers and capability tokens", (suite) => {
  let hub: HubTestApp;
  let fake: FakeServerHealth;
  let unique = 0;

  /** A Server of its own for one call (revoke and delete use theirs up), answering at the fake. */
  const freshServer = async () => {
    const res = await hub.request("owner", "POST", "/servers", {
      name: `fixture-${unique++}`,
      endpoint: fake.endpoint,
    });
    return ((await res.json()) as { id: string }).id;
  };

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { config: { hubServerToken: "matrix-registration-secret-0123" } });
    fake = startFakeServerHealth();
    // One online Server open to everyone, so every signed-in role can be issued a token.
    expect((await hub.request("owner", "POST", `/servers/${await freshServer()}/refresh`)).status).toBe(200);
  });
  afterAll(() => fake.stop());

  for (const row of serverMatrixRows) {
    for (const as of [...ROLES, "anonymous"] as const) {
      const want = row.expect[as];
      test(`${row.method} ${row.path} as ${as} → ${want}`, async () => {
        const path = row.path.includes("{id}") ? row.path.replace("{id}", await freshServer()) : row.path;
        const body =
          row.body === undefined
            ? undefined
            : JSON.parse(JSON.stringify(row.body).replace("{unique}", String(unique++)));
        const res = await hub.request(as, row.method, path, body);
        expect({ status: res.status, body: await res.text() }).toMatchObject({ status: want });
      });
    }
  }
});
