import { beforeAll, expect, test } from "bun:test";
import { newId } from "../../../../../src/shared/ids";
import { type HubTestApp, makeHubTestApp } from "../../../../../tests/helpers/api-scenario";
import { describeHub } from "../../../../../tests/helpers/hub-db";
import { createWorkflow } from "../../../../../tests/helpers/hub-workflows";
import { createHubClient } from "../../../lib/hub-api";
import type { AuditEvent } from "../audit/audit-api";
import { describeEvent } from "./activity-sentence";
import { createNameBook } from "./name-book";

/*
 * The name book against a whole Hub app in process, as an auditor: the names a page of audit
 * events mentions are looked up once each, a deleted thing is remembered as gone, and the
 * sentences then read with names.
 */

describeHub("the Activity's name book", (suite) => {
  let hub: HubTestApp;
  const asked: string[] = [];
  const auditor = () =>
    createHubClient({
      base: "/api/v1",
      session: () => hub.accounts.auditor.token,
      fetch: async (url, init) => {
        asked.push(`${init.method} ${url}`);
        return hub.app.request(url, init);
      },
    });
  let executionId: string;
  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx());
    const post = async (path: string, body: unknown) => (await hub.request("admin", "POST", path, body)).json();
    const bob = (await post("/users", { username: "bob", password: "a long enough password", role: "user" })) as {
      id: string;
    };
    const group = (await post("/groups", { name: "Analysts" })) as { id: string };
    await post(`/groups/${group.id}/members`, { user_id: bob.id });
    const gone = (await post("/groups", { name: "Old team" })) as { id: string };
    await hub.request("admin", "DELETE", `/groups/${gone.id}`);
    const workflowId = await createWorkflow(hub, "admin", "Sales");
    executionId = newId();
    await hub.deps.database.transaction((tx) =>
      tx.db.insert(tx.t.executions).values({
        id: executionId,
        workflowId,
        revision: 1,
        status: "failed",
        createdAt: new Date(),
      }),
    );
    await hub.deps.audit.write((_tx, record) =>
      record({
        actorType: "system",
        actorId: null,
        action: "execution.finish",
        targetType: "execution",
        targetId: executionId,
        details: { status: "failed", error: "file not found" },
      }),
    );
  });

  test("looks up each name once, and the sentences read with them", async () => {
    const client = auditor();
    const { events } = await client.request<{ events: AuditEvent[] }>("GET", "/audit/events?limit=100");
    const book = createNameBook(client);
    asked.length = 0;
    await book.learn(events);
    const admin = hub.accounts.admin.user.username;
    const sentences = events.map((e) => describeEvent(e, book).text);
    expect(sentences).toContain(`${admin} created user bob with role user`);
    expect(sentences).toContain(`${admin} added bob to user group “Analysts”`);
    expect(sentences).toContain(`${admin} created workflow “Sales”`);
    expect(sentences).toContain(`A run of “Sales” (execution ${executionId.slice(0, 8)}) failed: file not found`);
    // The page shows the group deleted: its events say its name, and nobody asks the Hub for it.
    expect(sentences).toContain(`${admin} deleted user group “Old team”`);
    expect(sentences).toContain(`${admin} created user group “Old team”`);
    expect(asked.filter((a) => a.includes("/groups/")).length).toBe(1);
    // Each thing once, however many events name it.
    expect(new Set(asked).size).toBe(asked.length);

    asked.length = 0;
    await book.learn(events);
    expect(asked).toEqual([]);
  });

  test("a thing the Hub no longer has is remembered as gone", async () => {
    const client = auditor();
    const { events } = await client.request<{ events: AuditEvent[] }>("GET", "/audit/events?action=group.create");
    const old = events.find((e) => e.details.name === "Old team") as AuditEvent;
    const book = createNameBook(client);
    asked.length = 0;
    await book.learn([old]);
    expect(asked.filter((a) => a.includes(`/groups/${old.target_id}`))).toHaveLength(1);
    expect(book.of("group", old.target_id)).toBeUndefined();
    // The event's own record names it.
    expect(describeEvent(old, book).text).toBe(`${hub.accounts.admin.user.username} created user group “Old team”`);
    asked.length = 0;
    await book.learn([old]);
    expect(asked).toEqual([]);
  });
});
