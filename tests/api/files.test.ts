import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { supportedExtensions } from "../../src/formats/catalog";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";

/*
 * The file browser: GET /api/files/roots, list, search and stat (docs/server-api.md "Files"), over a
 * real temporary tree:
 *
 *   base/
 *     root/            ALLOWED_FILE_PATHS root (writable)
 *       Beta/  alpha/  zeta.csv  Alpha.parquet  .hidden.csv  notes  inner.csv -> zeta.csv
 *       out-link.csv -> base/secret/secret.csv     out-dir -> base/secret
 *       big/ (2,500 files)
 *     ro/              read-only root (":ro")
 *     secret/          not granted
 */

let t: TestApp;
let base: string;
let root: string;
let ro: string;
let secret: string;
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Answer = { status: number; body: any };
const get = async (app: TestApp, path: string, query: Record<string, string> = {}): Promise<Answer> => {
  const qs = new URLSearchParams(query).toString();
  const res = await app.app.request(`/api/files/${path}${qs ? `?${qs}` : ""}`, { headers: bearer(app.token) });
  return { status: res.status, body: await res.json() };
};
const BIG = 2_500;
/** Memory-backed where the system has one: 60,000 files on a busy disk take a minute to create. */
const fastTmp = () => (existsSync("/dev/shm") && statSync("/dev/shm").isDirectory() ? "/dev/shm" : tmpdir());

beforeAll(async () => {
  base = realpathSync(mkdtempSync(join(fastTmp(), "weft-files-")));
  root = join(base, "root");
  ro = join(base, "ro");
  secret = join(base, "secret");
  for (const d of [root, ro, secret, join(root, "Beta"), join(root, "alpha"), join(root, "big")]) mkdirSync(d);
  writeFileSync(join(root, "zeta.csv"), "a,b\n1,2\n");
  writeFileSync(join(root, "Alpha.parquet"), "PAR1");
  writeFileSync(join(root, ".hidden.csv"), "h\n");
  writeFileSync(join(root, "notes"), "no extension");
  writeFileSync(join(ro, "ro.csv"), "x\n");
  writeFileSync(join(secret, "secret.csv"), "password\n");
  symlinkSync(join(root, "zeta.csv"), join(root, "inner.csv"));
  symlinkSync(join(secret, "secret.csv"), join(root, "out-link.csv"));
  symlinkSync(secret, join(root, "out-dir"));
  utimesSync(join(root, "zeta.csv"), new Date("2024-05-06T07:08:09Z"), new Date("2024-05-06T07:08:09Z"));
  for (let i = 0; i < BIG; i++) writeFileSync(join(root, "big", `f${String(i).padStart(5, "0")}.csv`), "");
  t = await makeTestApp({ env: { ALLOWED_FILE_PATHS: `${root},${ro}:ro` } });
});
afterAll(async () => {
  await t.close();
  rmSync(base, { recursive: true, force: true });
});

describe("GET /api/files/roots", () => {
  test("the configured roots, by real path, with their read-only flag", async () => {
    const { status, body } = await get(t, "roots");
    expect(status).toBe(200);
    expect(body).toEqual([
      { path: root, read_only: false },
      { path: ro, read_only: true },
    ]);
  });
  test("defaults: the home folder and the data directory's files/", async () => {
    const d = await makeTestApp();
    try {
      const { body } = await get(d, "roots");
      expect(body).toEqual([
        { path: realpathSync(d.home), read_only: false },
        { path: join(realpathSync(d.dataDir), "files"), read_only: false },
      ]);
    } finally {
      await d.close();
    }
  });
  test("open mode shows the home folder and /", async () => {
    const o = await makeTestApp({ env: { FILE_ACCESS_MODE: "open" } });
    try {
      const { body } = await get(o, "roots");
      const home = realpathSync(homedir());
      expect(body).toEqual(
        home === "/"
          ? [{ path: "/", read_only: false }]
          : [
              { path: home, read_only: false },
              { path: "/", read_only: false },
            ],
      );
      expect((await get(o, "stat", { path: join(secret, "secret.csv") })).body.exists).toBe(true);
    } finally {
      await o.close();
    }
  });
});

describe("GET /api/files/list", () => {
  test("folders first, then files, by name ignoring case; hidden names and outside links left out", async () => {
    const { status, body } = await get(t, "list", { path: root });
    expect(status).toBe(200);
    expect(body.path).toBe(root);
    expect(body.read_only).toBe(false);
    expect(body.entries.map((e: { name: string }) => e.name)).toEqual([
      "alpha",
      "Beta",
      "big",
      "Alpha.parquet",
      "inner.csv",
      "notes",
      "zeta.csv",
    ]);
    expect(body.total_entries).toBe(7);
    expect(body.truncated).toBe(false);
    expect(JSON.stringify(body)).not.toContain("secret");
  });
  test("each entry has exactly the spec's fields", async () => {
    const { body } = await get(t, "list", { path: root });
    const byName = Object.fromEntries(body.entries.map((e: { name: string }) => [e.name, e]));
    expect(byName["zeta.csv"]).toEqual({
      name: "zeta.csv",
      path: join(root, "zeta.csv"),
      is_dir: false,
      size: 8,
      modified: "2024-05-06T07:08:09.000Z",
      extension: "csv",
    });
    expect(byName.alpha).toMatchObject({ is_dir: true, size: null, extension: null });
    expect(byName.notes).toMatchObject({ is_dir: false, size: 12, extension: null });
    expect(byName["Alpha.parquet"].extension).toBe("parquet");
    // A link inside to a file inside: listed under its own name, with the target's size.
    expect(byName["inner.csv"]).toMatchObject({ path: join(root, "inner.csv"), size: 8, is_dir: false });
  });
  test("show_hidden=true adds names starting with a dot", async () => {
    const { body } = await get(t, "list", { path: root, show_hidden: "true" });
    expect(body.entries.map((e: { name: string }) => e.name)).toContain(".hidden.csv");
  });
  test("a read-only root says so", async () => {
    const { body } = await get(t, "list", { path: ro });
    expect(body).toMatchObject({ path: ro, read_only: true, entries: [{ name: "ro.csv" }] });
  });
  test(`a big folder answers pages of 2,000: ${BIG} files`, async () => {
    const first = await get(t, "list", { path: join(root, "big") });
    expect(first.body.entries).toHaveLength(2_000);
    expect(first.body.total_entries).toBe(BIG);
    expect(first.body.truncated).toBe(true);
    expect(first.body.entries[0].name).toBe("f00000.csv");
    const rest = await get(t, "list", { path: join(root, "big"), offset: "2000" });
    expect(rest.body.entries).toHaveLength(BIG - 2_000);
    expect(rest.body.entries[0].name).toBe("f02000.csv");
    expect(rest.body.truncated).toBe(false);
  });
  test.each([
    ["a missing folder inside a root", () => join(root, "nope"), 404],
    ["a file", () => join(root, "zeta.csv"), 400],
    ["a folder outside", () => secret, 403],
    ["a missing folder outside", () => join(secret, "nope"), 403],
    ["a link to a folder outside", () => join(root, "out-dir"), 403],
    ["a relative path", () => "root", 400],
  ])("%s is %d", async (_, path, status) => {
    const res = await get(t, "list", { path: path() });
    expect(res.status).toBe(status);
    expect(typeof res.body.detail).toBe("string");
  });
  test("without path, or with a bad offset, 400", async () => {
    expect((await get(t, "list")).status).toBe(400);
    expect((await get(t, "list", { path: root, offset: "-1" })).status).toBe(400);
  });
});

describe("GET /api/files/stat", () => {
  test("a file", async () => {
    const { status, body } = await get(t, "stat", { path: join(root, "zeta.csv") });
    expect(status).toBe(200);
    expect(body).toEqual({
      path: join(root, "zeta.csv"),
      exists: true,
      is_file: true,
      is_dir: false,
      size: 8,
      modified: "2024-05-06T07:08:09.000Z",
      extension: "csv",
      read_only: false,
    });
  });
  test("a folder; a link inside resolves to its target", async () => {
    expect((await get(t, "stat", { path: join(root, "alpha") })).body).toMatchObject({
      exists: true,
      is_file: false,
      is_dir: true,
      size: null,
      extension: null,
    });
    expect((await get(t, "stat", { path: join(root, "inner.csv") })).body.path).toBe(join(root, "zeta.csv"));
  });
  test("a missing path inside a root: exists false, with the root's read-only flag", async () => {
    const { status, body } = await get(t, "stat", { path: join(ro, "new.parquet") });
    expect(status).toBe(200);
    expect(body).toEqual({
      path: join(ro, "new.parquet"),
      exists: false,
      is_file: false,
      is_dir: false,
      size: null,
      modified: null,
      extension: "parquet",
      read_only: true,
    });
  });
  test.each([
    ["a file outside", () => join(secret, "secret.csv")],
    ["a missing file outside", () => join(secret, "missing.csv")],
    ["a link to a file outside", () => join(root, "out-link.csv")],
  ])("%s is 403 and says nothing of it", async (_, path) => {
    const res = await get(t, "stat", { path: path() });
    expect(res.status).toBe(403);
    expect(Object.keys(res.body)).toEqual(["detail"]);
  });
});

describe("GET /api/files/search", () => {
  test("ranks over every root, with the spec's fields", async () => {
    writeFileSync(join(ro, "zeta_archive.csv"), "");
    const { status, body } = await get(t, "search", { query: "zeta" });
    expect(status).toBe(200);
    expect(body.query).toBe("zeta");
    expect(body.results.map((r: { path: string; score: number }) => [r.path, r.score])).toEqual([
      [join(root, "zeta.csv"), 100],
      [join(ro, "zeta_archive.csv"), 80],
    ]);
    expect(Object.keys(body.results[0]).sort()).toEqual(["extension", "modified", "name", "path", "score", "size"]);
    // root: zeta, Alpha.parquet, notes, inner link, out-link, out-dir link, 2,500 in big; ro: 2.
    expect(body.total_files_scanned).toBe(6 + BIG + 2);
    expect(JSON.stringify(body)).not.toContain(secret);
  });
  test("the default extensions are the format registry's; `extensions` narrows", async () => {
    expect(supportedExtensions()).not.toContain("pdf");
    writeFileSync(join(root, "alpha", "alpha.pdf"), "");
    const byDefault = await get(t, "search", { query: "alpha" });
    expect(byDefault.body.results.map((r: { name: string }) => r.name)).toEqual(["Alpha.parquet"]);
    const pdf = await get(t, "search", { query: "alpha", extensions: "pdf, .PARQUET" });
    expect(pdf.body.results.map((r: { name: string }) => r.name).sort()).toEqual(["Alpha.parquet", "alpha.pdf"]);
  });
  test("limit defaults to 20 and caps the results", async () => {
    expect((await get(t, "search", { query: "f0" })).body.results).toHaveLength(20);
    expect((await get(t, "search", { query: "f0", limit: "100" })).body.results).toHaveLength(100);
    expect((await get(t, "search", { query: "f0", limit: "1" })).body.results).toHaveLength(1);
  });
  test.each([
    [{ query: "x", limit: "0" }],
    [{ query: "x", limit: "101" }],
    [{ query: "x", limit: "ten" }],
    [{ query: "x", limit: "2.5" }],
    [{ query: "" }],
    [{ query: "   " }],
    [{}],
    [{ query: "x", extensions: "csv,../etc" }],
  ])("%p is 400", async (query) => {
    const res = await get(t, "search", query);
    expect(res.status).toBe(400);
    expect(typeof res.body.detail).toBe("string");
  });
});

describe("GET /api/files/search over a tree past the cap", () => {
  let wide: TestApp;
  let tree: string;
  const FOLDERS = 60;
  const PER_FOLDER = 1_000;
  const DEPTH = 150;
  beforeAll(async () => {
    tree = realpathSync(mkdtempSync(join(fastTmp(), "weft-files-wide-")));
    for (let d = 0; d < FOLDERS; d++) {
      const dir = join(tree, `d${d}`);
      mkdirSync(dir);
      for (let f = 0; f < PER_FOLDER; f++) writeFileSync(join(dir, `f${f}.csv`), "");
    }
    let deep = tree;
    for (let i = 0; i < DEPTH; i++) deep = join(deep, "n");
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(deep, "needle.csv"), "");
    // Links back up would make the walk endless if it followed them.
    symlinkSync(tree, join(tree, "d0", "loop"));
    symlinkSync(join(tree, "n"), join(tree, "n", "n", "loop"));
    wide = await makeTestApp({ env: { ALLOWED_FILE_PATHS: tree } });
  }, 60_000);
  afterAll(async () => {
    await wide.close();
    rmSync(tree, { recursive: true, force: true });
  });
  test("stops at 50,000 files scanned and says it stopped", async () => {
    const { status, body } = await get(wide, "search", { query: "f999" });
    expect(status).toBe(200);
    expect(body.total_files_scanned).toBe(50_000);
    expect(body.truncated).toBe(true);
    expect(body.results.length).toBeGreaterThan(0);
  }, 60_000);
  test("a deep file is found when the walk reaches it; the link loop does not trap the walk", async () => {
    const { body } = await get(wide, "search", { query: "needle", limit: "5" });
    // Breadth first: the deep chain holds one folder per level, so the cap is reached first.
    expect(body.total_files_scanned).toBe(50_000);
    const narrow = await makeTestApp({ env: { ALLOWED_FILE_PATHS: join(tree, "n") } });
    try {
      const found = await get(narrow, "search", { query: "needle" });
      expect(found.body.results.map((r: { name: string }) => r.name)).toEqual(["needle.csv"]);
      expect(found.body.total_files_scanned).toBe(2); // needle.csv, and the `loop` link (not walked into)
      expect(found.body.truncated).toBe(false);
    } finally {
      await narrow.close();
    }
  }, 60_000);
});
