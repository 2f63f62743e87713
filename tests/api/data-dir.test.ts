import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ApiAnswer, callApi, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow } from "../helpers/workflows";

/*
 * The data directory sits inside the home folder, a default root (as by default:
 * ~/.local/share/weft), yet no route or tool reaches it but its files/ folder:
 *
 *   home/                         default root
 *     home.csv                    a legitimate input
 *     to-logs -> weft-data/logs   a link into the data directory
 *     weft-data/                  the data directory
 *       logs/audit-probe.csv      stands for the audit logs, archive, store, cache
 *       store.db                  a SQLite file there
 *       files/                    default root: usable
 *         ok.csv
 *         back -> ../logs         a link from files/ back into the data directory
 */

const MARK = "DATA_DIR_SECRET_5501";
let t: TestApp;
let logs: string;
let audit: string;
let before: string[];

/** The files planted in the data directory, with their bytes. */
function snapshot(): string[] {
  return [audit, join(t.dataDir, "store.db")].map((path) => readFileSync(path).toString("base64"));
}

beforeAll(async () => {
  t = await makeTestApp({ env: { CONNECTION_ENCRYPTION_KEY: "data-dir-test-key" } });
  logs = join(t.dataDir, "logs");
  audit = join(logs, "audit-probe.csv");
  mkdirSync(logs, { recursive: true });
  mkdirSync(join(t.dataDir, "files"), { recursive: true });
  writeFileSync(audit, `v\n${MARK}\n`);
  const db = new Database(join(t.dataDir, "store.db"));
  db.run("CREATE TABLE t (v TEXT)");
  db.run(`INSERT INTO t VALUES ('${MARK}')`);
  db.close();
  writeFileSync(join(t.home, "home.csv"), "v\nfine\n");
  writeFileSync(join(t.dataDir, "files", "ok.csv"), "v\nok\n");
  symlinkSync(logs, join(t.home, "to-logs"));
  symlinkSync("../logs", join(t.dataDir, "files", "back"));
  before = snapshot();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: string, path: string, body?: unknown) => callApi(t, method, path, body);
const q = encodeURIComponent;

/** Paths into the data directory: direct, through a link from home, through a link from files/, by `..`. */
function attacks(): string[] {
  return [
    audit,
    join(t.home, "to-logs", "audit-probe.csv"),
    join(t.dataDir, "files", "back", "audit-probe.csv"),
    join(t.dataDir, "files", "..", "logs", "audit-probe.csv"),
  ];
}

function expectRefused(answer: ApiAnswer, label: string) {
  expect(answer.status, `${label}: ${answer.text.slice(0, 300)}`).toBe(403);
  expect(answer.text, label).toContain("data directory");
  expect(answer.text, label).not.toContain(MARK);
}

describe("the data directory is out of reach whatever the roots say", () => {
  test("GET /files/list: home hides the data directory; the data directory and links into it are refused", async () => {
    const home = await call("GET", `/files/list?path=${q(t.home)}`);
    expect(home.status).toBe(200);
    const names = home.body.entries.map((e: { name: string }) => e.name);
    expect(names).toContain("home.csv");
    expect(names).not.toContain("weft-data");
    expect(names).not.toContain("to-logs");
    for (const path of [t.dataDir, logs, join(t.home, "to-logs"), join(t.dataDir, "files", "back")]) {
      expectRefused(await call("GET", `/files/list?path=${q(path)}`), path);
    }
    const files = await call("GET", `/files/list?path=${q(join(t.dataDir, "files"))}`);
    expect(files.status).toBe(200);
    expect(files.body.entries.map((e: { name: string }) => e.name)).toEqual(["ok.csv"]);
  });

  test("GET /files/stat and /files/search", async () => {
    for (const path of attacks()) expectRefused(await call("GET", `/files/stat?path=${q(path)}`), path);
    const found = await call("GET", "/files/search?query=audit-probe&extensions=csv");
    expect(found.status).toBe(200);
    expect(found.body.results).toEqual([]);
    const ok = await call("GET", "/files/search?query=ok&extensions=csv");
    expect(ok.body.results.map((r: { name: string }) => r.name)).toEqual(["ok.csv"]);
  });

  test("POST /datasource/inspect and /preview", async () => {
    for (const path of attacks()) {
      expectRefused(await call("POST", "/datasource/inspect", { source: path }), path);
      expectRefused(await call("POST", "/datasource/preview", { source: path }), path);
    }
    const ok = await call("POST", "/datasource/preview", { source: join(t.dataDir, "files", "ok.csv") });
    expect(ok.status, ok.text).toBe(200);
  });

  test("the Input tool, for a file and for a SQLite connection", async () => {
    for (const path of attacks()) {
      const w = workflow("w-in", [{ id: "in", type: "input", config: { source: path, source_type: "csv" } }]);
      expectRefused(await call("POST", "/workflow/tool/execute", { tool_id: "in", workflow: w }), path);
    }
    const lite = { source_type: "sqlite", connection: { uri: `sqlite://${join(t.dataDir, "store.db")}` }, table: "t" };
    const w = workflow("w-lite", [{ id: "in", type: "input", config: lite }]);
    expectRefused(await call("POST", "/workflow/tool/execute", { tool_id: "in", workflow: w }), "sqlite input");
  });

  test("a SQLite connection's path", async () => {
    const store = join(t.dataDir, "store.db");
    expectRefused(await call("POST", "/connections/", { name: "c", type: "sqlite", database: store }), "connection");
  });

  test("the Output tool cannot overwrite a log, by any path", async () => {
    for (const path of attacks()) {
      const w = workflow(
        "w-out",
        [
          { id: "in", type: "input", config: { source: join(t.home, "home.csv") } },
          { id: "out", type: "output", config: { path, format: "csv" } },
        ],
        ["in -> out"],
      );
      expectRefused(await call("POST", "/workflow/execute", { workflow: w }), path);
    }
  });

  test("GET and PUT /files/workflow", async () => {
    const flow = join(logs, "x.weft.json");
    writeFileSync(join(logs, "kept.weft.json"), JSON.stringify(workflow("w-kept", [])));
    expectRefused(await call("GET", `/files/workflow?path=${q(join(logs, "kept.weft.json"))}`), "get");
    const put = await call("PUT", "/files/workflow", { path: flow, workflow: workflow("w-x", []) });
    expectRefused(put, "put");
  });

  test("nothing in the data directory changed, and files/ stays usable", async () => {
    expect(snapshot()).toEqual(before);
    expect(
      readdirSync(logs)
        .filter((name) => !name.startsWith("audit-2"))
        .sort(),
    ).toEqual(["audit-probe.csv", "kept.weft.json"]);
    expect(realpathSync(join(t.dataDir, "files", "ok.csv"))).toContain("/weft-data/files/");
  });
});
