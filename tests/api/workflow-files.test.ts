import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_WORKFLOW_BYTES } from "../../src/server/services/workflow-file";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";

/*
 * Opening and saving workflows on the Server: GET and PUT /api/files/workflow (Weft's
 * extension, docs/decisions.md "Files"), over a real temporary tree:
 *
 *   base/
 *     root/                       ALLOWED_FILE_PATHS root (writable)
 *       flows/sales.weft.json     a workflow (with a field the schema does not know)
 *       data.csv                  not a workflow: never read or replaced by these routes
 *       not-json.weft.json  not-workflow.weft.json  folder.weft.json/  big.weft.json (> 10 MB)
 *       alias.weft.json -> flows/sales.weft.json         a link inside, to a workflow
 *       csv-alias.weft.json -> data.csv                  a workflow name leading to a CSV
 *       new-csv.weft.json -> root/new.csv (dangling)     a write would create a CSV
 *       out.weft.json -> secret/secret.weft.json         a link outside
 *       out-new.weft.json -> secret/new.weft.json        dangling, outside
 *       out-dir -> secret
 *     ro/ro.weft.json             read-only root (":ro")
 *     secret/secret.weft.json     not granted
 */

const MARK = "TOP_SECRET_4410";
let t: TestApp;
let base: string;
let root: string;
let ro: string;
let secret: string;
let outsideBefore: Record<string, string>;

const sample = (id: string, extra: Record<string, unknown> = {}) => ({
  meta: { workflow_id: id, name: `Workflow ${id}` },
  tools: [{ id: "in", type: "input", config: { source: "/data/x.csv" }, position: { x: 1, y: 2 }, note: "kept" }],
  wires: [],
  ...extra,
});
const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Answer = { status: number; body: any; text: string };
async function send(method: "GET" | "PUT", query: string, body?: unknown, raw?: BodyInit): Promise<Answer> {
  const res = await t.app.request(`/api/files/workflow${query}`, {
    method,
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}
const read = (path: string) => send("GET", `?path=${encodeURIComponent(path)}`);
const write = (body: Record<string, unknown>) => send("PUT", "", body);

/** Every path under `dir` (links not followed) with its content or link target. */
function snapshot(dir: string, out: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const s = lstatSync(path);
    if (s.isSymbolicLink()) out[path] = `-> ${readlinkSync(path)}`;
    else if (s.isDirectory()) {
      out[path] = "dir";
      snapshot(path, out);
    } else out[path] = readFileSync(path, "utf8");
  }
  return out;
}
/** Names in a folder, hidden ones too: a leftover temporary file would show here. */
const namesIn = (dir: string) => readdirSync(dir).sort();

beforeAll(async () => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "weft-wf-files-")));
  root = join(base, "root");
  ro = join(base, "ro");
  secret = join(base, "secret");
  for (const d of [root, ro, secret, join(root, "flows"), join(root, "folder.weft.json")]) mkdirSync(d);
  writeFileSync(join(root, "flows", "sales.weft.json"), pretty(sample("sales")));
  utimesSync(
    join(root, "flows", "sales.weft.json"),
    new Date("2024-05-06T07:08:09Z"),
    new Date("2024-05-06T07:08:09Z"),
  );
  writeFileSync(join(root, "data.csv"), "a,b\n1,2\n");
  writeFileSync(join(root, "not-json.weft.json"), "{ this is not json");
  writeFileSync(join(root, "not-workflow.weft.json"), '{"hello": 1}');
  writeFileSync(join(root, "big.weft.json"), " ".repeat(MAX_WORKFLOW_BYTES + 1));
  writeFileSync(join(ro, "ro.weft.json"), pretty(sample("ro")));
  writeFileSync(join(secret, "secret.weft.json"), pretty(sample(MARK)));
  symlinkSync(join(root, "flows", "sales.weft.json"), join(root, "alias.weft.json"));
  symlinkSync(join(root, "data.csv"), join(root, "csv-alias.weft.json"));
  symlinkSync(join(root, "new.csv"), join(root, "new-csv.weft.json"));
  symlinkSync(join(secret, "secret.weft.json"), join(root, "out.weft.json"));
  symlinkSync(join(secret, "new.weft.json"), join(root, "out-new.weft.json"));
  symlinkSync(secret, join(root, "out-dir"));
  outsideBefore = { ...snapshot(ro), ...snapshot(secret) };
  t = await makeTestApp({ env: { ALLOWED_FILE_PATHS: `${root},${ro}:ro` } });
});
afterAll(async () => {
  await t.close();
  rmSync(base, { recursive: true, force: true });
});

describe("GET /api/files/workflow", () => {
  test("answers the file's JSON as it is, its real path and modification time", async () => {
    const path = join(root, "flows", "sales.weft.json");
    const { status, body } = await read(path);
    expect(status).toBe(200);
    expect(body).toEqual({ path, workflow: sample("sales"), modified: "2024-05-06T07:08:09.000Z" });
    // A field the schema does not know is not dropped.
    expect(body.workflow.tools[0].note).toBe("kept");
  });
  test("through a link inside the root: the real path", async () => {
    const { status, body } = await read(join(root, "alias.weft.json"));
    expect(status).toBe(200);
    expect(body.path).toBe(join(root, "flows", "sales.weft.json"));
  });
  test("a read-only root can be read", async () => {
    expect((await read(join(ro, "ro.weft.json"))).status).toBe(200);
  });
  test.each([
    ["a name not ending .weft.json", () => join(root, "data.csv"), 400, "must end with"],
    ["a .weft.json link to a CSV", () => join(root, "csv-alias.weft.json"), 400, "data.csv"],
    ["a folder named .weft.json", () => join(root, "folder.weft.json"), 400, "folder"],
    ["a trailing slash", () => `${join(root, "flows", "sales.weft.json")}/`, 400, "must end with"],
    ["`.weft.json` alone", () => join(root, ".weft.json"), 400, "must end with"],
    ["not JSON", () => join(root, "not-json.weft.json"), 400, "not JSON"],
    ["JSON but not a workflow", () => join(root, "not-workflow.weft.json"), 400, "meta"],
    ["over 10 MB", () => join(root, "big.weft.json"), 400, "at most 10 MB"],
    ["a relative path", () => "flows/sales.weft.json", 400, "absolute"],
    ["a missing file", () => join(root, "flows", "nope.weft.json"), 404, "No such file"],
    ["in a missing folder", () => join(root, "nope", "x.weft.json"), 404, "No such file"],
    ["outside the roots", () => join(secret, "secret.weft.json"), 403, "outside"],
    ["outside, after ..", () => join(root, "..", "secret", "secret.weft.json"), 403, "outside"],
    ["outside, missing", () => join(secret, "missing.weft.json"), 403, "outside"],
    ["a link to a file outside", () => join(root, "out.weft.json"), 403, "outside"],
    ["through a link to a folder outside", () => join(root, "out-dir", "secret.weft.json"), 403, "outside"],
  ])("%s: %d", async (_, path, status, detail) => {
    const answer = await read(path());
    expect(answer.status, answer.text).toBe(status);
    expect(answer.body.detail).toContain(detail);
    expect(answer.text).not.toContain(MARK);
    expect(answer.text).not.toContain("a,b");
  });
  test("without a path, 400", async () => {
    expect((await send("GET", "")).status).toBe(400);
  });
});

describe("PUT /api/files/workflow", () => {
  test("creates a file: indented JSON as sent, a trailing newline, no temporary file left", async () => {
    const path = join(root, "flows", "new.weft.json");
    const workflow = sample("new");
    const { status, body } = await write({ path, workflow });
    expect(status).toBe(200);
    const text = readFileSync(path, "utf8");
    expect(text).toBe(pretty(workflow));
    expect(body).toEqual({ path, modified: statSync(path).mtime.toISOString(), size: Buffer.byteLength(text) });
    expect(namesIn(join(root, "flows"))).toEqual(["new.weft.json", "sales.weft.json"]);
    // What was written opens again, with the same modification time.
    expect((await read(path)).body).toEqual({ path, workflow, modified: body.modified });
  });

  test("an existing file is 409 without overwrite, replaced with it", async () => {
    const path = join(root, "flows", "twice.weft.json");
    expect((await write({ path, workflow: sample("one") })).status).toBe(200);
    const again = await write({ path, workflow: sample("two") });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain("exists already");
    expect(JSON.parse(readFileSync(path, "utf8")).meta.workflow_id).toBe("one");
    expect((await write({ path, workflow: sample("two"), overwrite: false })).status).toBe(409);
    const replaced = await write({ path, workflow: sample("two"), overwrite: true });
    expect(replaced.status).toBe(200);
    expect(JSON.parse(readFileSync(path, "utf8")).meta.workflow_id).toBe("two");
  });

  test("expected_modified: saves when unchanged; 409 when someone saved since, or removed the file", async () => {
    const path = join(root, "flows", "shared.weft.json");
    const first = await write({ path, workflow: sample("v1") });
    const mine = await write({ path, workflow: sample("v2"), overwrite: true, expected_modified: first.body.modified });
    expect(mine.status, mine.text).toBe(200);
    // Someone else saves (a minute later, as another editor would).
    writeFileSync(path, pretty(sample("theirs")));
    utimesSync(path, new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
    const stale = await write({ path, workflow: sample("v3"), overwrite: true, expected_modified: mine.body.modified });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toContain("changed on the Server");
    expect(JSON.parse(readFileSync(path, "utf8")).meta.workflow_id).toBe("theirs");
    // The expected time in another offset is the same instant.
    const theirs = (await read(path)).body.modified as string;
    const offset = new Date(new Date(theirs).getTime()).toISOString().replace("Z", "+00:00");
    expect((await write({ path, workflow: sample("v4"), overwrite: true, expected_modified: offset })).status).toBe(
      200,
    );
    rmSync(path);
    const gone = await write({ path, workflow: sample("v5"), overwrite: true, expected_modified: theirs });
    expect(gone.status).toBe(409);
    expect(gone.body.detail).toContain("removed");
    expect(existsSync(path)).toBe(false);
    expect((await write({ path, workflow: sample("v6"), expected_modified: "yesterday" })).status).toBe(400);
  });

  test("writing through a link inside replaces its target and keeps the link", async () => {
    const link = join(root, "alias.weft.json");
    const target = join(root, "flows", "sales.weft.json");
    const answer = await write({ path: link, workflow: sample("via-link"), overwrite: true });
    expect(answer.status).toBe(200);
    expect(answer.body.path).toBe(target);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(target, "utf8")).meta.workflow_id).toBe("via-link");
  });

  test("an existing file keeps its permissions", async () => {
    const path = join(root, "flows", "private.weft.json");
    await write({ path, workflow: sample("p1") });
    chmodSync(path, 0o600);
    expect((await write({ path, workflow: sample("p2"), overwrite: true })).status).toBe(200);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  test("two Save as of the same new name at once: one wins, the other is 409", async () => {
    const path = join(root, "flows", "race.weft.json");
    const answers = await Promise.all([1, 2, 3, 4].map((i) => write({ path, workflow: sample(`r${i}`) })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = answers.findIndex((a) => a.status === 200) + 1;
    expect(JSON.parse(readFileSync(path, "utf8")).meta.workflow_id).toBe(`r${winner}`);
    expect(namesIn(join(root, "flows")).filter((n) => n.startsWith("."))).toEqual([]);
  });

  test.each([
    ["a name not ending .weft.json (an existing CSV)", () => join(root, "data.csv"), 400, "must end with"],
    ["a .weft.json link to a CSV", () => join(root, "csv-alias.weft.json"), 400, "data.csv"],
    ["a dangling .weft.json link that would create a CSV", () => join(root, "new-csv.weft.json"), 400, "new.csv"],
    ["a folder named .weft.json", () => join(root, "folder.weft.json"), 400, "folder"],
    ["`.weft.json` alone", () => join(root, ".weft.json"), 400, "must end with"],
    ["a relative path", () => "x.weft.json", 400, "absolute"],
    ["a missing folder", () => join(root, "nope", "x.weft.json"), 404, "No such folder"],
    ["below a file", () => join(root, "data.csv", "x.weft.json"), 400, "not a folder"],
    ["a read-only root", () => join(ro, "ro.weft.json"), 403, "read-only"],
    ["a new file in a read-only root", () => join(ro, "new.weft.json"), 403, "read-only"],
    ["outside the roots", () => join(secret, "secret.weft.json"), 403, "outside"],
    ["outside, after ..", () => join(root, "flows", "..", "..", "secret", "new.weft.json"), 403, "outside"],
    ["a link to a file outside", () => join(root, "out.weft.json"), 403, "outside"],
    ["a dangling link to outside", () => join(root, "out-new.weft.json"), 403, "outside"],
    ["through a link to a folder outside", () => join(root, "out-dir", "new.weft.json"), 403, "outside"],
    ["NUL", () => join(root, "x\u0000.weft.json"), 400, "NUL"],
  ])("%s: %d, nothing written", async (_, path, status, detail) => {
    const before = snapshot(root);
    const answer = await write({ path: path(), workflow: sample("nope"), overwrite: true });
    expect(answer.status, answer.text).toBe(status);
    expect(answer.body.detail).toContain(detail);
    expect(answer.text).not.toContain(MARK);
    expect(snapshot(root)).toEqual(before);
  });

  test.each([
    ["no workflow", { path: "/x.weft.json" }],
    ["a workflow without meta.workflow_id", { workflow: { meta: {}, tools: [] } }],
    ["a tool without a type", { workflow: { meta: { workflow_id: "w" }, tools: [{ id: "a" }] } }],
    ["a workflow id that looks like a path", { workflow: { meta: { workflow_id: "../x" }, tools: [] } }],
    ["overwrite as text", { workflow: sample("w"), overwrite: "yes" }],
  ])("%s: 400, nothing written", async (_, body) => {
    const path = join(root, "flows", "invalid.weft.json");
    const answer = await write({ path, ...body });
    expect(answer.status, answer.text).toBe(400);
    expect(existsSync(path)).toBe(false);
  });

  test("a body that is not JSON: 400", async () => {
    expect((await send("PUT", "", undefined, "{ nope")).status).toBe(400);
  });

  test("a body over 10 MB: 413 (announced or streamed), nothing written", async () => {
    const path = join(root, "flows", "huge.weft.json");
    const huge = { path, workflow: sample("huge", { padding: "x".repeat(MAX_WORKFLOW_BYTES) }) };
    const announced = await write(huge);
    expect(announced.status).toBe(413);
    const text = JSON.stringify(huge);
    const streamed = new ReadableStream({
      start(controller) {
        for (let i = 0; i < text.length; i += 1 << 20)
          controller.enqueue(new TextEncoder().encode(text.slice(i, i + (1 << 20))));
        controller.close();
      },
    });
    expect((await send("PUT", "", undefined, streamed)).status).toBe(413);
    expect(existsSync(path)).toBe(false);
  });

  test("a body just under the limit whose indented file would pass it: 413", async () => {
    const path = join(root, "flows", "wide.weft.json");
    // Many small tools: compact they fit, indented they do not.
    const tools = Array.from({ length: 150_000 }, (_, i) => ({ id: `t${i}`, type: "filter", config: { a: 1 } }));
    const body = { path, workflow: { meta: { workflow_id: "wide" }, tools, wires: [] } };
    expect(JSON.stringify(body).length).toBeLessThan(MAX_WORKFLOW_BYTES);
    expect(pretty(body.workflow).length).toBeGreaterThan(MAX_WORKFLOW_BYTES);
    const answer = await write(body);
    expect(answer.status).toBe(413);
    expect(existsSync(path)).toBe(false);
    expect(namesIn(join(root, "flows")).filter((n) => n.startsWith("."))).toEqual([]);
  });

  test("nothing outside the writable root changed", () => {
    expect({ ...snapshot(ro), ...snapshot(secret) }).toEqual(outsideBefore);
  });
});

describe("GET /api/files/search with extensions=weft.json", () => {
  test("finds workflow files only, by the end of their names", async () => {
    const res = await t.app.request("/api/files/search?query=s&extensions=weft.json&limit=100", {
      headers: bearer(t.token),
    });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: { name: string }[] };
    const names = results.map((r) => r.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.endsWith(".weft.json")).toBe(true);
    expect(names).toContain("sales.weft.json");
    expect(names).not.toContain("data.csv");
  });
});

describe("OpenAPI", () => {
  test("documents both methods of /api/files/workflow", async () => {
    const doc = (await (await t.app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const route = doc.paths["/api/files/workflow"];
    expect(Object.keys(route ?? {}).sort()).toEqual(["get", "put"]);
    expect(Object.keys(route?.put?.responses ?? {})).toEqual(["200", "400", "403", "404", "409", "413"]);
  });
});
