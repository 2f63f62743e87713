import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { Workflow } from "../../src/shared/workflow";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { waitUntil } from "../helpers/wait";
import { countingInput, countingMs, SLOW_COUNT, workflow, writeCsv, writeEmptySqlite } from "../helpers/workflows";

/*
 * The execution archive through the API (docs/server-api.md "Archive"; decisions.md: statuses
 * success/error/cancelled/timeout, list limit 50, ARCHIVE_ENABLED, ARCHIVE_RETENTION_DAYS 30).
 * Every run here is real: the engine runs it, the Server archives it.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Answer = { status: number; body: any };
const DAY_MS = 86_400_000;

async function call(t: TestApp, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await t.app.request(`/api${path}`, {
    method,
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text === "" ? undefined : JSON.parse(text) };
}
const execute = (t: TestApp, wf: Workflow, extra: Record<string, unknown> = {}) =>
  call(t, "POST", "/workflow/execute", { workflow: wf, ...extra });

/** Every file under `dir` (symbolic links not followed), as path → text. */
function filesUnder(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      out.set(path, readFileSync(path, "utf8"));
    }
  }
  return out;
}

/** `YYYY-MM-DD` and `HHMMSSmmm` of an instant in UTC, computed by hand. */
function utcParts(ms: number): { day: string; time: string } {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  return {
    day: `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`,
    time: `${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${p(d.getUTCMilliseconds(), 3)}`,
  };
}

let plantCount = 0;
/**
 * Writes a copy of a real entry as if its run had started at `ms` (the archive's own naming:
 * `<day>/<HHMMSSmmm>-<workflow>-<12 hex>.json`); answers its API path.
 */
function plant(root: string, entry: Record<string, unknown>, ms: number, name = "planted"): string {
  const { day, time } = utcParts(ms);
  const log = { ...(entry.execution_log as Record<string, unknown>), started_at: new Date(ms).toISOString() };
  const workflowCopy = entry.workflow as Workflow;
  const file = `${time}-${name}-${(plantCount++).toString(16).padStart(12, "0")}.json`;
  mkdirSync(join(root, day), { recursive: true });
  const body = { workflow: { ...workflowCopy, meta: { ...workflowCopy.meta, name } }, execution_log: log };
  writeFileSync(join(root, day, file), JSON.stringify(body));
  return `${day}/${file}`;
}

describe("archive enabled (the default)", () => {
  let t: TestApp;
  let root: string;
  let sales: string;
  const rows = [
    [1, "north", 5, 9.5],
    [2, "Zürich 東", null, 3],
    [3, "north", 12, 100],
    [4, "south", 7, 0.25],
    [5, "Zürich 東", 9, 42],
  ];
  const salesRun = (id: string, out: string, name?: string): Workflow => {
    const wf = workflow(
      id,
      [
        { id: "in", type: "input", config: { source: sales } },
        { id: "big", type: "filter", config: { mode: "basic", column: "qty", operator: ">", value: 6 } },
        { id: "sorted", type: "sort", config: { by: [{ column: "price", descending: true }] } },
        { id: "out", type: "output", config: { path: out } },
      ],
      ["in -> big", "big:output-true -> sorted", "sorted -> out"],
    );
    if (name !== undefined) wf.meta.name = name;
    return wf;
  };

  beforeAll(async () => {
    t = await makeTestApp();
    root = join(t.dataDir, "archive");
    mkdirSync(join(t.dataDir, "files"));
    sales = writeCsv(join(t.dataDir, "files", "sales.csv"), ["id", "region", "qty", "price"], rows);
  });
  afterAll(() => t.close());

  test("status: enabled, where, and ARCHIVE_RETENTION_DAYS (30 by default)", async () => {
    const answer = await call(t, "GET", "/archive/status");
    expect(answer).toEqual({ status: 200, body: { enabled: true, archive_path: root, retention_days: 30 } });
  });

  test("the routes need the Server's token", async () => {
    for (const [method, path] of [
      ["GET", "/api/archive/list"],
      ["GET", "/api/archive/status"],
      ["POST", "/api/archive/cleanup"],
    ] as const) {
      const res = await t.app.request(path, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "POST" ? "{}" : undefined,
      });
      expect(res.status).toBe(401);
    }
  });

  test("a full run leaves one entry: the workflow as sent and its execution log", async () => {
    const out = join(t.dataDir, "files", "big.csv");
    const sent = salesRun("w-archived", out, "Ventes — Zürich 東");
    const before = Date.now();
    const run = await execute(t, sent);
    const after = Date.now();
    expect(run.status).toBe(200);

    const list = await call(t, "GET", "/archive/list");
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    const [row] = list.body.archives;
    expect(Object.keys(row).sort()).toEqual(["executed_at", "path", "status", "tool_count", "workflow_name"]);
    expect(row.workflow_name).toBe("Ventes — Zürich 東");
    expect(row.status).toBe("success");
    expect(row.tool_count).toBe(4);
    const executed = Date.parse(row.executed_at);
    expect(executed).toBeGreaterThanOrEqual(before);
    expect(executed).toBeLessThanOrEqual(after);
    // In the folder of the run's UTC day, as a file on disk.
    expect(row.path.startsWith(`${utcParts(executed).day}/`)).toBe(true);
    expect(statSync(join(root, row.path)).isFile()).toBe(true);

    const detail = await call(t, "GET", `/archive/detail/${encodeURIComponent(row.path)}`);
    expect(detail.status).toBe(200);
    expect(Object.keys(detail.body).sort()).toEqual(["execution_log", "workflow"]);
    expect(detail.body.workflow).toEqual(sent);
    const log = detail.body.execution_log;
    expect(log.status).toBe("success");
    expect(log.started_at).toBe(row.executed_at);
    expect(Date.parse(log.completed_at)).toBeGreaterThanOrEqual(executed);
    expect(Date.parse(log.completed_at)).toBeLessThanOrEqual(after);
    expect(log.error).toBeUndefined();
    // The tools as the run's metrics report them, without the lineage hash.
    const metrics = run.body.metrics.tools.map(({ hash: _, ...m }: { hash: string }) => m);
    expect(log.tools).toEqual(metrics);
    expect(log.tools.map((m: { tool_id: string }) => m.tool_id).sort()).toEqual(["big", "in", "out", "sorted"]);
    for (const m of log.tools) {
      expect(m.status).toBe("success");
      expect(typeof m.duration_ms).toBe("number");
    }
    // Rows with qty > 6, counted here: 3, 4, 5.
    const kept = rows.filter((r) => typeof r[2] === "number" && r[2] > 6).length;
    expect(log.written).toEqual([{ tool_id: "out", path: out, rows: kept }]);
    expect(log.written).toEqual(run.body.written);

    // The same entry with the `/` unencoded.
    const plain = await call(t, "GET", `/archive/detail/${row.path}`);
    expect(plain).toEqual(detail);
  });

  test("previews, schemas and profiles are not archived", async () => {
    const before = (await call(t, "GET", "/archive/list")).body.total;
    const wf = salesRun("w-preview-only", join(t.dataDir, "files", "never.csv"));
    expect((await call(t, "POST", "/workflow/tool/execute", { tool_id: "sorted", workflow: wf })).status).toBe(200);
    expect((await call(t, "POST", "/workflow/preview_all", { workflow: wf })).status).toBe(200);
    expect((await call(t, "POST", "/workflow/tool/schema", { tool_id: "sorted", workflow: wf })).status).toBe(200);
    expect((await call(t, "GET", "/archive/list")).body.total).toBe(before);
  });

  test("a failed run is archived with status error, the HTTP status and the tool at fault", async () => {
    const wf = workflow(
      "w-bad-column",
      [
        { id: "in", type: "input", config: { source: sales } },
        { id: "f", type: "filter", config: { mode: "basic", column: "prize", operator: ">", value: 1 } },
      ],
      ["in -> f"],
    );
    const run = await execute(t, wf);
    expect(run.status).toBe(400);
    const list = await call(t, "GET", "/archive/list?limit=1");
    const [row] = list.body.archives;
    expect(row).toMatchObject({ status: "error", workflow_name: "w-bad-column", tool_count: 2 });
    const detail = await call(t, "GET", `/archive/detail/${encodeURIComponent(row.path)}`);
    const log = detail.body.execution_log;
    expect(log.status).toBe("error");
    expect(log.tools).toEqual([]);
    expect(log.written).toEqual([]);
    expect(log.error).toEqual({ type: "ToolConfigError", status: 400, detail: run.body.detail, tool_id: "f" });
    expect(log.error.detail).toContain("prize");
  });

  test("a run refused before the engine (a bad connection config) is archived too", async () => {
    const wf = workflow("w-no-connection", [
      { id: "db", type: "input", config: { source_type: "postgresql", table: "t" } },
    ]);
    const run = await execute(t, wf);
    expect(run.status).toBe(400);
    const [row] = (await call(t, "GET", "/archive/list?limit=1")).body.archives;
    const detail = await call(t, "GET", `/archive/detail/${encodeURIComponent(row.path)}`);
    expect(detail.body.execution_log).toMatchObject({
      status: "error",
      error: { status: 400, detail: run.body.detail },
    });
  });

  test("passwords never reach the disk: client URIs, URI options and secret-named fields", async () => {
    const dbPath = join(t.dataDir, "files", "shop.db");
    const db = new Database(dbPath);
    db.run("CREATE TABLE sales (id INTEGER, region TEXT)");
    db.run("INSERT INTO sales VALUES (1, 'north'), (2, 'Zürich 東')");
    db.close();

    // A SQLite client connection that works, with a secret-named member in meta.
    const good = workflow("w-sqlite-archived", [
      { id: "db", type: "input", config: { source_type: "sqlite", connection: { uri: dbPath }, table: "sales" } },
    ]);
    good.meta.db_password = "meta-hunter2-Secret";
    const ok = await execute(t, good);
    expect(ok.status).toBe(200);

    // A PostgreSQL client URI with a password, where nothing listens: the run fails.
    const pgUri = "postgresql://u:secret@127.0.0.1:1/x";
    const bad = workflow("w-pg-refused", [
      { id: "pg", type: "input", config: { source_type: "postgresql", connection: { uri: pgUri }, table: "t" } },
    ]);
    const failed = await execute(t, bad);
    expect(failed.status).toBeGreaterThanOrEqual(400);

    // A password in the URI's options, with an encoded `@`, and a user name that is long.
    const optUri = "postgresql://warehouse_reader:p%40ss-Word-99@127.0.0.1:1/x?sslmode=disable&password=qsecret-42";
    const opts = workflow("w-pg-options", [
      { id: "pg", type: "input", config: { source_type: "postgresql", connection: { uri: optUri }, table: "t" } },
    ]);
    expect((await execute(t, opts)).status).toBeGreaterThanOrEqual(400);

    const files = filesUnder(root);
    expect(files.size).toBeGreaterThan(0);
    for (const [path, text] of files) {
      for (const secret of ["secret", "meta-hunter2", "p%40ss-Word-99", "p@ss-Word-99", "qsecret-42"]) {
        if (text.includes(secret)) throw new Error(`${path} holds "${secret}"`);
      }
    }

    const list = (await call(t, "GET", "/archive/list?limit=3")).body.archives;
    const byName = new Map(list.map((r: { workflow_name: string; path: string }) => [r.workflow_name, r]));
    const entryOf = async (name: string) => {
      const row = byName.get(name) as { path: string; status: string };
      return { row, body: (await call(t, "GET", `/archive/detail/${encodeURIComponent(row.path)}`)).body };
    };
    const sqlite = await entryOf("w-sqlite-archived");
    expect(sqlite.row.status).toBe("success");
    // No secret in a SQLite path: it is kept as sent; the secret-named member is masked.
    expect(sqlite.body.workflow.tools[0].config.connection).toEqual({ uri: dbPath });
    expect(sqlite.body.workflow.meta.db_password).toBe("***");

    const pg = await entryOf("w-pg-refused");
    expect(pg.row.status).toBe("error");
    expect(pg.body.workflow.tools[0].config.connection).toEqual({ uri: "postgresql://u:***@127.0.0.1:1/x" });
    expect(pg.body.execution_log.error.status).toBe(failed.status);

    const options = await entryOf("w-pg-options");
    expect(options.body.workflow.tools[0].config.connection.uri).toBe(
      "postgresql://warehouse_reader:***@127.0.0.1:1/x?sslmode=disable&password=***",
    );
  });

  test("list: newest first, limit (default 50), offset, and an inclusive date range", async () => {
    const source = (await call(t, "GET", "/archive/list?limit=1")).body.archives[0];
    const entry = (await call(t, "GET", `/archive/detail/${encodeURIComponent(source.path)}`)).body;
    const base = Date.UTC(2021, 2, 10, 8, 30, 15, 250);
    const planted = Array.from({ length: 55 }, (_, i) => plant(root, entry, base - i * 6 * 3_600_000, `bulk-${i}`));
    const all = await call(t, "GET", "/archive/list?start_date=2021-01-01&end_date=2021-12-31");
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(55);
    expect(all.body.archives).toHaveLength(50);
    // Newest first: the order they were planted in.
    expect(all.body.archives.map((r: { path: string }) => r.path)).toEqual(planted.slice(0, 50));
    expect(all.body.archives[0]).toEqual({
      path: planted[0],
      workflow_name: "bulk-0",
      executed_at: new Date(base).toISOString(),
      status: entry.execution_log.status,
      tool_count: entry.workflow.tools.length,
    });

    const page = await call(t, "GET", "/archive/list?start_date=2021-01-01&end_date=2021-12-31&limit=5&offset=52");
    expect(page.body.total).toBe(55);
    expect(page.body.archives.map((r: { path: string }) => r.path)).toEqual(planted.slice(52));

    // 6-hour steps back from 2021-03-10 08:30: days 03-08 and 03-09 hold these, counted here.
    const inRange = planted.filter((p) => p.startsWith("2021-03-08/") || p.startsWith("2021-03-09/"));
    const range = await call(t, "GET", "/archive/list?start_date=2021-03-08&end_date=2021-03-09&limit=1000");
    expect(range.body.total).toBe(inRange.length);
    expect(range.body.archives.map((r: { path: string }) => r.path)).toEqual(inRange);

    // Only a start, or only an end.
    const since = await call(t, "GET", "/archive/list?start_date=2021-03-10&limit=1000");
    const today = (await call(t, "GET", "/archive/list?limit=1000")).body.total - 55;
    expect(since.body.total).toBe(planted.filter((p) => p.startsWith("2021-03-10/")).length + today);
    const until = await call(t, "GET", "/archive/list?end_date=2021-03-01&limit=1000");
    expect(until.body.total).toBe(planted.filter((p) => p.slice(0, 10) <= "2021-03-01").length);

    // The default limit without a range: 50 of everything.
    const whole = await call(t, "GET", "/archive/list");
    expect(whole.body.archives).toHaveLength(50);
    expect(whole.body.total).toBe(55 + today);
    for (const p of planted) rmSync(join(root, p));
  });

  test("list refuses bad dates and limits with 400", async () => {
    for (const query of [
      "limit=0",
      "limit=-1",
      "limit=abc",
      "limit=1.5",
      "limit=1001",
      "offset=-1",
      "start_date=2024-02-30",
      "start_date=20240101",
      "end_date=2024-13-01",
      "end_date=yesterday",
      "start_date=2024-05-02&end_date=2024-05-01",
    ]) {
      const answer = await call(t, "GET", `/archive/list?${query}`);
      expect([query, answer.status]).toEqual([query, 400]);
      expect(typeof answer.body.detail).toBe("string");
    }
    expect((await call(t, "GET", "/archive/list?start_date=2024-02-29&end_date=2024-02-29")).status).toBe(200);
  });

  test("detail refuses paths that leave the archive (403) and answers 404 for unknown entries", async () => {
    const outside = join(t.dataDir, "outside");
    mkdirSync(outside, { recursive: true });
    const loot = join(outside, "000000000-loot-0123456789ab.json");
    writeFileSync(loot, JSON.stringify({ workflow: { stolen: "TOPSECRET" }, execution_log: {} }));
    // A file link and a day-folder link, both named as entries are, pointing outside.
    mkdirSync(join(root, "2020-01-01"), { recursive: true });
    symlinkSync(loot, join(root, "2020-01-01", "000000000-loot-0123456789ab.json"));
    symlinkSync(outside, join(root, "2020-01-02"));

    const forbidden = [
      "..%2F..%2Fetc%2Fpasswd",
      "%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
      "%2Fetc%2Fpasswd",
      `${encodeURIComponent(loot)}`,
      "2020-01-01%2F..%2F..%2Foutside%2F000000000-loot-0123456789ab.json",
      "..%5C..%5Cwindows",
      "2020-01-01%2F000000000-loot-0123456789ab.json",
      "2020-01-02%2F000000000-loot-0123456789ab.json",
      "2020-01-02/000000000-loot-0123456789ab.json",
    ];
    for (const path of forbidden) {
      const answer = await call(t, "GET", `/archive/detail/${path}`);
      expect([path, answer.status]).toEqual([path, 403]);
      expect(JSON.stringify(answer.body)).not.toContain("TOPSECRET");
    }
    // `..` in the URL itself is resolved by the URL parser: the request never reaches the route
    // (`/etc/passwd` is then a web UI path, answered with the UI's page).
    const raw = await t.app.request("/api/archive/detail/../../../etc/passwd", { headers: bearer(t.token) });
    expect(raw.headers.get("content-type")).toContain("text/html");
    expect(await raw.text()).not.toContain("root:");

    for (const path of [
      "2020-01-03%2F000000000-none-0123456789ab.json",
      "nothing",
      "2020-13-01%2Fx.json",
      "%252E%252E",
    ]) {
      const answer = await call(t, "GET", `/archive/detail/${path}`);
      expect([path, answer.status]).toEqual([path, 404]);
    }
    // The links are not listed either.
    const list = await call(t, "GET", "/archive/list?start_date=2020-01-01&end_date=2020-01-02");
    expect(list.body).toEqual({ archives: [], total: 0 });
    rmSync(join(root, "2020-01-01"), { recursive: true });
    rmSync(join(root, "2020-01-02"));
  });

  test("cleanup deletes the entries older than retention_days, and only those", async () => {
    const source = (await call(t, "GET", "/archive/list?limit=1")).body.archives[0];
    const entry = (await call(t, "GET", `/archive/detail/${encodeURIComponent(source.path)}`)).body;
    const now = Date.now();
    const old = plant(root, entry, now - 40 * DAY_MS, "forty-days");
    const older = plant(root, entry, now - 400 * DAY_MS, "older");
    const recent = plant(root, entry, now - 10 * DAY_MS, "ten-days");
    // Not an entry: never deleted, whatever its age.
    const stray = join(root, old.slice(0, 10), "notes.txt");
    writeFileSync(stray, "kept");
    const todays = (await call(t, "GET", "/archive/list?limit=1000")).body.total - 3;

    const answer = await call(t, "POST", "/archive/cleanup", { retention_days: 30 });
    expect(answer.status).toBe(200);
    expect(answer.body.deleted_count).toBe(2);
    expect(typeof answer.body.message).toBe("string");
    expect(answer.body.message).toContain("30");
    expect(existsSync(join(root, old))).toBe(false);
    expect(existsSync(join(root, older))).toBe(false);
    // The emptied day folder went; the one with a stray file stayed.
    expect(existsSync(join(root, older.slice(0, 10)))).toBe(false);
    expect(readFileSync(stray, "utf8")).toBe("kept");
    expect(existsSync(join(root, recent))).toBe(true);
    const paths = (await call(t, "GET", "/archive/list?limit=1000")).body.archives.map((r: { path: string }) => r.path);
    expect(paths).toContain(recent);
    expect(paths).not.toContain(old);

    // Without retention_days: ARCHIVE_RETENTION_DAYS (30), nothing more to delete.
    expect((await call(t, "POST", "/archive/cleanup", {})).body.deleted_count).toBe(0);
    // 5 days: the ten-day-old one goes; today's runs stay.
    expect((await call(t, "POST", "/archive/cleanup", { retention_days: 5 })).body.deleted_count).toBe(1);
    expect((await call(t, "GET", "/archive/list?limit=1000")).body.total).toBe(todays);
    rmSync(stray);

    for (const bad of [
      { retention_days: -1 },
      { retention_days: 1.5 },
      { retention_days: "30" },
      { retention_days: 36_501 },
    ]) {
      expect((await call(t, "POST", "/archive/cleanup", bad)).status).toBe(400);
    }
  });

  test("the retention timer removes old entries on its own", async () => {
    const { startArchiveRetention } = await import("../../src/server/services/archive-retention");
    const source = (await call(t, "GET", "/archive/list?limit=1")).body.archives[0];
    const entry = (await call(t, "GET", `/archive/detail/${encodeURIComponent(source.path)}`)).body;
    const old = plant(root, entry, Date.now() - 31 * DAY_MS, "timer-old");
    const young = plant(root, entry, Date.now() - 29 * DAY_MS, "timer-young");
    const lines: string[] = [];
    const logger = {
      debug() {},
      info: (msg: string) => lines.push(msg),
      warn() {},
      error: (msg: string) => lines.push(msg),
      child() {
        return logger;
      },
    };
    const stop = startArchiveRetention({ root, retentionDays: 30, logger, firstMs: 1, everyMs: 60_000 });
    try {
      await waitUntil(() => !existsSync(join(root, old)), "the old entry to go");
    } finally {
      stop();
    }
    expect(existsSync(join(root, old))).toBe(false);
    expect(existsSync(join(root, young))).toBe(true);
    expect(lines).toEqual(["archive retention"]);
    rmSync(join(root, young));
  });

  test("a failure to archive is logged and does not fail the run", async () => {
    const broken = await makeTestApp();
    try {
      mkdirSync(join(broken.dataDir, "files"));
      const csv = writeCsv(join(broken.dataDir, "files", "s.csv"), ["id", "region", "qty", "price"], rows);
      // The archive folder is a file: nothing can be written under it.
      writeFileSync(join(broken.dataDir, "archive"), "in the way");
      const wf = workflow("w-unarchivable", [{ id: "in", type: "input", config: { source: csv } }]);
      const run = await execute(broken, wf);
      expect(run.status).toBe(200);
      expect(run.body.outputs.in.output.row_count).toBe(rows.length);
      expect(broken.logs.some((l) => l.msg === "archive write failed" && l.level === "error")).toBe(true);
    } finally {
      await broken.close();
    }
  });
});

describe("a run past MAX_EXECUTION_TIME_SECONDS", () => {
  test("is archived with status timeout", async () => {
    const t = await makeTestApp({ env: { MAX_EXECUTION_TIME_SECONDS: "1", ENGINE_PROCESSES: "1" } });
    try {
      mkdirSync(join(t.dataDir, "files"));
      // Without the limit, the count would go on for far longer than the test may (hours), on any machine.
      expect(countingMs(SLOW_COUNT)).toBeGreaterThan(100 * 1000);
      const db = writeEmptySqlite(join(t.dataDir, "files", "empty.db"));
      const run = await execute(t, workflow("w-slow", [countingInput("s", db, SLOW_COUNT)]));
      expect(run.status).toBe(504);
      const list = await call(t, "GET", "/archive/list");
      expect(list.body.total).toBe(1);
      expect(list.body.archives[0]).toMatchObject({ status: "timeout", workflow_name: "w-slow", tool_count: 1 });
      const detail = await call(t, "GET", `/archive/detail/${encodeURIComponent(list.body.archives[0].path)}`);
      expect(detail.body.execution_log.error).toMatchObject({ type: "ExecutionTimeoutError", status: 504 });
    } finally {
      await t.close();
    }
  }, 30_000);
});

describe("archive disabled (ARCHIVE_ENABLED=false)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { ARCHIVE_ENABLED: "false", ARCHIVE_RETENTION_DAYS: "7" } });
  });
  afterAll(() => t.close());

  test("runs are not archived; every route but status answers 503", async () => {
    mkdirSync(join(t.dataDir, "files"));
    const csv = writeCsv(join(t.dataDir, "files", "s.csv"), ["a"], [[1], [2]]);
    const run = await execute(t, workflow("w-off", [{ id: "in", type: "input", config: { source: csv } }]));
    expect(run.status).toBe(200);
    expect(existsSync(join(t.dataDir, "archive"))).toBe(false);

    for (const [method, path, body] of [
      ["GET", "/archive/list", undefined],
      ["GET", "/archive/list?limit=abc", undefined],
      ["GET", "/archive/detail/2024-01-01%2F000000000-x-0123456789ab.json", undefined],
      ["GET", "/archive/detail/..%2F..%2Fetc%2Fpasswd", undefined],
      ["POST", "/archive/cleanup", { retention_days: 1 }],
    ] as const) {
      const answer = await call(t, method, path, body);
      // A bad query is still a 400 (it is checked first); everything else is 503.
      const expected = path.includes("limit=abc") ? 400 : 503;
      expect([path, answer.status]).toEqual([path, expected]);
      if (expected === 503) expect(answer.body.detail).toContain("ARCHIVE_ENABLED");
    }
    const status = await call(t, "GET", "/archive/status");
    expect(status).toEqual({
      status: 200,
      body: { enabled: false, archive_path: join(t.dataDir, "archive"), retention_days: 7 },
    });
  });
});
