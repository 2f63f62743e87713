import { beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { type HubTestApp, makeHubTestApp, runScenario, scenarioTests } from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { grantChain } from "../../../tests/helpers/hub-grant-chain";

describeHub("grant groups: CRUD, connections, read-only user groups", (suite) => {
  let hub: HubTestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
    ids.warehouse = await grantChain(hub.deps).connection("Warehouse", "database");
    ids.share = await grantChain(hub.deps).connection("Team share", "filesystem");
    ids.group = await grantChain(hub.deps).group("Analysts");
  });

  test("create answers the grant group with its id; names are unique ignoring case (409)", async () => {
    const made = await runScenario(hub, {
      as: "admin",
      method: "POST",
      path: "/grant-groups",
      body: { name: "Finance", description: "Finance sources" },
      status: 201,
      contains: ['"name":"Finance"', '"id":"'],
      audit: ["grant_group.create"],
    });
    ids.finance = (made as { id: string }).id;
    const other = await runScenario(hub, {
      as: "owner",
      method: "POST",
      path: "/grant-groups",
      body: { name: "Sales" },
      status: 201,
    });
    ids.sales = (other as { id: string }).id;
    await runScenario(hub, {
      as: "admin",
      method: "POST",
      path: "/grant-groups",
      body: { name: "FINANCE" },
      status: 409,
      audit: [],
    });
    await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/grant-groups/${ids.sales}`,
      body: { name: "finance" },
      status: 409,
    });
  });

  scenarioTests(
    () => hub,
    [
      {
        name: "a name over 100 characters is 400",
        as: "admin",
        method: "POST",
        path: "/grant-groups",
        body: { name: "x".repeat(101) },
        status: 400,
        contains: ["name"],
      },
      {
        name: "list, filtered",
        as: "auditor",
        method: "GET",
        path: "/grant-groups?name=fin",
        status: 200,
        contains: ['"total":1', '"grant_groups":[', "Finance"],
        notContains: ["Sales"],
      },
      {
        name: "list, paged",
        as: "auditor",
        method: "GET",
        path: "/grant-groups?limit=1&offset=1",
        status: 200,
        contains: ['"total":2', "Sales"],
        notContains: ["Finance"],
      },
      {
        name: "add a connection",
        as: "admin",
        method: "POST",
        path: () => `/grant-groups/${ids.finance}/connections/${ids.warehouse}`,
        status: 201,
        contains: ['"name":"Warehouse"', '"type":"database"'],
        audit: ["grant_group.connection_add"],
      },
      {
        name: "add it twice is 409",
        as: "admin",
        method: "POST",
        path: () => `/grant-groups/${ids.finance}/connections/${ids.warehouse}`,
        status: 409,
        audit: [],
      },
      {
        name: "add another",
        as: "admin",
        method: "POST",
        path: () => `/grant-groups/${ids.finance}/connections/${ids.share}`,
        status: 201,
      },
      {
        name: "an unknown connection is 404",
        as: "admin",
        method: "POST",
        path: () => `/grant-groups/${ids.finance}/connections/nope`,
        status: 404,
        audit: [],
      },
      {
        name: "an unknown grant group is 404",
        as: "admin",
        method: "POST",
        path: () => `/grant-groups/nope/connections/${ids.share}`,
        status: 404,
      },
      {
        name: "assigned from the user-group side",
        as: "admin",
        method: "POST",
        path: () => `/groups/${ids.group}/grant-groups/${ids.finance}`,
        status: 201,
      },
      {
        name: "get answers its connections and user groups (no settings, no credentials)",
        as: "auditor",
        method: "GET",
        path: () => `/grant-groups/${ids.finance}`,
        status: 200,
        contains: ['"connections":[', '"Team share"', '"Warehouse"', '"user_groups":[', '"Analysts"'],
        notContains: ["/srv/data", "password"],
      },
      {
        name: "its user groups, read-only",
        as: "auditor",
        method: "GET",
        path: () => `/grant-groups/${ids.finance}/user-groups`,
        status: 200,
        contains: ['"total":1', "Analysts"],
      },
      {
        name: "user groups of an unknown grant group is 404",
        as: "auditor",
        method: "GET",
        path: "/grant-groups/nope/user-groups",
        status: 404,
      },
      // hub.md: no POST exists under /grant-groups/{id}/user-groups/{group_id}.
      {
        name: "no POST under /user-groups/{group_id}",
        as: "owner",
        method: "POST",
        path: () => `/grant-groups/${ids.finance}/user-groups/${ids.group}`,
        status: 404,
        audit: [],
      },
      {
        name: "no POST on /user-groups",
        as: "owner",
        method: "POST",
        path: () => `/grant-groups/${ids.finance}/user-groups`,
        body: () => ({ group_id: ids.group }),
        status: 404,
        audit: [],
      },
      {
        name: "no DELETE under /user-groups/{group_id}",
        as: "owner",
        method: "DELETE",
        path: () => `/grant-groups/${ids.finance}/user-groups/${ids.group}`,
        status: 404,
        audit: [],
      },
      {
        name: "remove a connection",
        as: "admin",
        method: "DELETE",
        path: () => `/grant-groups/${ids.finance}/connections/${ids.share}`,
        status: 204,
        audit: ["grant_group.connection_remove"],
      },
      {
        name: "remove it again is 404",
        as: "admin",
        method: "DELETE",
        path: () => `/grant-groups/${ids.finance}/connections/${ids.share}`,
        status: 404,
        audit: [],
      },
      {
        name: "update",
        as: "admin",
        method: "PATCH",
        path: () => `/grant-groups/${ids.sales}`,
        body: { description: "Sales sources" },
        status: 200,
        contains: ['"description":"Sales sources"'],
        audit: ["grant_group.update"],
      },
      {
        name: "update unknown is 404",
        as: "admin",
        method: "PATCH",
        path: "/grant-groups/nope",
        body: { description: "x" },
        status: 404,
      },
      {
        name: "an auditor cannot write",
        as: "auditor",
        method: "PATCH",
        path: () => `/grant-groups/${ids.sales}`,
        body: { name: "x" },
        status: 403,
        audit: ["authz.denied"],
      },
      {
        name: "a user cannot read",
        as: "user",
        method: "GET",
        path: () => `/grant-groups/${ids.sales}`,
        status: 403,
        audit: ["authz.denied"],
      },
    ],
  );

  test("deleting a grant group removes its grants and assignments, not the connections or user groups", async () => {
    await runScenario(hub, {
      as: "admin",
      method: "DELETE",
      path: `/grant-groups/${ids.finance}`,
      status: 204,
      audit: ["grant_group.delete"],
    });
    const { connections, grantGroupConnections, userGroupGrantGroups, groups } = hub.deps.database.t;
    const db = hub.deps.database.db;
    expect(
      await db
        .select()
        .from(grantGroupConnections)
        .where(eq(grantGroupConnections.grantGroupId, ids.finance as string)),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(userGroupGrantGroups)
        .where(eq(userGroupGrantGroups.grantGroupId, ids.finance as string)),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(connections)
        .where(eq(connections.id, ids.warehouse as string)),
    ).toHaveLength(1);
    expect(
      await db
        .select()
        .from(groups)
        .where(eq(groups.id, ids.group as string)),
    ).toHaveLength(1);
    await runScenario(hub, { as: "auditor", method: "GET", path: `/grant-groups/${ids.finance}`, status: 404 });
    await runScenario(hub, {
      as: "admin",
      method: "DELETE",
      path: `/grant-groups/${ids.finance}`,
      status: 404,
      audit: [],
    });
  });

  test("concurrent creates of one name in different cases: one 201, the others 409 (the index holds the race)", async () => {
    const names = ["Night Shift", "night shift", "NIGHT SHIFT", "Night shift"];
    const statuses = await Promise.all(
      names.map((name) => hub.request("admin", "POST", "/grant-groups", { name }).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409]);
  });
});
