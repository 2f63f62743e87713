import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { callApi, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow } from "../helpers/workflows";

/*
 * Reading a WAL-mode SQLite database in a `:ro` root creates nothing beside it: a read-only
 * open would make `-wal` and `-shm` files there (and could not remove them). Each way of
 * reading it (the Input tool, the data-source routes, a connection test) leaves the folder
 * byte for byte as it was, and reads the right rows.
 */

let t: TestApp;
let ro: string;
let rw: string;

/** Names, sizes and bytes of every file in a folder. */
function listing(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .map((name) => `${name}:${statSync(join(dir, name)).size}:${readFileSync(join(dir, name)).toString("base64")}`);
}

function walDatabase(path: string, rows: string[]): void {
  const db = new Database(path, { create: true });
  db.run("PRAGMA journal_mode = WAL");
  db.run("CREATE TABLE t (v TEXT)");
  for (const v of rows) db.run("INSERT INTO t VALUES (?)", [v]);
  db.close(); // the last connection checkpoints and removes -wal and -shm
}

let base: string;

beforeAll(async () => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "weft-sqlite-ro-")));
  ro = join(base, "ro");
  rw = join(base, "rw");
  mkdirSync(ro);
  mkdirSync(rw);
  t = await makeTestApp({
    env: { ALLOWED_FILE_PATHS: `${rw},${ro}:ro`, CONNECTION_ENCRYPTION_KEY: "sqlite-ro-test-key" },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(base, { recursive: true, force: true });
});

const call = (method: string, path: string, body?: unknown) => callApi(t, method, path, body);

/** Reads `path` every way Weft does and answers what each read gave. */
async function readEveryWay(path: string, label: string): Promise<{ tool: unknown; preview: unknown; rows: unknown }> {
  const config = {
    source_type: "sqlite",
    connection: { uri: `sqlite://${path}` },
    query: "SELECT v FROM t ORDER BY v",
  };
  const w = workflow("w-lite", [{ id: "in", type: "input", config }]);
  const tool = await call("POST", "/workflow/tool/execute", { tool_id: "in", workflow: w });
  expect(tool.status, `${label} input: ${tool.text}`).toBe(200);
  const { source_type, ...rest } = config;
  const preview = await call("POST", "/datasource/preview", { source_type, config: rest });
  expect(preview.status, `${label} preview: ${preview.text}`).toBe(200);
  const inspect = await call("POST", "/datasource/inspect", { source_type, config: rest });
  expect(inspect.status, `${label} inspect: ${inspect.text}`).toBe(200);
  const created = await call("POST", "/connections/", { name: label, type: "sqlite", database: path });
  expect(created.status, created.text).toBe(201);
  const tested = await call("POST", `/connections/${created.body.id}/test`);
  expect(tested.body.success, `${label} test: ${tested.text}`).toBe(true);
  return { tool: tool.body.outputs.output.data, preview: preview.body.data, rows: inspect.body.data_schema.total_rows };
}

describe("SQLite in a read-only root", () => {
  test("a WAL database is read right and nothing is created beside it", async () => {
    const path = join(ro, "wal.db");
    walDatabase(path, ["a", "b", "c"]);
    const before = listing(ro);
    expect(before.map((line) => line.split(":")[0])).toEqual(["wal.db"]);
    const read = await readEveryWay(path, "wal");
    expect(read).toEqual({ tool: [["a"], ["b"], ["c"]], preview: [["a"], ["b"], ["c"]], rows: 3 });
    expect(listing(ro)).toEqual(before);
  });

  test("rows still in a writer's -wal are read (immutable is not used then), and no file is added", async () => {
    const path = join(ro, "live.db");
    walDatabase(path, ["a"]);
    const writer = new Database(path);
    try {
      writer.run("INSERT INTO t VALUES ('in-wal')"); // stays in live.db-wal while the writer is open
      const before = listing(ro);
      expect(before.map((line) => line.split(":")[0])).toContain("live.db-wal");
      const read = await readEveryWay(path, "live");
      expect(read).toEqual({ tool: [["a"], ["in-wal"]], preview: [["a"], ["in-wal"]], rows: 2 });
      expect(listing(ro).map((line) => line.split(":")[0])).toEqual(before.map((line) => line.split(":")[0]));
    } finally {
      writer.close();
    }
  });
});

describe("SQLite in a writable root", () => {
  test("a rollback-journal database read every way leaves nothing beside it", async () => {
    const path = join(rw, "plain.db");
    const db = new Database(path, { create: true });
    db.run("CREATE TABLE t (v TEXT)");
    db.run("INSERT INTO t VALUES ('x'), ('y')");
    db.close();
    const before = listing(rw);
    const read = await readEveryWay(path, "plain");
    expect(read).toEqual({ tool: [["x"], ["y"]], preview: [["x"], ["y"]], rows: 2 });
    expect(listing(rw)).toEqual(before);
  });
});
