import { beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { startExecution } from "../../src/hub/executions/runner";
import { SSE_HEARTBEAT_MS } from "../../src/hub/executions/sse";
import { newId } from "../../src/shared/ids";
import { createAccount, type HubTestApp, makeHubTestApp, scenarioTests } from "../helpers/api-scenario";
import { describeHub } from "../helpers/hub-db";
import { createWorkflow, requestWithToken } from "../helpers/hub-workflows";
import { manualEvery, readSse } from "../helpers/sse";
import { waitUntil } from "../helpers/wait";

/*
 * Who sees which execution, listed and streamed: two users and an auditor. No Server is
 * registered, so every run ends at once as failed ("No online Server may serve you now"):
 * the records and their events are real, and none needs a Server.
 */
describeHub("executions: who sees and streams what", (suite) => {
  let hub: HubTestApp;
  let other: { token: string; user: { id: string } };
  let mine: string;
  let theirs: string;
  const ids: Record<string, string> = {};
  const ticks = manualEvery();

  const asOther = (method: string, path: string, body?: unknown) =>
    requestWithToken(hub, other.token, method, path, body);
  const json = async (res: Response | Promise<Response>) => (await (await res).json()) as never;
  const ended = (id: string) => async () => {
    const row = await hub.deps.database.db.select().from(hub.deps.database.t.executions);
    return row.find((r) => r.id === id)?.status === "failed";
  };

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { executions: { every: ticks.every } });
    other = await createAccount(hub.deps, "user", "second-user");
    mine = await createWorkflow(hub, "user", "mine");
    const res = await asOther("POST", "/workflows", {
      name: "theirs",
      content: ((await json(hub.request("user", "GET", `/workflows/${mine}`))) as { content: unknown }).content,
    });
    theirs = ((await res.json()) as { id: string }).id;
  });

  test("each user streams only their own runs; the auditor streams both; each run fails for want of a Server", async () => {
    const [a, b, aud] = await Promise.all([
      hub.request("user", "GET", "/executions/stream"),
      asOther("GET", "/executions/stream"),
      hub.request("auditor", "GET", "/executions/stream"),
    ]);
    expect(a.headers.get("content-type")).toStartWith("text/event-stream");
    const streams = { a: readSse(a), b: readSse(b), aud: readSse(aud) };
    const before = await hub.auditHead();
    ids.a = ((await json(hub.request("user", "POST", "/executions", { workflow_id: mine }))) as { id: string }).id;
    ids.b = ((await json(asOther("POST", "/executions", { workflow_id: theirs }))) as { id: string }).id;
    await waitUntil(ended(ids.a), "run a to fail");
    await waitUntil(ended(ids.b), "run b to fail");
    const finished = (id: string) => (evs: { event: string; data: { execution_id: string; status: string } }[]) =>
      evs.some((e) => e.data.execution_id === id && e.data.status === "failed");
    await streams.aud.until((evs) => finished(ids.a as string)(evs) && finished(ids.b as string)(evs), "both ends");
    await streams.a.until(finished(ids.a), "a's end");
    await streams.b.until(finished(ids.b), "b's end");
    expect(new Set(streams.a.events.map((e) => e.data.execution_id))).toEqual(new Set([ids.a]));
    expect(new Set(streams.b.events.map((e) => e.data.execution_id))).toEqual(new Set([ids.b]));
    const changes = streams.a.events.filter((e) => e.event !== "execution.log");
    expect(changes.map((e) => `${e.event}:${e.data.status}`)).toEqual([
      "execution.created:queued",
      "execution.updated:failed",
    ]);
    expect(changes[1]?.data.error).toContain("No online Server may serve you now");
    const logged = streams.a.events.find((e) => e.event === "execution.log");
    expect(logged?.data.line).toContain("not started: No online Server may serve you now");
    for (const s of Object.values(streams)) await s.close();
    const actions = await hub.auditActionsSince(before);
    expect(actions.filter((a) => a === "execution.create")).toHaveLength(2);
    expect(actions.filter((a) => a === "execution.finish")).toHaveLength(2);

    // Reconnecting with Last-Event-ID: a replays only its own events after that id.
    const firstId = streams.a.events[0]?.id as number;
    const again = await hub.app.request("/api/v1/executions/stream", {
      headers: { Authorization: `Bearer ${hub.accounts.user.token}`, "Last-Event-ID": String(firstId) },
    });
    const resumed = readSse(again);
    await resumed.until((evs) => evs.length === streams.a.events.length - 1, "the events after it");
    expect(resumed.events.map((e) => e.id)).toEqual(streams.a.events.slice(1).map((e) => e.id));
    await resumed.close();
  });

  test("over real HTTP, a client that goes away is unsubscribed (its heartbeat timer stops)", async () => {
    const listener = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: hub.app.fetch });
    try {
      const before = ticks.count(SSE_HEARTBEAT_MS);
      const leaving = new AbortController();
      const res = await fetch(`http://127.0.0.1:${listener.port}/api/v1/executions/stream`, {
        headers: { Authorization: `Bearer ${hub.accounts.user.token}` },
        signal: leaving.signal,
      });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe(": connected\n\n");
      expect(ticks.count(SSE_HEARTBEAT_MS)).toBe(before + 1);
      leaving.abort();
      await reader.read().catch(() => undefined);
      await waitUntil(() => ticks.count(SSE_HEARTBEAT_MS) === before, "the stream to be dropped");
    } finally {
      listener.stop(true);
    }
  });

  test("a run another part of the Hub inserted (a schedule's dispatch) and started is published from created on", async () => {
    const stream = readSse(await hub.request("auditor", "GET", "/executions/stream"));
    const id = newId();
    const now = hub.deps.clock();
    await hub.deps.database.transaction((tx) =>
      tx.db.insert(tx.t.executions).values({
        id,
        workflowId: mine,
        revision: 1,
        userId: hub.accounts.user.user.id,
        status: "queued",
        createdAt: now,
        scheduledFor: now,
      }),
    );
    startExecution(hub.deps, id);
    await stream.until((evs) => evs.some((e) => e.data.execution_id === id && e.data.status === "failed"), "its end");
    const changes = stream.events.filter((e) => e.data.execution_id === id && e.event !== "execution.log");
    expect(changes.map((e) => e.event)).toEqual(["execution.created", "execution.updated"]);
    expect(changes[0]?.data).toMatchObject({ status: "queued", scheduled_for: now.toISOString(), revision: 1 });
    await stream.close();
    await hub.deps.database.transaction((tx) => tx.db.delete(tx.t.executions).where(eq(tx.t.executions.id, id)));
  });

  test("lists: a user sees their own, an auditor all, with filters", async () => {
    const list = (as: "user" | "auditor", query = "") => json(hub.request(as, "GET", `/executions${query}`));
    expect(await list("user")).toMatchObject({
      total: 1,
      executions: [{ id: ids.a, user_id: hub.accounts.user.user.id }],
    });
    expect(((await list("auditor")) as { total: number }).total).toBe(2);
    expect(await list("user", `?user_id=${other.user.id}`)).toEqual({ executions: [], total: 0 } as never);
    expect(await list("auditor", `?user_id=${other.user.id}`)).toMatchObject({ total: 1, executions: [{ id: ids.b }] });
    expect(await list("auditor", `?workflow_id=${mine}`)).toMatchObject({ total: 1, executions: [{ id: ids.a }] });
    expect(((await list("auditor", "?status=failed")) as { total: number }).total).toBe(2);
    expect(((await list("auditor", "?status=running")) as { total: number }).total).toBe(0);
    expect(((await list("auditor", "?schedule_id=none")) as { total: number }).total).toBe(0);
    const future = "2999-01-01T00:00:00Z";
    expect(((await list("auditor", `?from=${future}`)) as { total: number }).total).toBe(0);
    expect(((await list("auditor", `?to=${future}`)) as { total: number }).total).toBe(2);
    expect(((await list("auditor", "?limit=1")) as { executions: unknown[]; total: number }).executions).toHaveLength(
      1,
    );
    expect((await hub.request("auditor", "GET", "/executions?status=nope")).status).toBe(400);
  });

  scenarioTests(
    () => hub,
    [
      {
        name: "another user's run is a 404",
        as: "user",
        method: "GET",
        path: () => `/executions/${ids.b}`,
        status: 404,
      },
      {
        name: "an auditor reads anyone's",
        as: "auditor",
        method: "GET",
        path: () => `/executions/${ids.b}`,
        status: 200,
        contains: ['"error":"No online Server'],
      },
      {
        name: "another user's artifacts are a 404",
        as: "user",
        method: "GET",
        path: () => `/executions/${ids.b}/artifacts`,
        status: 404,
      },
      {
        name: "another user's cancel is a 404",
        as: "user",
        method: "POST",
        path: () => `/executions/${ids.b}/cancel`,
        status: 404,
        audit: [],
      },
      {
        name: "an auditor may not cancel",
        as: "auditor",
        method: "POST",
        path: () => `/executions/${ids.b}/cancel`,
        status: 403,
        audit: ["authz.denied"],
      },
      {
        name: "an ended run cannot be cancelled",
        as: "admin",
        method: "POST",
        path: () => `/executions/${ids.b}/cancel`,
        status: 409,
      },
      {
        name: "running another user's workflow is a 404",
        as: "user",
        method: "POST",
        path: "/executions",
        body: () => ({ workflow_id: theirs }),
        status: 404,
        audit: [],
      },
      {
        name: "a revision that does not exist is a 404",
        as: "user",
        method: "POST",
        path: "/executions",
        body: () => ({ workflow_id: mine, revision: 9 }),
        status: 404,
        contains: ["has no revision 9"],
      },
      {
        name: "an auditor's views are refused to a user",
        as: "user",
        method: "GET",
        path: () => `/executions/${ids.a}/logs`,
        status: 403,
      },
      {
        name: "the logs view",
        as: "auditor",
        method: "GET",
        path: () => `/executions/${ids.a}/logs`,
        status: 200,
        contains: ["No online Server may serve you now"],
      },
    ],
  );
});
