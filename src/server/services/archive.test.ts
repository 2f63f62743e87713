import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExecuteResult } from "../../engine/job";
import { ExecutionError, ExecutionTimeoutError, SafetyLimitError, ToolRuntimeError } from "../../shared/errors";
import { createLogger } from "../../shared/logger";
import type { Workflow } from "../../shared/workflow";
import { type ArchiveService, archivedRun, createArchive } from "./archive";

/** How each way a run ends is archived (the API tests run the real engine; these fake the run). */

let root: string;
let archive: ArchiveService;
const wf: Workflow = {
  meta: { workflow_id: "Ünïcode id/with slash", name: "Quarterly" },
  tools: [{ id: "in", type: "input", config: { source: "/data/x.csv" } }],
  wires: [],
};

beforeEach(() => {
  root = join(mkdtempSync(join(tmpdir(), "weft-archive-")), "archive");
  archive = createArchive({ root, enabled: true, retentionDays: 30, logger: createLogger({ sink: () => {} }) });
});
afterEach(() => rmSync(join(root, ".."), { recursive: true, force: true }));

function onlyEntry(): { path: string; entry: { workflow: Workflow; execution_log: Record<string, unknown> } } {
  const days = readdirSync(root);
  expect(days).toHaveLength(1);
  const names = readdirSync(join(root, days[0] as string));
  expect(names).toHaveLength(1);
  const path = join(root, days[0] as string, names[0] as string);
  return { path, entry: JSON.parse(readFileSync(path, "utf8")) };
}

const fails = (err: unknown) => () => Promise.reject(err);

describe("archivedRun", () => {
  test("success: the run's answer is returned and its metrics archived without hashes", async () => {
    const result: ExecuteResult = {
      status: "success",
      workflow_id: wf.meta.workflow_id,
      outputs: {},
      metrics: {
        duration_ms: 12,
        tools: [{ tool_id: "in", status: "success", duration_ms: 3, cache: "off", rows: 7, hash: "ab".repeat(16) }],
      },
      written: [],
    };
    const answer = await archivedRun(archive, { workflow: wf, targetToolId: "in" }, async () => result);
    expect(answer).toBe(result);
    const { path, entry } = onlyEntry();
    // An id with `/` and non-ASCII letters is hashed in the file name, never a path.
    expect(path).toMatch(/\/\d{4}-\d{2}-\d{2}\/\d{9}-~[0-9a-f]{32}-[0-9a-f]{12}\.json$/);
    expect(entry.workflow).toEqual(wf);
    expect(entry.execution_log).toMatchObject({
      workflow_id: wf.meta.workflow_id,
      status: "success",
      target_tool_id: "in",
      tools: [{ tool_id: "in", status: "success", duration_ms: 3, cache: "off", rows: 7 }],
      written: [],
    });
    expect(JSON.stringify(entry)).not.toContain("abab");
  });

  const cases: [string, unknown, boolean, string, number][] = [
    ["a tool error", new ToolRuntimeError("in", "cannot cast"), false, "error", 422],
    ["a safety limit", new SafetyLimitError("too wide", 10, 20), false, "error", 422],
    ["a timeout", new ExecutionTimeoutError("took too long"), false, "timeout", 504],
    ["a timeout after the client left", new ExecutionTimeoutError("took too long"), true, "timeout", 504],
    ["the Server stopping after the client left", new ExecutionError("The Server is stopping"), true, "cancelled", 500],
    ["an unexpected error", new TypeError("boom"), false, "error", 500],
    ["a thrown string", "weird", false, "error", 500],
  ];
  for (const [what, err, aborted, status, http] of cases) {
    test(`${what} is archived as ${status} and thrown on unchanged`, async () => {
      const controller = new AbortController();
      if (aborted) controller.abort();
      const run = archivedRun(archive, { workflow: wf, signal: controller.signal }, fails(err));
      await expect(run).rejects.toBe(err);
      const log = onlyEntry().entry.execution_log;
      expect(log.status).toBe(status);
      expect(log.tools).toEqual([]);
      expect((log.error as { status: number }).status).toBe(http);
    });
  }

  test("a disabled archive writes nothing", async () => {
    const off = createArchive({ root, enabled: false, retentionDays: 30, logger: createLogger({ sink: () => {} }) });
    await expect(archivedRun(off, { workflow: wf }, fails(new ToolRuntimeError("in", "x")))).rejects.toThrow("x");
    expect(() => readdirSync(root)).toThrow();
    expect(() => off.list({ limit: 1, offset: 0 })).toThrow("ARCHIVE_ENABLED");
  });

  test("a driver message quoting the user and password is scrubbed", async () => {
    const uri = "postgresql://analyst_ro:Tr0ub4dor%26x@db.internal:5432/sales";
    const withDb: Workflow = {
      meta: { workflow_id: "w-db" },
      tools: [{ id: "db", type: "input", config: { source_type: "postgresql", connection: { uri }, table: "t" } }],
      wires: [],
    };
    const err = new ExecutionError(`password authentication failed for user "analyst_ro" (Tr0ub4dor&x) at ${uri}`);
    await expect(archivedRun(archive, { workflow: withDb }, fails(err))).rejects.toBe(err);
    const { path, entry } = onlyEntry();
    expect(readFileSync(path, "utf8")).not.toContain("Tr0ub4dor");
    // The message loses the user too; the workflow keeps it (it says who read), not the password.
    expect((entry.execution_log.error as { detail: string }).detail).toBe(
      'password authentication failed for user "***" (***) at postgresql://***@db.internal:5432/sales',
    );
    expect(entry.workflow.tools[0]?.config.connection).toEqual({
      uri: "postgresql://analyst_ro:***@db.internal:5432/sales",
    });
  });
});
