import { beforeAll, describe, expect, test } from "bun:test";
import { type HubTestApp, makeHubTestApp } from "../../../tests/helpers/api-scenario";
import { describeHub } from "../../../tests/helpers/hub-db";
import { EMPTY_DIFF, placed, wire } from "../../../tests/helpers/hub-workflows";
import { manualClock } from "../../../tests/helpers/manual-clock";
import type { Workflow } from "../../shared/workflow";

/** Revision 1: an Input, a Filter, an Output wired in a line, and a Sample off to the side. */
const rev1: Workflow = {
  meta: { workflow_id: "sales-report", name: "Sales report" },
  tools: [
    placed("in", "input", { source: "sales.csv", options: { delimiter: ";" } }, 0, 0),
    placed("big", "filter", { mode: "basic", column: "amount", operator: ">", value: 100 }, 200, 0),
    placed("out", "output", { path: "big.csv" }, 400, 0),
    placed("peek", "sample", { method: "first", n: 10 }, 200, 200),
  ],
  wires: [wire("in", "big"), wire("big:output-true", "out")],
};

const edit = (w: Workflow, change: (copy: Workflow) => void): Workflow => {
  const copy = structuredClone(w);
  change(copy);
  return copy;
};
const tool = (w: Workflow, id: string) => w.tools.find((t) => t.id === id) as Workflow["tools"][number];

// Each edit does one kind of change, so each diff has exactly one kind of entry.
const rev2 = edit(rev1, (w) => {
  w.tools.push(placed("order", "sort", { by: [{ column: "amount", descending: true }] }, 300, 100));
});
const rev3 = edit(rev2, (w) => {
  w.tools = w.tools.filter((t) => t.id !== "peek");
});
const rev4 = edit(rev3, (w) => {
  tool(w, "big").config = { mode: "basic", column: "amount", operator: ">=", value: 250 };
});
const rev5 = edit(rev4, (w) => {
  tool(w, "out").position = { x: 640, y: 80 };
});
const rev6 = edit(rev5, (w) => {
  w.wires = [wire("in", "big"), wire("big:output-true", "order"), wire("order", "out")];
});

describeHub("workflow revisions and diffs", (suite) => {
  const time = manualClock("2026-03-01T09:00:00.000Z");
  let hub: HubTestApp;
  let id: string;
  const call = async (method: "GET" | "POST" | "PUT", path: string, body?: unknown) => {
    const res = await hub.request("user", method, path, body);
    const text = await res.text();
    expect({ path, status: res.status, text }).toMatchObject({ status: 200 });
    return JSON.parse(text);
  };

  beforeAll(async () => {
    hub = await makeHubTestApp(suite.ctx(), { clock: time.clock });
    const res = await hub.request("user", "POST", "/workflows", { name: "Sales report", content: rev1 });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string };
    expect(created).toMatchObject({ name: "Sales report", revision: 1, owner_id: hub.accounts.user.user.id });
    id = created.id;
  });

  describe("five edits: add, remove, change, move, rewire", () => {
    const edits: [string, Workflow, object][] = [
      ["add a tool", rev2, { tools_added: ["order"] }],
      ["remove a tool", rev3, { tools_removed: ["peek"] }],
      [
        "change a tool's config",
        rev4,
        {
          tools_changed: [
            { id: "big", type: "filter", config_keys_changed: ["operator", "value"], fields_changed: [] },
          ],
        },
      ],
      ["move a tool", rev5, { tools_moved: ["out"] }],
      [
        "rewire",
        rev6,
        {
          wires_added: [wire("big:output-true", "order"), wire("order", "out")],
          wires_removed: [wire("big:output-true", "out")],
        },
      ],
    ];
    for (const [index, [what, content, changes]] of edits.entries()) {
      const revision = index + 2;
      test(`revision ${revision}: ${what}`, async () => {
        time.advance(60_000);
        const before = await hub.auditHead();
        const saved = await call("PUT", `/workflows/${id}/content`, { content, message: what });
        expect(saved).toMatchObject({ id, revision, revision_created: true, updated_at: time.now().toISOString() });
        expect(await hub.auditActionsSince(before)).toEqual(["workflow.content_update"]);
        const diff = await call("GET", `/workflows/${id}/diff?from=${revision - 1}&to=${revision}`);
        expect(diff).toEqual({ from: revision - 1, to: revision, ...EMPTY_DIFF, ...changes });
        // Without `from` and `to`: the newest revision against the one before.
        expect(await call("GET", `/workflows/${id}/diff`)).toEqual(diff);
      });
    }

    test("from the first revision to the last, every change at once; backwards, the reverse", async () => {
      const forward = {
        tools_added: ["order"],
        tools_removed: ["peek"],
        tools_changed: [{ id: "big", type: "filter", config_keys_changed: ["operator", "value"], fields_changed: [] }],
        tools_moved: ["out"],
        wires_added: [wire("big:output-true", "order"), wire("order", "out")],
        wires_removed: [wire("big:output-true", "out")],
      };
      expect(await call("GET", `/workflows/${id}/diff?from=1&to=6`)).toEqual({ from: 1, to: 6, ...forward });
      expect(await call("GET", `/workflows/${id}/diff?from=6&to=1`)).toEqual({
        from: 6,
        to: 1,
        tools_added: ["peek"],
        tools_removed: ["order"],
        tools_changed: [{ id: "big", type: "filter", config_keys_changed: ["operator", "value"], fields_changed: [] }],
        tools_moved: ["out"],
        wires_added: [wire("big:output-true", "out")],
        wires_removed: [wire("big:output-true", "order"), wire("order", "out")],
      });
      expect(await call("GET", `/workflows/${id}/diff?from=3&to=3`)).toEqual({ from: 3, to: 3, ...EMPTY_DIFF });
    });
  });

  test("the revisions list newest first, with author, message, time and hash, and pages", async () => {
    const all = await call("GET", `/workflows/${id}/revisions`);
    expect(all.total).toBe(6);
    expect(all.revisions.map((r: { revision: number }) => r.revision)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(all.revisions[0]).toEqual({
      revision: 6,
      message: "rewire",
      author_id: hub.accounts.user.user.id,
      created_at: "2026-03-01T09:05:00.000Z",
      content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(all.revisions[5]).toMatchObject({ revision: 1, message: null, created_at: "2026-03-01T09:00:00.000Z" });
    const page = await call("GET", `/workflows/${id}/revisions?limit=2&offset=2`);
    expect(page).toEqual({ revisions: all.revisions.slice(2, 4), total: 6 });
  });

  test("unchanged content (keys in another order, same values) makes no revision and no audit event", async () => {
    // The same values with every object's keys written in reverse order.
    const reversedKeys = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversedKeys)
        : value && typeof value === "object"
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reversedKeys(v)]),
            )
          : value;
    const reordered = reversedKeys(rev6);
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(rev6));
    const before = await hub.auditHead();
    time.advance(60_000);
    for (const content of [rev6, reordered]) {
      const saved = await call("PUT", `/workflows/${id}/content`, { content, message: "again" });
      expect(saved).toMatchObject({ revision: 6, revision_created: false, updated_at: "2026-03-01T09:05:00.000Z" });
    }
    expect(await hub.auditActionsSince(before)).toEqual([]);
    expect((await call("GET", `/workflows/${id}/revisions`)).total).toBe(6);
  });

  test("restoring revision 1 makes it the newest as revision 7, saying so; history stays", async () => {
    time.advance(60_000);
    const before = await hub.auditHead();
    const restored = await call("POST", `/workflows/${id}/revisions/1/restore`);
    expect(restored).toMatchObject({ id, revision: 7, revision_created: true });
    expect(await hub.auditActionsSince(before)).toEqual(["workflow.restore"]);
    const seven = await call("GET", `/workflows/${id}/revisions/7`);
    const one = await call("GET", `/workflows/${id}/revisions/1`);
    expect(seven).toMatchObject({ revision: 7, message: "Restored revision 1", author_id: hub.accounts.user.user.id });
    expect(seven.content).toEqual(rev1);
    expect(seven.content_sha256).toBe(one.content_sha256);
    expect((await call("GET", `/workflows/${id}`)).content).toEqual(rev1);
    expect(await call("GET", `/workflows/${id}/diff?from=1&to=7`)).toEqual({ from: 1, to: 7, ...EMPTY_DIFF });
    // Restoring what is already newest makes nothing.
    const again = await call("POST", `/workflows/${id}/revisions/7/restore`);
    expect(again).toMatchObject({ revision: 7, revision_created: false });
    expect((await call("GET", `/workflows/${id}/revisions`)).total).toBe(7);
  });

  test("a download is the revision's file, byte for byte, named after the workflow", async () => {
    for (const [query, revision, content] of [
      ["", 7, rev1],
      ["?revision=4", 4, rev4],
      ["?revision=6", 6, rev6],
    ] as const) {
      const res = await hub.request("user", "GET", `/workflows/${id}/download${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Disposition")).toBe(
        `attachment; filename="Sales report.weft.json"; filename*=UTF-8''Sales%20report.weft.json`,
      );
      expect(res.headers.get("Content-Type")).toContain("application/json");
      const text = await res.text();
      expect(JSON.parse(text)).toEqual(content);
      expect(text).toBe(`${JSON.stringify(content, null, 2)}\n`);
      const stored = await call("GET", `/workflows/${id}/revisions/${revision}`);
      expect(JSON.parse(text)).toEqual(stored.content);
    }
  });

  test("a revision or diff end that does not exist is a 404 naming it", async () => {
    for (const path of [
      `/workflows/${id}/revisions/8`,
      `/workflows/${id}/diff?from=1&to=9`,
      `/workflows/${id}/download?revision=99`,
    ]) {
      const res = await hub.request("user", "GET", path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(await res.text()).toContain("has no revision");
    }
    expect((await hub.request("user", "GET", `/workflows/${id}/revisions/0`)).status).toBe(400);
  });
});
