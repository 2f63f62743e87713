import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow } from "../helpers/workflows";

/*
 * A name over NAME_MAX (255 bytes) or a path over PATH_MAX (4096 bytes) makes every file-system
 * call fail with ENAMETOOLONG, which no route expects (the workflow routes answered 500). The
 * shared path resolution refuses both first, with a 400 naming the limit and the size, on
 * every route that takes a path; a link whose target makes the real path too long likewise.
 */

let t: TestApp;
let root: string;
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await t.app.request(`/api${path}`, {
    method,
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Every route that takes a path, asked about `path` (a file name with `ext` appended where a file is read). */
async function everyRoute(path: string) {
  const q = (p: string) => encodeURIComponent(p);
  const input = (config: Record<string, unknown>) =>
    call("POST", "/workflow/tool/execute", {
      tool_id: "in",
      workflow: workflow("w-long", [{ id: "in", type: "input", config }]),
    });
  const output = workflow(
    "w-long-out",
    [
      { id: "in", type: "input", config: { source: join(root, "data.csv") } },
      { id: "out", type: "output", config: { path: `${path}.csv`, format: "csv" } },
    ],
    ["in -> out"],
  );
  return {
    "GET files/workflow": await call("GET", `/files/workflow?path=${q(`${path}.weft.json`)}`),
    "PUT files/workflow": await call("PUT", "/files/workflow", {
      path: `${path}.weft.json`,
      workflow: workflow("w", []),
    }),
    "files/list": await call("GET", `/files/list?path=${q(path)}`),
    "files/stat": await call("GET", `/files/stat?path=${q(path)}`),
    "datasource/inspect": await call("POST", "/datasource/inspect", { source: `${path}.csv` }),
    "datasource/preview": await call("POST", "/datasource/preview", { source: `${path}.csv` }),
    "Input file": await input({ source: `${path}.csv` }),
    "Input SQLite": await input({ source_type: "sqlite", connection: { uri: `${path}.db` }, query: "SELECT 1" }),
    "Output file": await call("POST", "/workflow/tool/execute", { tool_id: "out", workflow: output }),
  };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "weft-path-lengths-"));
  writeFileSync(join(root, "data.csv"), "v\nfine\n");
  t = await makeTestApp({ env: { ALLOWED_FILE_PATHS: root, ENGINE_PROCESSES: "1" } });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe("paths past the system's limits are 400 on every route", () => {
  // 130 characters but 260 bytes: the limit is the kernel's, in bytes.
  const cases: [string, () => string, string][] = [
    ["a name over 255 bytes", () => join(root, "n".repeat(300)), "longer than 255 bytes (got 3"],
    ["a multi-byte name over 255 bytes", () => join(root, "é".repeat(130)), "longer than 255 bytes (got 2"],
    ["a long name in a folder", () => join(root, "x".repeat(256), "file"), "longer than 255 bytes (got 256"],
    [
      "a path over 4096 bytes",
      () => join(root, ...Array.from({ length: 20 }, () => "d".repeat(250))),
      "at most 4096 bytes long (got 5",
    ],
    [
      "a link that leads past 4096 bytes",
      () => join(root, "far", "f".repeat(100)),
      "leads to a path that must be at most 4096 bytes",
    ],
  ];
  for (const [label, path, message] of cases) {
    test(label, async () => {
      const answers = await everyRoute(path());
      for (const [route, answer] of Object.entries(answers)) {
        expect({ route, status: answer.status }).toEqual({ route, status: 400 });
        expect(JSON.stringify(answer.body), route).toContain(message);
      }
      expect((await call("GET", "/health")).status).toBe(200);
    });
  }
});

beforeAll(() => {
  // A link inside the root whose (relative) target alone is 4,000 bytes: the path asked is short, the real one is not.
  symlinkSync(Array.from({ length: 16 }, () => "t".repeat(249)).join("/"), join(root, "far"));
});
