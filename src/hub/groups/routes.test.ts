import { beforeAll, expect, test } from "bun:test";
import {
  createAccount,
  type HubTestApp,
  makeHubTestApp,
  runScenario,
  scenarioTests,
} from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { grantChain } from "../../../tests/helpers/hub-grant-chain";

describeHub("user groups: CRUD, members, grant-group assignment", (suite) => {
  let hub: HubTestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
    ids.ann = (await createAccount(hub.deps, "user", "ann-member")).user.id;
    ids.bob = (await createAccount(hub.deps, "auditor", "bob-member")).user.id;
    ids.gg = await grantChain(hub.deps).grantGroup("Finance data");
    ids.gg2 = await grantChain(hub.deps).grantGroup("Sales data");
  });
  const remember = (key: string) => async (body: unknown) => {
    ids[key] = (body as { id: string }).id;
  };
  const save = async (key: string, s: Parameters<typeof runScenario>[1]) => remember(key)(await runScenario(hub, s));

  test("create answers the group with its id; names are unique ignoring case (409)", async () => {
    await save("analysts", {
      as: "admin",
      method: "POST",
      path: "/groups",
      body: { name: "Analysts", description: "The analysts" },
      status: 201,
      contains: ['"name":"Analysts"', '"description":"The analysts"', '"id":"'],
      audit: ["group.create"],
    });
    await save("ops", { as: "owner", method: "POST", path: "/groups", body: { name: "Ops" }, status: 201 });
    await runScenario(hub, {
      as: "admin",
      method: "POST",
      path: "/groups",
      body: { name: "analysts" },
      status: 409,
      audit: [],
    });
    await runScenario(hub, {
      as: "admin",
      method: "PATCH",
      path: `/groups/${ids.ops}`,
      body: { name: "ANALYSTS" },
      status: 409,
    });
  });

  scenarioTests(
    () => hub,
    [
      {
        name: "an empty name is 400",
        as: "admin",
        method: "POST",
        path: "/groups",
        body: { name: "  " },
        status: 400,
        contains: ["name"],
      },
      {
        name: "an unknown field is 400",
        as: "admin",
        method: "POST",
        path: "/groups",
        body: { name: "x", members: [] },
        status: 400,
      },
      {
        name: "an empty patch is 400",
        as: "admin",
        method: "PATCH",
        path: () => `/groups/${ids.ops}`,
        body: {},
        status: 400,
      },
      {
        name: "list, filtered",
        as: "auditor",
        method: "GET",
        path: "/groups?name=anal",
        status: 200,
        contains: ['"total":1', "Analysts"],
        notContains: ['"Ops"'],
      },
      {
        name: "list, paged",
        as: "auditor",
        method: "GET",
        path: "/groups?limit=1&offset=1",
        status: 200,
        contains: ['"total":2', '"name":"Ops"'],
        notContains: ["Analysts"],
      },
      {
        name: "get",
        as: "auditor",
        method: "GET",
        path: () => `/groups/${ids.analysts}`,
        status: 200,
        contains: ['"name":"Analysts"'],
      },
      { name: "get unknown", as: "auditor", method: "GET", path: "/groups/nope", status: 404 },
      {
        name: "rename",
        as: "admin",
        method: "PATCH",
        path: () => `/groups/${ids.ops}`,
        body: { name: "Operations", description: null },
        status: 200,
        contains: ['"name":"Operations"', '"description":null'],
        audit: ["group.update"],
      },
      {
        name: "patch unknown",
        as: "admin",
        method: "PATCH",
        path: "/groups/nope",
        body: { name: "x" },
        status: 404,
        audit: [],
      },
      // Members.
      {
        name: "add a member",
        as: "admin",
        method: "POST",
        path: () => `/groups/${ids.analysts}/members`,
        body: () => ({ user_id: ids.ann }),
        status: 201,
        contains: ['"username":"ann-member"'],
        audit: ["group.member_add"],
      },
      {
        name: "add another",
        as: "owner",
        method: "POST",
        path: () => `/groups/${ids.analysts}/members`,
        body: () => ({ user_id: ids.bob }),
        status: 201,
      },
      {
        name: "a member twice is 409",
        as: "admin",
        method: "POST",
        path: () => `/groups/${ids.analysts}/members`,
        body: () => ({ user_id: ids.ann }),
        status: 409,
        audit: [],
      },
      {
        name: "an unknown user is 404",
        as: "admin",
        method: "POST",
        path: () => `/groups/${ids.analysts}/members`,
        body: { user_id: "nope" },
        status: 404,
        audit: [],
      },
      {
        name: "members of an unknown group is 404",
        as: "admin",
        method: "POST",
        path: "/groups/nope/members",
        body: () => ({ user_id: ids.ann }),
        status: 404,
      },
      {
        name: "a body without user_id is 400",
        as: "admin",
        method: "POST",
        path: () => `/groups/${ids.analysts}/members`,
        body: {},
        status: 400,
      },
      {
        name: "members, filtered",
        as: "auditor",
        method: "GET",
        path: () => `/groups/${ids.analysts}/members?name=ANN`,
        status: 200,
        contains: ['"total":1', "ann-member"],
        notContains: ["bob-member"],
      },
      {
        name: "members, all",
        as: "auditor",
        method: "GET",
        path: () => `/groups/${ids.analysts}/members`,
        status: 200,
        contains: ['"total":2'],
        notContains: ["password"],
      },
      {
        name: "a user's groups",
        as: "auditor",
        method: "GET",
        path: () => `/users/${ids.ann}/groups`,
        status: 200,
        contains: ['"total":1', "Analysts"],
      },
      {
        name: "remove a member",
        as: "admin",
        method: "DELETE",
        path: () => `/groups/${ids.analysts}/members/${ids.bob}`,
        status: 204,
        audit: ["group.member_remove"],
      },
      {
        name: "remove a non-member is 404",
        as: "admin",
        method: "DELETE",
        path: () => `/groups/${ids.analysts}/members/${ids.bob}`,
        status: 404,
        audit: [],
      },
      // Grant groups, assigned from this side.
      {
        name: "assign a grant group",
        as: "admin",
        method: "POST",
        path: () => `/groups/${ids.analysts}/grant-groups/${ids.gg}`,
        status: 201,
        contains: ['"name":"Finance data"'],
        audit: ["group.grant_add"],
      },
      {
        name: "assign it twice is 409",
        as: "admin",
        method: "POST",
        path: () => `/groups/${ids.analysts}/grant-groups/${ids.gg}`,
        status: 409,
        audit: [],
      },
      {
        name: "assign an unknown grant group is 404",
        as: "admin",
        method: "POST",
        path: () => `/groups/${ids.analysts}/grant-groups/nope`,
        status: 404,
      },
      {
        name: "assign to an unknown group is 404",
        as: "admin",
        method: "POST",
        path: () => `/groups/nope/grant-groups/${ids.gg}`,
        status: 404,
      },
      {
        name: "assign a second",
        as: "admin",
        method: "POST",
        path: () => `/groups/${ids.analysts}/grant-groups/${ids.gg2}`,
        status: 201,
      },
      {
        name: "one grant group in many user groups",
        as: "admin",
        method: "POST",
        path: () => `/groups/${ids.ops}/grant-groups/${ids.gg}`,
        status: 201,
      },
      {
        name: "assigned grant groups, filtered",
        as: "auditor",
        method: "GET",
        path: () => `/groups/${ids.analysts}/grant-groups?name=sales`,
        status: 200,
        contains: ['"total":1', "Sales data"],
        notContains: ["Finance"],
      },
      {
        name: "the grant-group side sees both user groups",
        as: "auditor",
        method: "GET",
        path: () => `/grant-groups/${ids.gg}/user-groups`,
        status: 200,
        contains: ['"total":2', "Analysts", "Operations"],
      },
      {
        name: "unassign",
        as: "admin",
        method: "DELETE",
        path: () => `/groups/${ids.analysts}/grant-groups/${ids.gg2}`,
        status: 204,
        audit: ["group.grant_remove"],
      },
      {
        name: "unassign again is 404",
        as: "admin",
        method: "DELETE",
        path: () => `/groups/${ids.analysts}/grant-groups/${ids.gg2}`,
        status: 404,
      },
      // Roles.
      {
        name: "an auditor cannot write",
        as: "auditor",
        method: "POST",
        path: "/groups",
        body: { name: "Nope" },
        status: 403,
        audit: ["authz.denied"],
      },
      { name: "a user cannot read", as: "user", method: "GET", path: "/groups", status: 403, audit: ["authz.denied"] },
    ],
  );

  test("deleting a group takes its memberships and assignments with it, not the users or grant groups", async () => {
    await runScenario(hub, {
      as: "admin",
      method: "DELETE",
      path: `/groups/${ids.analysts}`,
      status: 204,
      audit: ["group.delete"],
    });
    await runScenario(hub, { as: "auditor", method: "GET", path: `/groups/${ids.analysts}`, status: 404 });
    const groups = await runScenario(hub, {
      as: "auditor",
      method: "GET",
      path: `/users/${ids.ann}/groups`,
      status: 200,
    });
    expect(groups).toEqual({ groups: [], total: 0 });
    const holders = await runScenario(hub, {
      as: "auditor",
      method: "GET",
      path: `/grant-groups/${ids.gg}/user-groups`,
      status: 200,
    });
    expect(holders).toMatchObject({ total: 1, groups: [{ name: "Operations" }] });
    await runScenario(hub, { as: "admin", method: "DELETE", path: `/groups/${ids.analysts}`, status: 404, audit: [] });
  });

  test("concurrent creates of one name in different cases: one 201, the others 409 (the index holds the race)", async () => {
    const names = ["Night Shift", "night shift", "NIGHT SHIFT", "Night shift"];
    const statuses = await Promise.all(
      names.map((name) => hub.request("admin", "POST", "/groups", { name }).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409]);
  });
});
