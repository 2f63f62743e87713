import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow } from "../helpers/workflows";

/*
 * Malformed and unusual JSON files through the three ways of reading one (inspect, preview,
 * the Input tool): a 400 naming the problem, or rows, never a 500 or a crashed engine. A
 * pretty-printed object answered 500 and a deeply nested file crashed the engine (SIGSEGV).
 */

let t: TestApp;
let root: string;

async function post(path: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await t.app.request(`/api${path}`, {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

async function threeWays(path: string) {
  return [
    await post("/datasource/inspect", { source: path }),
    await post("/datasource/preview", { source: path }),
    await post("/workflow/tool/execute", {
      tool_id: "in",
      workflow: workflow("w-json", [{ id: "in", type: "input", config: { source: path } }]),
    }),
  ];
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "weft-json-shapes-"));
  t = await makeTestApp({ env: { ALLOWED_FILE_PATHS: root, ENGINE_PROCESSES: "1" } });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

test("a JSON object file, compact or pretty-printed, is one row", async () => {
  for (const [name, text] of [
    ["compact.json", '{"a": 1, "b": "x"}'],
    ["pretty.json", '{\n  "a": 1,\n  "b": "x"\n}\n'],
  ]) {
    const path = join(root, name as string);
    writeFileSync(path, text as string);
    const [inspect, preview, tool] = await threeWays(path);
    expect(inspect?.text).toContain('"total_rows":1');
    expect(preview?.text).toContain('"data":[[1,"x"]]');
    expect(tool?.text).toContain('"data":[[1,"x"]]');
  }
});

test("malformed shapes are 400 naming the file, and the engine stays up", async () => {
  const shapes: Record<string, string> = {
    "number.json": "5",
    "string.json": '"text"',
    "null.json": "null",
    "nested-arrays.json": "[[1, 2], [3]]",
    "empty.json": "",
    "non-object-line.jsonl": '{"a": 1}\n5\n',
    "bad-line.jsonl": '{"a": 1}\n{"a": }\n',
    "cut.json": '{\n  "a": 1,\n',
    "two-pretty.json": '{\n"a": 1\n}\n{\n"a": 2\n}\n',
    "deep-arrays.json": `[${'{"a":'.repeat(1)}${"[".repeat(100_000)}${"]".repeat(100_000)}}]`,
    "deep-objects.jsonl": `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}\n`,
  };
  for (const [name, text] of Object.entries(shapes)) {
    const path = join(root, name);
    writeFileSync(path, text);
    for (const answer of await threeWays(path)) {
      expect({ name, status: answer.status }).toEqual({ name, status: 400 });
      expect(answer.text, name).toContain(name);
    }
  }
  const fine = join(root, "fine.jsonl");
  writeFileSync(fine, '{"a": 1}\n{"a": 2}\n');
  const [, preview] = await threeWays(fine);
  expect(preview?.status).toBe(200);
});
