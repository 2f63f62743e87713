import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Workflow } from "../../src/shared/workflow";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeNumbers } from "../helpers/workflows";

/*  numbers.csv ─► output   (meta.memory as each test says; ENGINE_MEMORY_MODE per Server) */

let plain: TestApp;
let bounded: TestApp;

beforeAll(async () => {
  [plain, bounded] = await Promise.all([makeTestApp(), makeTestApp({ env: { ENGINE_MEMORY_MODE: "bounded" } })]);
});
afterAll(() => Promise.all([plain.close(), bounded.close()]));

function copyFlow(t: TestApp, id: string, target: string, memory?: unknown): Workflow {
  const files = join(t.dataDir, "files");
  mkdirSync(files, { recursive: true });
  const source = writeNumbers(join(files, `${id}.csv`), 5);
  const flow = workflow(
    id,
    [
      { id: "in", type: "input", config: { source } },
      { id: "out", type: "output", config: { path: join(files, target) } },
    ],
    ["in -> out"],
  );
  return (memory === undefined ? flow : { ...flow, meta: { ...flow.meta, memory } }) as Workflow;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
async function execute(t: TestApp, flow: Workflow): Promise<{ status: number; body: any }> {
  const res = await t.app.request("/api/workflow/execute", {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: JSON.stringify({ workflow: flow }),
  });
  return { status: res.status, body: await res.json() };
}

describe("memory mode over HTTP", () => {
  test("a workflow's meta.memory other than default or bounded is a 400 naming the field", async () => {
    const { status, body } = await execute(plain, copyFlow(plain, "w-odd", "odd.csv", "huge"));
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain("memory");
    expect(JSON.stringify(body)).toContain("expected one of: default, bounded");
    expect(existsSync(join(plain.dataDir, "files", "odd.csv"))).toBe(false);
  });

  test("the run's metrics say its mode: the workflow's, else ENGINE_MEMORY_MODE", async () => {
    const cases: [TestApp, unknown, string][] = [
      [plain, undefined, "default"],
      [plain, "bounded", "bounded"],
      [bounded, undefined, "bounded"],
      [bounded, "default", "default"],
    ];
    for (const [i, [t, memory, mode]] of cases.entries()) {
      const { status, body } = await execute(t, copyFlow(t, `w-mode-${i}`, `mode-${i}.parquet`, memory));
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.metrics.memory_mode).toBe(mode);
      expect(body.written[0].rows).toBe(5);
    }
  });

  test("a bounded run refuses an Excel output (written from the whole table) with a 400; a default run writes it", async () => {
    const refused = await execute(bounded, copyFlow(bounded, "w-xlsx", "book.xlsx"));
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain("bounded memory mode does not allow");
    expect(existsSync(join(bounded.dataDir, "files", "book.xlsx"))).toBe(false);
    const written = await execute(plain, copyFlow(plain, "w-xlsx", "book.xlsx"));
    expect(written.status).toBe(200);
    expect(existsSync(join(plain.dataDir, "files", "book.xlsx"))).toBe(true);
  });
});
