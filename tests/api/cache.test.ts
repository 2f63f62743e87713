import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import type { Workflow } from "../../src/shared/workflow";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeCsv } from "../helpers/workflows";

/*
 * The cache routes (docs/server-api.md "Cache"; decisions.md: CACHE_QUOTA_GB 10, CACHE_RETENTION_DAYS 7,
 * CACHE_CLEAR_ON_CLOSE false). Entries are made by real previews through the engine; what
 * the routes report is checked against the files on disk, counted here.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Answer = { status: number; body: any };
const DAY_MS = 86_400_000;
const GB = 1024 ** 3;
const MB = 1024 ** 2;

async function call(t: TestApp, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await t.app.request(`/api${path}`, {
    method,
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

interface Entry {
  folder: string;
  path: string;
  size: number;
  mtimeMs: number;
}

/** The complete entries on disk (`<cache>/<folder>/<hex>.arrow`), found without Weft's code. */
function entriesOnDisk(t: TestApp): Entry[] {
  const root = join(t.dataDir, "cache");
  if (!existsSync(root)) return [];
  const out: Entry[] = [];
  for (const folder of readdirSync(root, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const name of readdirSync(join(root, folder.name))) {
      if (!/^[0-9a-f]+\.arrow$/.test(name)) continue;
      const path = join(root, folder.name, name);
      const stat = statSync(path);
      out.push({ folder: folder.name, path, size: stat.size, mtimeMs: stat.mtimeMs });
    }
  }
  return out;
}
const inFolder = (t: TestApp, folder: string) => entriesOnDisk(t).filter((e) => e.folder === folder);
const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

/** Input → Sort → Summarize: a preview of `sum` stores the sort's and the summarize's results. */
function sortedFlow(id: string, source: string): Workflow {
  return workflow(
    id,
    [
      { id: "in", type: "input", config: { source } },
      { id: "sorted", type: "sort", config: { by: [{ column: "v", descending: true }] } },
      {
        id: "sum",
        type: "summarize",
        config: { group_by: ["g"], aggregations: [{ column: "v", function: "sum" }] },
      },
    ],
    ["in -> sorted", "sorted -> sum"],
  );
}

async function fill(t: TestApp, id: string, source: string): Promise<void> {
  for (const tool of ["sorted", "sum"]) {
    const answer = await call(t, "POST", "/workflow/tool/execute", { tool_id: tool, workflow: sortedFlow(id, source) });
    expect(answer.status).toBe(200);
  }
}

function dataFile(t: TestApp, rows = 2000): string {
  mkdirSync(join(t.dataDir, "files"), { recursive: true });
  const data = Array.from({ length: rows }, (_, i) => [
    i % 7 === 0 ? null : `g${i % 5}`,
    (i * 7919) % 1000,
    `név ${i} 東`,
  ]);
  return writeCsv(join(t.dataDir, "files", `data-${rows}.csv`), ["g", "v", "label"], data);
}

const BAD_IDS: unknown[] = ["", "../x", "a/b", "..", "a\\b", "x\u0000y", "x".repeat(201), 42, null];

describe("cache routes, defaults", () => {
  let t: TestApp;
  let source: string;
  beforeAll(async () => {
    t = await makeTestApp();
    source = dataFile(t);
  });
  afterAll(() => t.close());

  test("stats of an empty cache: the spec's fields, and the defaults", async () => {
    const answer = await call(t, "GET", "/cache/stats");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      enabled: true,
      workflow_count: 0,
      file_count: 0,
      total_size_bytes: 0,
      total_size_mb: 0,
      total_size_gb: 0,
      quota_gb: 10,
      retention_days: 7,
    });
  });

  test("stats count what previews stored, as found on disk", async () => {
    await fill(t, "w-cache-a", source);
    await fill(t, "w-cache-b", source);
    // A unicode id is stored under a hashed folder: still one workflow.
    await fill(t, "Zürich-東", source);
    const entries = entriesOnDisk(t);
    expect(entries.length).toBeGreaterThanOrEqual(6);
    const bytes = entries.reduce((s, e) => s + e.size, 0);
    const answer = await call(t, "GET", "/cache/stats");
    expect(answer.body).toEqual({
      enabled: true,
      workflow_count: new Set(entries.map((e) => e.folder)).size,
      file_count: entries.length,
      total_size_bytes: bytes,
      total_size_mb: round(bytes / MB, 2),
      total_size_gb: round(bytes / GB, 3),
      quota_gb: 10,
      retention_days: 7,
    });
    expect(answer.body.workflow_count).toBe(3);
  });

  test("clear removes one workflow's entries, answering as /workflow/cache/clear does", async () => {
    const a = inFolder(t, "w-cache-a");
    const b = inFolder(t, "w-cache-b");
    expect(a.length).toBeGreaterThan(0);
    const answer = await call(t, "POST", "/cache/clear", { workflow_id: "w-cache-a" });
    expect(answer).toEqual({
      status: 200,
      body: { status: "cleared", workflow_id: "w-cache-a", files_removed: a.length },
    });
    expect(inFolder(t, "w-cache-a")).toEqual([]);
    expect(inFolder(t, "w-cache-b").map((e) => e.path)).toEqual(b.map((e) => e.path));
    // Again: nothing left to remove.
    expect((await call(t, "POST", "/cache/clear", { workflow_id: "w-cache-a" })).body.files_removed).toBe(0);
    const old = await call(t, "POST", "/workflow/cache/clear", { workflow_id: "w-cache-a" });
    expect(Object.keys(old.body).sort()).toEqual(Object.keys(answer.body).sort());
    // The unicode id is found through its hashed folder.
    const before = entriesOnDisk(t).length;
    const unicode = await call(t, "POST", "/cache/clear", { workflow_id: "Zürich-東" });
    expect(unicode.body.files_removed).toBeGreaterThan(0);
    expect(entriesOnDisk(t).length).toBe(before - unicode.body.files_removed);
  });

  test("a run with force_refresh clears its workflow's entries first, then stores what a full run stores", async () => {
    await fill(t, "w-cache-forced", source);
    const before = inFolder(t, "w-cache-forced");
    expect(before.length).toBe(2);
    const other = inFolder(t, "w-cache-b");
    const run = async (force: boolean) => {
      const answer = await call(t, "POST", "/workflow/execute", {
        workflow: sortedFlow("w-cache-forced", source),
        force_refresh: force,
      });
      expect(answer.status).toBe(200);
      return Object.fromEntries(
        answer.body.metrics.tools.map((m: { tool_id: string; cache: string }) => [m.tool_id, m.cache]),
      );
    };
    // Unforced, the shown summary is served from the preview's entry.
    expect((await run(false)).sum).toBe("hit");
    // Forced: both entries go; the run stores the shown summary anew and streams through the sort.
    expect(await run(true)).toEqual({ in: "off", sorted: "off", sum: "miss" });
    const [after, ...more] = inFolder(t, "w-cache-forced");
    expect(more).toEqual([]);
    expect(before.map((e) => e.path)).toContain(after?.path as string);
    expect(after?.mtimeMs).toBeGreaterThanOrEqual(Math.max(...before.map((e) => e.mtimeMs)));
    expect(inFolder(t, "w-cache-b")).toEqual(other);
  });

  test("close keeps the cache while CACHE_CLEAR_ON_CLOSE is false (the default); the answer's status is the spec's", async () => {
    const b = inFolder(t, "w-cache-b");
    const one = await call(t, "POST", "/cache/close", { workflow_id: "w-cache-b" });
    expect(one).toEqual({
      status: 200,
      body: { status: "cleared_on_close", workflow_id: "w-cache-b", cleared: false, files_removed: 0 },
    });
    // docs/server-api.md "Cache": `{status: cleared_on_close, cleared_count, workflow_ids}` whatever the setting.
    const batch = await call(t, "POST", "/cache/close/batch", { workflow_ids: ["w-cache-b", "w-other"] });
    expect(batch).toEqual({
      status: 200,
      body: {
        status: "cleared_on_close",
        cleared_count: 0,
        workflow_ids: ["w-cache-b", "w-other"],
        files_removed: 0,
      },
    });
    expect(inFolder(t, "w-cache-b")).toEqual(b);
  });

  test("a bad workflow id is a 400 on every route, and nothing is removed", async () => {
    const before = entriesOnDisk(t);
    for (const id of BAD_IDS) {
      for (const [path, body] of [
        ["/cache/clear", { workflow_id: id }],
        ["/cache/close", { workflow_id: id }],
        ["/cache/close/batch", { workflow_ids: ["w-cache-b", id] }],
      ] as const) {
        const answer = await call(t, "POST", path, body);
        expect([path, id, answer.status]).toEqual([path, id, 400]);
        expect(typeof answer.body.detail).toBe("string");
      }
    }
    for (const body of [{}, { workflow_ids: "w-cache-b" }, { workflow_ids: Array(1001).fill("w") }]) {
      expect((await call(t, "POST", "/cache/close/batch", body)).status).toBe(400);
    }
    expect((await call(t, "POST", "/cache/clear", {})).status).toBe(400);
    expect(entriesOnDisk(t)).toEqual(before);
  });

  test("maintenance deletes entries unused for CACHE_RETENTION_DAYS, and only those", async () => {
    await fill(t, "w-cache-c", source);
    const stale = inFolder(t, "w-cache-b");
    const fresh = inFolder(t, "w-cache-c");
    expect(stale.length).toBeGreaterThan(0);
    const eightDaysAgo = (Date.now() - 8 * DAY_MS) / 1000;
    for (const e of stale) utimesSync(e.path, eightDaysAgo, eightDaysAgo);
    const answer = await call(t, "POST", "/cache/maintenance");
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(["lru_files_evicted", "message", "ttl_files_deleted"]);
    expect(answer.body.ttl_files_deleted).toBe(stale.length);
    expect(answer.body.lru_files_evicted).toBe(0);
    expect(answer.body.message).toContain(String(stale.length));
    expect(inFolder(t, "w-cache-b")).toEqual([]);
    // Its emptied folder went too.
    expect(existsSync(join(t.dataDir, "cache", "w-cache-b"))).toBe(false);
    expect(inFolder(t, "w-cache-c").map((e) => e.path)).toEqual(fresh.map((e) => e.path));
    const again = await call(t, "POST", "/cache/maintenance");
    expect([again.body.ttl_files_deleted, again.body.lru_files_evicted]).toEqual([0, 0]);
  });

  test("the routes need the Server's token", async () => {
    expect((await t.app.request("/api/cache/stats")).status).toBe(401);
    const res = await t.app.request("/api/cache/maintenance", { method: "POST" });
    expect(res.status).toBe(401);
  });
});

describe("CACHE_CLEAR_ON_CLOSE=true, a small quota", () => {
  // 0.0003 GB = 322,123 bytes: two of this test's sorted copies (147 kB each) fit, not all.
  const QUOTA_GB = 0.0003;
  let t: TestApp;
  let source: string;
  beforeAll(async () => {
    t = await makeTestApp({
      env: { CACHE_CLEAR_ON_CLOSE: "true", CACHE_QUOTA_GB: String(QUOTA_GB), CACHE_RETENTION_DAYS: "2" },
    });
    source = dataFile(t, 3000);
  });
  afterAll(() => t.close());

  test("close clears one workflow; close/batch clears several, each once", async () => {
    for (const id of ["w-close-1", "w-close-2", "w-close-3", "w-keep"]) await fill(t, id, source);
    const one = inFolder(t, "w-close-1").length;
    expect(one).toBeGreaterThan(0);
    expect(await call(t, "POST", "/cache/close", { workflow_id: "w-close-1" })).toEqual({
      status: 200,
      body: { status: "cleared_on_close", workflow_id: "w-close-1", cleared: true, files_removed: one },
    });
    expect(inFolder(t, "w-close-1")).toEqual([]);

    const files = inFolder(t, "w-close-2").length + inFolder(t, "w-close-3").length;
    const ids = ["w-close-2", "w-close-3", "w-close-2", "w-never-opened"];
    const batch = await call(t, "POST", "/cache/close/batch", { workflow_ids: ids });
    expect(batch).toEqual({
      status: 200,
      body: {
        status: "cleared_on_close",
        cleared_count: 3,
        workflow_ids: ["w-close-2", "w-close-3", "w-never-opened"],
        files_removed: files,
      },
    });
    expect(inFolder(t, "w-close-2")).toEqual([]);
    expect(inFolder(t, "w-close-3")).toEqual([]);
    expect(inFolder(t, "w-keep").length).toBeGreaterThan(0);
    const empty = await call(t, "POST", "/cache/close/batch", { workflow_ids: [] });
    expect(empty.body).toEqual({ status: "cleared_on_close", cleared_count: 0, workflow_ids: [], files_removed: 0 });
  });

  test("maintenance evicts the least recently used until the cache fits CACHE_QUOTA_GB", async () => {
    for (const id of ["w-lru-1", "w-lru-2", "w-lru-3"]) await fill(t, id, source);
    // Distinct last uses, an hour apart, all within the retention: ordered by path here.
    const entries = entriesOnDisk(t).sort((a, b) => (a.path < b.path ? -1 : 1));
    const now = Date.now();
    entries.forEach((e, i) => {
      const at = (now - (entries.length - i) * 3_600_000) / 1000;
      utimesSync(e.path, at, at);
    });
    const quota = Math.round(QUOTA_GB * GB);
    let total = entries.reduce((s, e) => s + e.size, 0);
    expect(total).toBeGreaterThan(quota);
    const evicted: string[] = [];
    for (const e of entries) {
      if (total <= quota) break;
      evicted.push(e.path);
      total -= e.size;
    }
    // Some go, some stay: the test means something.
    expect(evicted.length).toBeGreaterThan(0);
    expect(evicted.length).toBeLessThan(entries.length);
    const stats = await call(t, "GET", "/cache/stats");
    expect(stats.body.quota_gb).toBe(round(QUOTA_GB, 3));
    expect(stats.body.retention_days).toBe(2);

    const answer = await call(t, "POST", "/cache/maintenance");
    expect(answer.body.ttl_files_deleted).toBe(0);
    expect(answer.body.lru_files_evicted).toBe(evicted.length);
    const left = entriesOnDisk(t).map((e) => e.path);
    expect(left.sort()).toEqual(entries.map((e) => e.path).filter((p) => !evicted.includes(p)));
    expect((await call(t, "GET", "/cache/stats")).body.total_size_bytes).toBe(total);
  });
});

describe("CACHE_ENABLED=false", () => {
  test("stats say disabled; previews store nothing", async () => {
    const t = await makeTestApp({ env: { CACHE_ENABLED: "false" } });
    try {
      await fill(t, "w-off", dataFile(t, 50));
      expect(entriesOnDisk(t)).toEqual([]);
      expect((await call(t, "GET", "/cache/stats")).body).toMatchObject({ enabled: false, file_count: 0 });
      expect((await call(t, "POST", "/cache/clear", { workflow_id: "w-off" })).body.files_removed).toBe(0);
    } finally {
      await t.close();
    }
  });
});
