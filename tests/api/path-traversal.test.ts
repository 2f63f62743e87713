import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow } from "../helpers/workflows";

/*
 * Every route that takes a path refuses every path of one traversal corpus, and nothing
 * outside the granted root is listed, read or written (the tree is compared before/after):
 *
 *   base/
 *     root/                    the only root (ALLOWED_FILE_PATHS)
 *       data.csv  data.db      legitimate inputs
 *       sub/rel-link -> ../../secret          (relative link out)
 *       link-file.{csv,db} -> base/secret/secret.{csv,db}
 *       link-dir -> base/secret
 *       chain-1 -> root/chain-2 -> base/secret (two hops)
 *       dangling.{csv,db} -> base/secret/new.{csv,db} (does not exist: a write would create it)
 *       loop-a <-> loop-b
 *     secret/   secret.csv  secret.db  treasure-list.csv      never granted
 *     ROOT/     secret.csv                                     same name, other case
 *     rootevil/ secret.csv                                     shares the root's prefix
 */

const MARK = "TOP_SECRET_7731";
const UNNAMED = "treasure-list"; // a file no path names: it shows up only if a folder outside is listed

let t: TestApp;
let base: string;
let root: string;
let secret: string;
let before: Snapshot;

type Lands = "outside" | "malformed" | "inside";
interface Attempt {
  label: string;
  value: string;
  /** outside: 403; malformed: 400; inside: a literal name in the root (nothing decoded or split). */
  lands: Lands;
}

/** The corpus, for files with extension `ext` (csv for files, db for SQLite). */
function corpus(ext: "csv" | "db"): Attempt[] {
  const f = `secret.${ext}`;
  const out = (label: string, value: string): Attempt => ({ label, value, lands: "outside" });
  const bad = (label: string, value: string): Attempt => ({ label, value, lands: "malformed" });
  const lit = (label: string, value: string): Attempt => ({ label, value, lands: "inside" });
  const name = basename(base);
  return [
    out("absolute outside", `${secret}/${f}`),
    out("absolute outside, missing", `${secret}/missing.${ext}`),
    out("/etc/passwd", "/etc/passwd"),
    out("/", "/"),
    out("the root's parent", base),
    out("..", `${root}/../secret/${f}`),
    out("up two and back down", `${root}/../../${name}/secret/${f}`),
    out("many ..", `${root}/${"../".repeat(24)}etc/passwd`),
    out("doubled slashes", `${root}//..//secret//${f}`),
    out("leading //", `/${secret}/${f}`),
    out(". and ..", `${root}/./../secret/./${f}`),
    out("into a folder, then ..", `${root}/sub/../../secret/${f}`),
    out("trailing slash", `${root}/../secret/`),
    out("back and forth outside", `${root}/../secret/../secret/${f}`),
    out("link to a file outside", `${root}/link-file.${ext}`),
    out("through a link to a folder outside", `${root}/link-dir/${f}`),
    out("a link to a folder outside, with trailing slash", `${root}/link-dir/`),
    out("`..` after a link goes up from its target", `${root}/link-dir/../secret/${f}`),
    out("relative link out", `${root}/sub/rel-link/${f}`),
    out("two-hop link", `${root}/chain-1/${f}`),
    out("dangling link to outside", `${root}/dangling.${ext}`),
    out("new file through a linked folder", `${root}/link-dir/new-output.${ext}`),
    out("sibling sharing the root's prefix", `${root}evil/secret.csv`),
    out("the root in upper case (another folder on Linux)", `${join(base, "ROOT")}/secret.csv`),
    out("case change after ..", `${root}/../ROOT/secret.csv`),
    out("the secret folder in another case (missing)", `${join(base, "SECRET")}/${f}`),
    bad("relative", `secret/${f}`),
    bad("relative ..", `../secret/${f}`),
    bad("home shorthand", `~/${f}`),
    bad("file URL", `file://${secret}/${f}`),
    bad("Windows drive", `C:\\..\\secret\\${f}`),
    bad("Windows share", `\\\\server\\share\\${f}`),
    bad("NUL before an escape", `${root}/data.${ext}\u0000/../../secret/${f}`),
    bad("NUL alone", `${root}/\u0000`),
    bad("link loop", `${root}/loop-a/${f}`),
    lit("%2e%2e stays a name", `${root}/%2e%2e/secret/${f}`),
    lit("%2f stays a name", `${root}/%2e%2e%2fsecret%2f${f}`),
    lit("double-encoded", `${root}/%252e%252e/secret/${f}`),
    lit("backslashes are part of a name", `${root}/..\\secret\\${f}`),
    lit("encoded backslashes", `${root}/..%5csecret%5c${f}`),
    lit("overlong UTF-8 slash", `${root}/..%c0%afsecret%c0%af${f}`),
  ];
}

/** Query strings typed as they are (not encoded again): the HTTP layer decodes them once. */
const rawQueries = (): { label: string; query: string; lands: Lands }[] => [
  { label: "%2e%2e decoded once is ..", query: `${root}/%2e%2e/secret/secret.csv`, lands: "outside" },
  { label: "%2f decoded once is /", query: `${root}/..%2fsecret%2fsecret.csv`, lands: "outside" },
  { label: "upper-case %2E%2E", query: `${root}/%2E%2E/secret/secret.csv`, lands: "outside" },
  { label: "%252e decoded once is a literal %2e", query: `${root}/%252e%252e/secret/secret.csv`, lands: "inside" },
  { label: "%00 decoded once is NUL", query: `${root}/data.csv%00/../../secret/secret.csv`, lands: "malformed" },
  { label: "%5c decoded is a backslash, part of a name", query: `${root}/..%5csecret%5csecret.csv`, lands: "inside" },
];

// ---- the tree, and what "nothing changed outside" means -------------------------------------

type Snapshot = Record<string, string>;
/** Every path under `dir` (links not followed) with its content, or its link target. */
function snapshot(dir: string, skip: string, out: Snapshot = {}): Snapshot {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === skip) continue;
    const s = lstatSync(path);
    if (s.isSymbolicLink()) out[path] = `-> ${readlinkSync(path)}`;
    else if (s.isDirectory()) {
      out[path] = "dir";
      snapshot(path, skip, out);
    } else out[path] = readFileSync(path).toString("base64");
  }
  return out;
}

function sqliteWith(path: string, value: string) {
  const db = new Database(path, { create: true });
  db.run("CREATE TABLE t (v TEXT)");
  db.run("INSERT INTO t VALUES (?)", [value]);
  db.close();
}

beforeAll(async () => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "weft-traversal-")));
  root = join(base, "root");
  secret = join(base, "secret");
  for (const d of [root, secret, join(root, "sub"), join(base, "ROOT"), join(base, "rootevil")]) mkdirSync(d);
  writeFileSync(join(root, "data.csv"), "v\nfine\n");
  sqliteWith(join(root, "data.db"), "fine");
  writeFileSync(join(secret, "secret.csv"), `v\n${MARK}\n`);
  sqliteWith(join(secret, "secret.db"), MARK);
  writeFileSync(join(secret, `${UNNAMED}.csv`), `v\n${MARK}\n`);
  writeFileSync(join(base, "ROOT", "secret.csv"), `v\n${MARK}\n`);
  writeFileSync(join(base, "rootevil", "secret.csv"), `v\n${MARK}\n`);
  symlinkSync("../../secret", join(root, "sub", "rel-link"));
  for (const ext of ["csv", "db"]) {
    symlinkSync(join(secret, `secret.${ext}`), join(root, `link-file.${ext}`));
    symlinkSync(join(secret, `new.${ext}`), join(root, `dangling.${ext}`));
  }
  symlinkSync(secret, join(root, "link-dir"));
  symlinkSync(secret, join(root, "chain-2"));
  symlinkSync(join(root, "chain-2"), join(root, "chain-1"));
  symlinkSync(join(root, "loop-b"), join(root, "loop-a"));
  symlinkSync(join(root, "loop-a"), join(root, "loop-b"));
  before = snapshot(base, root);
  t = await makeTestApp({
    env: { ALLOWED_FILE_PATHS: root, CONNECTION_ENCRYPTION_KEY: "path-traversal-test-key" },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(base, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Answer = { status: number; body: any; text: string };
async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await t.app.request(`/api${path}`, {
    method,
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}
const STATUS: Record<Exclude<Lands, "inside">, number> = { outside: 403, malformed: 400 };

/** The common checks: the status the corpus expects, and no secret in the answer. */
function expectRefused(answer: Answer, attempt: Pick<Attempt, "lands" | "label">, inside: number[]) {
  const where = `${attempt.label}: ${answer.text.slice(0, 300)}`;
  if (attempt.lands === "inside") expect(inside, where).toContain(answer.status);
  else expect(answer.status, where).toBe(STATUS[attempt.lands]);
  expect(answer.text, where).not.toContain(MARK);
  expect(answer.text, where).not.toContain(UNNAMED);
}
const q = (value: string) => encodeURIComponent(value);

describe("the corpus", () => {
  test("has at least 30 paths of every kind", () => {
    const all = corpus("csv");
    expect(all.length).toBeGreaterThanOrEqual(30);
    for (const lands of ["outside", "malformed", "inside"]) expect(all.some((a) => a.lands === lands)).toBe(true);
  });
});

describe("refused on every route", () => {
  test("GET /api/files/list", async () => {
    for (const a of corpus("csv")) expectRefused(await call("GET", `/files/list?path=${q(a.value)}`), a, [404]);
    for (const r of rawQueries()) expectRefused(await call("GET", `/files/list?path=${r.query}`), r, [404]);
  });

  test("GET /api/files/stat: a literal name inside is `exists: false`, in the root", async () => {
    for (const a of corpus("csv")) {
      const answer = await call("GET", `/files/stat?path=${q(a.value)}`);
      expectRefused(answer, a, [200]);
      if (a.lands === "inside") expect(answer.body).toMatchObject({ exists: false, path: a.value });
    }
    for (const r of rawQueries()) {
      const answer = await call("GET", `/files/stat?path=${r.query}`);
      expectRefused(answer, r, [200]);
      if (r.lands === "inside") expect(answer.body.exists).toBe(false);
    }
  });

  test("POST /api/datasource/inspect and /preview (body `source`)", async () => {
    for (const a of corpus("csv")) {
      expectRefused(await call("POST", "/datasource/inspect", { source: a.value }), a, [400, 404]);
      expectRefused(await call("POST", "/datasource/preview", { source: a.value }), a, [400, 404]);
    }
  });

  test("the Input tool (tool/execute, config `source`)", async () => {
    for (const a of corpus("csv")) {
      const w = workflow("w-in", [{ id: "in", type: "input", config: { source: a.value, source_type: "csv" } }]);
      expectRefused(await call("POST", "/workflow/tool/execute", { tool_id: "in", workflow: w }), a, [400, 404]);
    }
  });

  test("the Input tool reading SQLite (connection uri)", async () => {
    for (const a of corpus("db")) {
      const config = { source_type: "sqlite", connection: { uri: `sqlite://${a.value}` }, table: "t" };
      const w = workflow("w-lite", [{ id: "in", type: "input", config }]);
      expectRefused(await call("POST", "/workflow/tool/execute", { tool_id: "in", workflow: w }), a, [400, 404]);
    }
  });

  test("POST and PUT /api/connections with type sqlite", async () => {
    let n = 0;
    for (const a of corpus("db")) {
      const created = await call("POST", "/connections/", { name: `c${n++}`, type: "sqlite", database: a.value });
      expectRefused(created, a, [201]);
    }
    const ok = await call("POST", "/connections/", { name: "ok", type: "sqlite", database: join(root, "data.db") });
    expect(ok.status).toBe(201);
    for (const a of corpus("db").filter((x) => x.lands !== "inside")) {
      expectRefused(await call("PUT", `/connections/${ok.body.id}`, { database: a.value }), a, []);
    }
  });

  test("the Output tool writes nothing outside: refused, or a literal name inside the root", async () => {
    for (const a of corpus("csv")) {
      const w = workflow(
        "w-out",
        [
          { id: "in", type: "input", config: { source: join(root, "data.csv") } },
          { id: "out", type: "output", config: { path: a.value, format: "csv" } },
        ],
        ["in -> out"],
      );
      const answer = await call("POST", "/workflow/execute", { workflow: w });
      expectRefused(answer, a, [200]);
      if (a.lands === "inside") {
        expect(readFileSync(a.value, "utf8"), a.label).toBe("v\nfine\n");
        expect(realpathSync(a.value).startsWith(`${root}/`), a.label).toBe(true);
      }
    }
    expect(existsSync(join(secret, "new.csv"))).toBe(false);
  });

  test("a legitimate path still works on every route (the refusals are not blanket)", async () => {
    const data = join(root, "data.csv");
    expect((await call("GET", `/files/stat?path=${q(data)}`)).body.exists).toBe(true);
    expect((await call("GET", `/files/list?path=${q(root)}`)).status).toBe(200);
    expect((await call("POST", "/datasource/inspect", { source: data })).status).toBe(200);
    const lite = { source_type: "sqlite", connection: { uri: `sqlite://${join(root, "data.db")}` }, table: "t" };
    const w = workflow("w-ok", [{ id: "in", type: "input", config: lite }]);
    const read = await call("POST", "/workflow/tool/execute", { tool_id: "in", workflow: w });
    expect(read.status, read.text).toBe(200);
    expect(read.body.outputs.output.data).toEqual([["fine"]]);
  });

  test("nothing outside the root changed: same files, same contents, same links", () => {
    expect(snapshot(base, root)).toEqual(before);
  });
});
