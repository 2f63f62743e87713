import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import {
  createAccount,
  type HubTestApp,
  makeHubTestApp,
  scenarioTests,
  type TestAccount,
} from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { createWorkflow, placed, requestWithToken, smallWorkflow, wire } from "../../../tests/helpers/hub-workflows";

type Sample = ReturnType<typeof smallWorkflow>;

/** The small workflow with one change, for the invalid-content table. */
const broken = (change: (w: Sample) => void) => {
  const w = structuredClone(smallWorkflow());
  change(w);
  return { name: "broken", content: w };
};

/** Content the Hub refuses, and what the 400's detail must say (JSON-escaped: the answer's text). */
const INVALID: [string, (w: Sample) => void, string][] = [
  [
    "an unknown tool type",
    (w) => ((w.tools[0] as { type: string }).type = "teleport"),
    'unknown tool type \\"teleport\\"',
  ],
  ["a duplicate tool id", (w) => w.tools.push(placed("in", "sample", {})), 'Duplicate tool id \\"in\\"'],
  [
    "a wire from a missing tool",
    (w) => w.wires.push(wire("ghost", "out")),
    'comes from tool \\"ghost\\", which is not in the workflow',
  ],
  [
    "a wire to a missing tool",
    (w) => w.wires.push(wire("in", "nowhere")),
    'goes to tool \\"nowhere\\", which is not in the workflow',
  ],
  [
    "a missing output socket",
    (w) => ((w.wires[0] as { source_socket: string }).source_socket = "nope"),
    'has no output socket \\"nope\\"',
  ],
  [
    "a missing input socket",
    (w) => ((w.wires[0] as { target_socket: string }).target_socket = "left"),
    'has no input socket \\"left\\"',
  ],
  [
    "an unknown engine",
    (w) => ((w.tools[0] as { engine?: string }).engine = "duck/db"),
    'unknown engine \\"duck/db\\"',
  ],
  [
    "a cycle",
    (w) => {
      w.tools.push(placed("f", "filter", {}), placed("g", "sort", {}));
      w.wires.push(wire("f:output-true", "g"), wire("g", "f"));
    },
    "is on a cycle",
  ],
  ["no tools list", (w) => delete (w as { tools?: unknown }).tools, "content.tools"],
  ["a tool without a type", (w) => delete (w.tools[1] as { type?: string }).type, "content.tools.1.type"],
  ["a workflow id with a slash", (w) => (w.meta.workflow_id = "../etc"), "content.meta.workflow_id"],
];

describeHub("workflow routes", (suite) => {
  let hub: HubTestApp;
  let userB: TestAccount;
  /** Workflows: A's (role user), B's (another user), and spare ones for deletes and hand-overs. */
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
    userB = await createAccount(hub.deps, "user", "user-b");
    ids.a = await createWorkflow(hub, "user", "A's Report");
    ids.aSpare = await createWorkflow(hub, "user", "A's spare");
    ids.aHandOver = await createWorkflow(hub, "user", "A's hand-over");
    for (const [key, name] of [
      ["b", "B's secret plan"],
      ["bSpare", "B's spare"],
    ] as const) {
      const res = await requestWithToken(hub, userB.token, "POST", "/workflows", { name, content: smallWorkflow() });
      expect(res.status).toBe(201);
      ids[key] = ((await res.json()) as { id: string }).id;
    }
  });

  const at =
    (key: string, tail = "") =>
    () =>
      `/workflows/${ids[key]}${tail}`;

  describe("creating, and content the Hub refuses (400 naming the problem; nothing stored)", () => {
    scenarioTests(
      () => hub,
      [
        {
          as: "user",
          method: "POST",
          path: "/workflows",
          body: { name: "New", description: "monthly", content: smallWorkflow() },
          status: 201,
          contains: ['"name":"New"', '"description":"monthly"', '"revision":1'],
          audit: ["workflow.create"],
        },
        {
          as: "auditor",
          method: "POST",
          path: "/workflows",
          body: { name: "Mine", content: smallWorkflow() },
          status: 201,
        },
        {
          as: "anonymous",
          method: "POST",
          path: "/workflows",
          body: { name: "X", content: smallWorkflow() },
          status: 401,
        },
        ...INVALID.map(([what, change, message]) => ({
          name: `${what}: 400`,
          as: "user" as const,
          method: "POST" as const,
          path: "/workflows",
          body: broken(change),
          status: 400,
          contains: [message],
          audit: [],
        })),
        {
          as: "user",
          method: "POST",
          path: "/workflows",
          body: { name: " ", content: smallWorkflow() },
          status: 400,
          contains: ["name"],
        },
        { as: "user", method: "POST", path: "/workflows", body: { name: "x" }, status: 400, contains: ["content"] },
        {
          as: "user",
          method: "POST",
          path: "/workflows",
          body: { name: "x", content: smallWorkflow(), owner_id: "someone" },
          status: 400,
          audit: [],
        },
        {
          name: "an invalid save leaves the workflow as it was",
          as: "user",
          method: "PUT",
          path: at("a", "/content"),
          body: () => ({ content: broken((w) => w.wires.push(wire("in", "nowhere"))).content }),
          status: 400,
          contains: ["nowhere"],
          audit: [],
        },
      ],
    );
  });

  describe("visibility: user A never sees B's workflow; auditors see all; admins delete", () => {
    scenarioTests(
      () => hub,
      [
        { as: "user", method: "GET", path: at("b"), status: 404, notContains: ["secret plan"], audit: [] },
        { as: "user", method: "GET", path: at("b", "/revisions"), status: 404, audit: [] },
        { as: "user", method: "GET", path: at("b", "/revisions/1"), status: 404, audit: [] },
        { as: "user", method: "GET", path: at("b", "/diff"), status: 404, audit: [] },
        { as: "user", method: "GET", path: at("b", "/download"), status: 404, audit: [] },
        {
          as: "user",
          method: "PUT",
          path: at("b", "/content"),
          body: { content: smallWorkflow("x") },
          status: 404,
          audit: [],
        },
        { as: "user", method: "POST", path: at("b", "/revisions/1/restore"), status: 404, audit: [] },
        { as: "user", method: "PATCH", path: at("b"), body: { name: "mine now" }, status: 404, audit: [] },
        { as: "user", method: "DELETE", path: at("b"), status: 404, audit: [] },
        { as: "user", method: "GET", path: "/workflows/no-such-id", status: 404, contains: ["No workflow no-such-id"] },
        { as: "auditor", method: "GET", path: at("b"), status: 200, contains: ["B's secret plan", '"content":{'] },
        {
          as: "auditor",
          method: "GET",
          path: at("b", "/download"),
          status: 200,
          contains: ['"workflow_id": "hub-sample"'],
        },
        { as: "admin", method: "GET", path: at("b", "/revisions"), status: 200, contains: ['"total":1'] },
        // Seen but not theirs: 403, audited.
        {
          as: "auditor",
          method: "PUT",
          path: at("b", "/content"),
          body: { content: smallWorkflow("changed") },
          status: 403,
          contains: ["the workflow's owner"],
          audit: ["authz.denied"],
        },
        {
          as: "admin",
          method: "PUT",
          path: at("b", "/content"),
          body: { content: smallWorkflow("c") },
          status: 403,
          audit: ["authz.denied"],
        },
        { as: "owner", method: "POST", path: at("b", "/revisions/1/restore"), status: 403, audit: ["authz.denied"] },
        {
          as: "auditor",
          method: "PATCH",
          path: at("b"),
          body: { name: "renamed" },
          status: 403,
          audit: ["authz.denied"],
        },
        { as: "auditor", method: "DELETE", path: at("b"), status: 403, audit: ["authz.denied"] },
        {
          as: "admin",
          method: "PATCH",
          path: at("b"),
          body: { description: "checked by admin" },
          status: 200,
          contains: ['"description":"checked by admin"'],
          audit: ["workflow.update"],
        },
        {
          as: "admin",
          method: "PATCH",
          path: at("b"),
          body: { description: "checked by admin" },
          status: 200,
          audit: [],
        },
        { as: "admin", method: "DELETE", path: at("b"), status: 204, audit: ["workflow.delete"] },
        { as: "auditor", method: "GET", path: at("b"), status: 404 },
        // The owner of the workflow, role user, renames and deletes their own.
        {
          as: "user",
          method: "PATCH",
          path: at("aSpare"),
          body: { name: "A's renamed" },
          status: 200,
          contains: ["A's renamed"],
          audit: ["workflow.update"],
        },
        { as: "user", method: "PATCH", path: at("aSpare"), body: {}, status: 400, contains: ["give a name"] },
        { as: "user", method: "DELETE", path: at("aSpare"), status: 204, audit: ["workflow.delete"] },
        { as: "user", method: "GET", path: at("aSpare"), status: 404 },
        // Handing a workflow on is an admin's.
        {
          as: "user",
          method: "PATCH",
          path: at("aHandOver"),
          body: { owner_id: "x" },
          status: 403,
          contains: ["admin"],
          audit: ["authz.denied"],
        },
        {
          as: "admin",
          method: "PATCH",
          path: at("aHandOver"),
          body: { owner_id: "no-such-user" },
          status: 400,
          contains: ["no user no-such-user"],
          audit: [],
        },
      ],
    );

    test("user B may not delete A's workflow (404: B cannot see it); it stays", async () => {
      const res = await requestWithToken(hub, userB.token, "DELETE", `/workflows/${ids.a}`);
      expect(res.status).toBe(404);
      expect((await hub.request("user", "GET", `/workflows/${ids.a}`)).status).toBe(200);
    });

    test("an admin hands A's workflow to B: B sees and edits it, A no longer does", async () => {
      const res = await hub.request("admin", "PATCH", `/workflows/${ids.aHandOver}`, { owner_id: userB.user.id });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ owner_id: userB.user.id });
      expect((await hub.request("user", "GET", `/workflows/${ids.aHandOver}`)).status).toBe(404);
      const saved = await requestWithToken(hub, userB.token, "PUT", `/workflows/${ids.aHandOver}/content`, {
        content: smallWorkflow("b-version"),
      });
      expect(await saved.json()).toMatchObject({ revision: 2, revision_created: true });
    });

    test("the lists: role user gets its own only, auditors and above everyone's, by name and owner", async () => {
      const names = async (as: "user" | "auditor" | "owner", query = "") => {
        const res = await hub.request(as, "GET", `/workflows${query}`);
        expect(res.status).toBe(200);
        const body = (await res.json()) as { workflows: { name: string; owner_id: string }[]; total: number };
        return { names: body.workflows.map((w) => w.name).sort(), total: body.total };
      };
      expect(await names("user")).toEqual({ names: ["A's Report", "New"], total: 2 });
      expect(await names("user", `?owner_id=${userB.user.id}`)).toEqual({ names: [], total: 0 });
      const all = await names("auditor");
      expect(all.names).toEqual(["A's Report", "A's hand-over", "B's spare", "Mine", "New"]);
      expect(await names("owner", "?name=a%27S%20")).toEqual({ names: ["A's Report", "A's hand-over"], total: 2 });
      expect(await names("owner", `?owner_id=${userB.user.id}`)).toEqual({
        names: ["A's hand-over", "B's spare"],
        total: 2,
      });
      // LIKE's wildcards are taken literally.
      expect(await names("owner", "?name=%25")).toEqual({ names: [], total: 0 });
      expect(await names("owner", "?name=_")).toEqual({ names: [], total: 0 });
      const page = await hub.request("auditor", "GET", "/workflows?limit=2&offset=1");
      expect(await page.json()).toMatchObject({ total: 5, workflows: [{}, {}] });
      expect((await hub.request("auditor", "GET", "/workflows?limit=0")).status).toBe(400);
    });
  });

  test("audit events name the workflow, the revision and the hash; never the content", async () => {
    const before = await hub.auditHead();
    const content = { ...smallWorkflow("audited"), tools: [...smallWorkflow().tools, placed("s", "sort", {})] };
    const res = await hub.request("user", "PUT", `/workflows/${ids.a}/content`, { content, message: "add a sort" });
    expect(await res.json()).toMatchObject({ revision: 2, revision_created: true });
    const { auditEvents } = hub.deps.database.t;
    const [event] = await hub.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "workflow.content_update"), eq(auditEvents.targetId, ids.a as string)));
    expect(event?.seq).toBe(before + 1);
    expect(event).toMatchObject({ actorType: "user", actorId: hub.accounts.user.user.id, targetType: "workflow" });
    const details = JSON.parse(event?.details ?? "{}");
    expect(details).toEqual({
      revision: 2,
      content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      message: "add a sort",
    });
  });

  test("fields the contract does not know are stored and downloaded as sent", async () => {
    const content = { ...smallWorkflow(), meta: { workflow_id: "x", designer: { zoom: 1.5 } }, notes: "keep me" };
    (content.tools[0] as Record<string, unknown>).comment = "the monthly file";
    const id = await createWorkflow(hub, "user", "Ünïcode/Report: v2?", content);
    const res = await hub.request("user", "GET", `/workflows/${id}/download`);
    expect(await res.json()).toEqual(content);
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="_n_code_Report_ v2_.weft.json"; filename*=UTF-8''%C3%9Cn%C3%AFcode_Report_%20v2_.weft.json`,
    );
  });

  test("a workflow outlives its owner's account: ownerless, auditors see it, an admin hands it on", async () => {
    const leaver = await createAccount(hub.deps, "user", "leaver");
    const res = await requestWithToken(hub, leaver.token, "POST", "/workflows", {
      name: "left behind",
      content: smallWorkflow(),
    });
    const { id } = (await res.json()) as { id: string };
    await hub.deps.database.transaction(async (tx) => {
      await tx.db.delete(tx.t.users).where(eq(tx.t.users.id, leaver.user.id));
    });
    expect(await (await hub.request("auditor", "GET", `/workflows/${id}`)).json()).toMatchObject({ owner_id: null });
    expect((await hub.request("user", "GET", `/workflows/${id}`)).status).toBe(404);
    const edit = { content: smallWorkflow("orphan") };
    expect((await hub.request("admin", "PUT", `/workflows/${id}/content`, edit)).status).toBe(403);
    const handed = await hub.request("admin", "PATCH", `/workflows/${id}`, { owner_id: hub.accounts.user.user.id });
    expect(await handed.json()).toMatchObject({ owner_id: hub.accounts.user.user.id });
    expect(await (await hub.request("user", "PUT", `/workflows/${id}/content`, edit)).json()).toMatchObject({
      revision: 2,
      revision_created: true,
    });
    const [revision1] = await hub.deps.database.db
      .select({ authorId: hub.deps.database.t.workflowRevisions.authorId })
      .from(hub.deps.database.t.workflowRevisions)
      .where(
        and(
          eq(hub.deps.database.t.workflowRevisions.workflowId, id),
          eq(hub.deps.database.t.workflowRevisions.revision, 1),
        ),
      );
    expect(revision1).toEqual({ authorId: null });
  });
});
