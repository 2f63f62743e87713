import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { type HubTestApp, makeHubTestApp, runScenario } from "../../../tests/helpers/api-scenario";
import { pgConnectionBody } from "../../../tests/helpers/hub-connections";
import { describeHub, PG_URL } from "../../../tests/helpers/hub-db";
import { grantChain } from "../../../tests/helpers/hub-grant-chain";

describeHub("connection rules beyond one request", (suite) => {
  let hub: HubTestApp;
  const folder = mkdtempSync(join(tmpdir(), "weft-hub-conn-rules-"));
  const fs = (name: string) => ({ name, type: "filesystem", path: folder });
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test("a password set to null is removed; other fields keep the stored one", async () => {
    const created = (await runScenario(hub, {
      as: "admin",
      method: "POST",
      path: "/connections",
      body: pgConnectionBody("Kept"),
      status: 201,
    })) as { id: string };
    const renamed = (await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/connections/${created.id}`,
      body: { name: "Kept (renamed)", port: 5432 },
      status: 200,
    })) as { has_password: boolean };
    expect(renamed.has_password).toBe(true);
    if (PG_URL) {
      await runScenario(hub, {
        as: "admin",
        method: "POST",
        path: `/connections/${created.id}/check`,
        status: 200,
        contains: ['"ok":true'],
      });
    }
    const cleared = (await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/connections/${created.id}`,
      body: { password: null },
      status: 200,
    })) as { has_password: boolean };
    expect(cleared.has_password).toBe(false);
  });

  test("a server database turned into a SQLite file loses its server, account and password", async () => {
    const created = (await runScenario(hub, {
      as: "admin",
      method: "POST",
      path: "/connections",
      body: pgConnectionBody("Becomes a file", { options: { sslmode: "require" } }),
      status: 201,
    })) as { id: string };
    const file = (await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/connections/${created.id}`,
      body: { db_type: "sqlite", database: join(folder, "file.db") },
      status: 200,
    })) as Record<string, unknown>;
    expect(file).toMatchObject({ db_type: "sqlite", host: null, port: null, username: null, has_password: false });
    expect(file.options).toEqual({});
    await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/connections/${created.id}`,
      body: { db_type: "mysql" },
      status: 400,
      contains: ["host: required for a mysql connection"],
    });
  });

  test("deleting a connection removes it from its grant groups, which remain", async () => {
    const chain = grantChain(hub.deps);
    const grants = await chain.grantGroup("Holds the deleted one");
    await runScenario(hub, { as: "admin", method: "POST", path: "/connections", body: fs("Short-lived"), status: 201 });
    const { connections: c, grantGroupConnections: ggc, grantGroups: gg } = hub.deps.database.t;
    const [row] = await hub.deps.database.db.select({ id: c.id }).from(c).where(eq(c.name, "Short-lived"));
    if (!row) throw new Error("not created");
    await chain.grant(grants, row.id);
    await runScenario(hub, {
      as: "admin",
      method: "DELETE",
      path: `/connections/${row.id}`,
      status: 204,
      audit: ["connection.delete"],
    });
    const links = await hub.deps.database.db.select().from(ggc).where(eq(ggc.grantGroupId, grants));
    expect(links).toEqual([]);
    expect(await hub.deps.database.db.select({ id: gg.id }).from(gg).where(eq(gg.id, grants))).toHaveLength(1);
  });

  test("five concurrent creates of one name: one 201, the others 409 (never a 500)", async () => {
    const body = { name: "Raced", type: "filesystem", path: tmpdir() };
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => hub.request("admin", "POST", "/connections", body).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409, 409]);
  });

  test("concurrent creates of one name in different cases: one 201, the others 409", async () => {
    const names = ["Shared Folder", "shared folder", "SHARED FOLDER", "Shared folder"];
    const statuses = await Promise.all(
      names.map((name) =>
        hub
          .request("admin", "POST", "/connections", { name, type: "filesystem", path: tmpdir() })
          .then((r) => r.status),
      ),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409]);
  });
});
