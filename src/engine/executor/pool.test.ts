import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { workflow, writeCsv } from "../../../tests/helpers/workflows";
import { ExecutionError, ToolConfigError } from "../../shared/errors";
import { createLogger } from "../../shared/logger";
import type { EngineSettings, RunEvent } from "../job";
import { ExecutorPool } from "./pool";

const dir = mkdtempSync(join(tmpdir(), "weft-pool-"));
const settings: EngineSettings = {
  dataDir: dir,
  cache: { enabled: true, quotaBytes: 1024 ** 3, retentionDays: 7 },
  executionMode: "parallel",
  maxParallelTools: 4,
  maxPreviewRows: 1000,
  limits: {
    maxPivotColumns: 1000,
    maxCrossJoinRows: 1_000_000_000,
    maxUnpivotCells: 50_000_000,
    maxExprStringRepeat: 10_000,
    maxExprPowerExponent: 100,
    maxExprFormatLength: 10_000,
    maxSpreadsheetMb: 100,
    maxSpreadsheetRatio: 200,
  },
  fileAccess: { mode: "restricted", roots: [{ path: dir, readOnly: false }] },
};
const logs: string[] = [];
const logger = createLogger({ level: "debug", sink: (line) => logs.push(line) });
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let numbers: string;
let many: string;
beforeAll(() => {
  mkdirSync(join(dir, "files"));
  numbers = writeCsv(
    join(dir, "files", "n.csv"),
    ["n"],
    Array.from({ length: 20_000 }, (_, i) => [i]),
  );
  many = writeCsv(
    join(dir, "files", "many.csv"),
    ["k", "v"],
    Array.from({ length: 400_000 }, (_, i) => [(i * 7919) % 400_000, `value ${i}`]),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Seconds of CPU: 20,000 x 20,000 rows cross-joined, then summed.
const slow = workflow(
  "w-slow",
  [
    { id: "a", type: "input", config: { source: "" } },
    { id: "x", type: "join", config: { how: "cross", suffix: "_b" } },
    { id: "s", type: "summarize", config: { group_by: [], aggregations: [{ column: "n", function: "sum" }] } },
  ],
  ["a -> x:input-left", "a -> x:input-right", "x:output-match -> s"],
);
const slowJob = () => {
  (slow.tools[0] as { config: unknown }).config = { source: numbers };
  return { kind: "tool_preview" as const, workflow: slow, toolId: "s", previewLimit: 10 };
};

describe("the executor pool", () => {
  test("a crashed executor fails its job with a 500 and is replaced", async () => {
    const pool = new ExecutorPool({ size: 1, settings, logger, timeoutMs: 60_000 });
    try {
      const running = pool.run(slowJob());
      for (let i = 0; i < 200 && pool.stats().busy === 0; i++) await Bun.sleep(20);
      const [pid] = pool.stats().pids;
      process.kill(pid as number, "SIGSEGV");
      const err = await running.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ExecutionError);
      expect((err as ExecutionError).status).toBe(500);
      expect((err as Error).message).toContain("SIGSEGV");
      const ok = await pool.run({ kind: "schema", workflow: slow, toolId: "a" });
      expect(ok.columns).toEqual([{ name: "n", dtype: "Int64" }]);
      expect(pool.stats().pids).not.toContain(pid as number);
    } finally {
      await pool.close();
    }
  });

  test("errors cross the process boundary with their class, status and tool", async () => {
    const pool = new ExecutorPool({ size: 1, settings, logger, timeoutMs: 60_000 });
    try {
      const bad = workflow("w-bad", [{ id: "f", type: "filter", config: { mode: "basic" } }]);
      const err = await pool.run({ kind: "schema", workflow: bad, toolId: "f" }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ToolConfigError);
      expect((err as ToolConfigError).toolId).toBe("f");
      expect((err as ToolConfigError).status).toBe(400);
    } finally {
      await pool.close();
    }
  });

  test("identical blocking work asked for at once is computed once", async () => {
    const pool = new ExecutorPool({ size: 2, settings, logger, timeoutMs: 60_000 });
    try {
      pool.warm();
      const w = workflow(
        "w-dedup",
        [
          { id: "in", type: "input", config: { source: many } },
          { id: "sorted", type: "sort", config: { by: [{ column: "k" }] } },
        ],
        ["in -> sorted"],
      );
      const job = { kind: "tool_preview" as const, workflow: w, toolId: "sorted", previewLimit: 3 };
      const results = await Promise.all([pool.run(job), pool.run(job)]);
      const uses = results.map((r) => r.metrics.tools.find((m) => m.tool_id === "sorted")?.cache).sort();
      expect(uses).toEqual(["hit", "miss"]);
      const expected = Array.from({ length: 400_000 }, (_, i) => [(i * 7919) % 400_000, `value ${i}`] as const)
        .filter(([k]) => k < 3)
        .sort((a, b) => a[0] - b[0]);
      for (const r of results) expect(r.outputs.output?.data).toEqual(expected.map((row) => [...row]));
      expect(readdirSync(join(dir, "cache", "w-dedup")).filter((f) => f.endsWith(".arrow"))).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });

  test("a full run reports its progress to the job's listener; a preview reports none", async () => {
    const pool = new ExecutorPool({ size: 1, settings, logger, timeoutMs: 60_000 });
    try {
      const w = workflow(
        "w-progress",
        [
          { id: "in", type: "input", config: { source: many } },
          { id: "sorted", type: "sort", config: { by: [{ column: "k" }] } },
          { id: "out", type: "output", config: { path: join(dir, "files", "progress.csv") } },
        ],
        ["in -> sorted", "sorted -> out"],
      );
      const heard: RunEvent[] = [];
      const preview = { kind: "tool_preview" as const, workflow: w, toolId: "sorted", previewLimit: 3 };
      await pool.run(preview, { onEvent: (e) => heard.push(e) });
      expect(heard).toEqual([]);
      // A listener that throws is logged; the run goes on.
      const result = await pool.run(
        { kind: "execute", workflow: w, previewLimit: 0 },
        {
          onEvent: (e) => {
            heard.push(e);
            if (heard.length === 1) throw new Error("listener broke");
          },
        },
      );
      expect(heard.map((e) => `${e.tool_id} ${e.event === "tool" ? e.status : "written"}`)).toEqual([
        "in running",
        "in success",
        "sorted running",
        // The preview stored the sort's result: the run reads it from the cache.
        "sorted success",
        "out running",
        "out written",
        "out success",
      ]);
      expect(heard[3]).toMatchObject({ event: "tool", status: "success", cache: "hit" });
      expect(heard[5]).toEqual({
        event: "written",
        tool_id: "out",
        path: join(dir, "files", "progress.csv"),
        rows: 400_000,
      });
      expect(result.written).toHaveLength(1);
      expect(logs.some((l) => l.includes("listener broke"))).toBe(true);
    } finally {
      await pool.close();
    }
  });

  test("close() fails queued jobs and stops every executor", async () => {
    const pool = new ExecutorPool({ size: 1, settings, logger, timeoutMs: 60_000 });
    const first = pool.run(slowJob()).catch((e: unknown) => e);
    const queued = pool.run(slowJob()).catch((e: unknown) => e);
    for (let i = 0; i < 200 && pool.stats().busy === 0; i++) await Bun.sleep(20);
    const pids = pool.stats().pids;
    await pool.close();
    expect(await queued).toBeInstanceOf(ExecutionError);
    expect(await first).toBeInstanceOf(Error);
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
  });

  test("executors leave when the Server process dies without stopping them", async () => {
    const script = join(dir, "orphan.ts");
    await Bun.write(
      script,
      `import { ExecutorPool } from ${JSON.stringify(join(import.meta.dir, "pool.ts"))};
       import { createLogger } from ${JSON.stringify(join(import.meta.dir, "../../shared/logger.ts"))};
       const pool = new ExecutorPool({ size: 2, settings: ${JSON.stringify(settings)}, logger: createLogger(), timeoutMs: 60000 });
       pool.warm();
       while (pool.stats().running < 2) await Bun.sleep(20);
       console.log(JSON.stringify(pool.stats().pids));
       setInterval(() => {}, 1000);`,
    );
    const parent = Bun.spawn([process.execPath, script], { stdout: "pipe", stderr: "inherit" });
    const reader = parent.stdout.getReader();
    const { value } = await reader.read();
    const pids = JSON.parse(new TextDecoder().decode(value)) as number[];
    expect(pids).toHaveLength(2);
    parent.kill("SIGKILL");
    await parent.exited;
    for (let i = 0; i < 100 && pids.some(isAlive); i++) await Bun.sleep(50);
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
  });
});
