import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitUntil } from "../../../tests/helpers/wait";
import {
  countingInput,
  countingMs,
  SLOW_COUNT,
  workflow,
  writeCsv,
  writeEmptySqlite,
} from "../../../tests/helpers/workflows";
import { healthRoutes } from "../../server/routes/health";
import { ExecutionError, SafetyLimitError, ToolConfigError } from "../../shared/errors";
import { createLogger } from "../../shared/logger";
import type { EngineSettings, RunEvent } from "../job";
import { executorEnv } from "./executor-env";
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
    maxExprStringLength: 1_000_000,
    maxSpreadsheetMb: 100,
    maxSpreadsheetRatio: 200,
    maxPlanPaths: 10_000,
  },
  previewBounds: { maxValueChars: 10_000, maxBytes: 20_000_000 },
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

let db: string;
let many: string;
beforeAll(() => {
  mkdirSync(join(dir, "files"));
  db = writeEmptySqlite(join(dir, "files", "empty.db"));
  many = writeCsv(
    join(dir, "files", "many.csv"),
    ["k", "v"],
    Array.from({ length: 400_000 }, (_, i) => [(i * 7919) % 400_000, `value ${i}`]),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A job still running however long a test waits: a count that takes hours on any machine. */
const slowJob = () => ({
  kind: "tool_preview" as const,
  workflow: workflow("w-slow", [countingInput("s", db, SLOW_COUNT)]),
  connections: { s: { uri: db, identity: "sqlite" } },
  toolId: "s",
  previewLimit: 10,
});
/** The test runner's limit on one test (package.json): the slow job outlasts it by far. */
const TEST_TIMEOUT_MS = 30_000;

describe("the executor pool", () => {
  test("a crashed executor fails its job with a 500 and is replaced", async () => {
    expect(countingMs(SLOW_COUNT)).toBeGreaterThan(10 * TEST_TIMEOUT_MS);
    const pool = new ExecutorPool({ size: 1, settings, logger, timeoutMs: 60_000 });
    try {
      const running = pool.run(slowJob());
      await waitUntil(() => pool.stats().busy === 1, "the job to start");
      const [pid] = pool.stats().pids;
      process.kill(pid as number, "SIGSEGV");
      const err = await running.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ExecutionError);
      expect((err as ExecutionError).status).toBe(500);
      expect((err as Error).message).toContain("SIGSEGV");
      const quick = workflow("w-quick", [countingInput("c", db, 3)]);
      const connections = { c: { uri: db, identity: "sqlite" } };
      const ok = await pool.run({ kind: "schema", workflow: quick, connections, toolId: "c" });
      expect(ok.columns).toEqual([{ name: "last", dtype: "Int64" }]);
      expect(pool.stats().pids).not.toContain(pid as number);
    } finally {
      await pool.close();
    }
  });

  test("a bounded full run gets an executor of its own, started with the bounded environment, within ENGINE_PROCESSES jobs at once", async () => {
    const pool = new ExecutorPool({ size: 1, settings, logger, timeoutMs: 60_000 });
    const environOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    try {
      pool.warm();
      await waitUntil(() => pool.stats().idle === 1, "the default executor to start");
      const [defaultPid] = pool.stats().pids as [number];
      // The one job ENGINE_PROCESSES=1 allows runs (a job that outlasts the test): a bounded run waits.
      const stopSlow = new AbortController();
      const slow = pool.run(slowJob(), { signal: stopSlow.signal }).catch((e: unknown) => e);
      await waitUntil(() => pool.stats().busy === 1, "the slow job to start");
      const quick = workflow("w-quick", [countingInput("c", db, 3)]);
      const bounded = { ...quick, meta: { ...quick.meta, memory: "bounded" as const } };
      const connections = { c: { uri: db, identity: "sqlite" } };
      const run = pool.run({ kind: "execute", workflow: bounded, connections, previewLimit: 5 });
      await waitUntil(() => pool.stats().queued === 1, "the bounded run to queue");
      // Its executor starts meanwhile, but takes the run only once the slow job is gone.
      await waitUntil(() => pool.stats().running === 2 && pool.stats().starting === 0, "the bounded executor to start");
      expect(pool.stats()).toMatchObject({ busy: 1, queued: 1, idle: 0 });
      stopSlow.abort();
      expect(await slow).toBeInstanceOf(ExecutionError);
      const result = await run;
      expect(result.metrics.memory_mode).toBe("bounded");
      const boundedPid = pool
        .stats()
        .pids.find(
          (pid) => pid !== defaultPid && environOf(pid).some((v) => v.startsWith("POLARS_JOIN_SAMPLE_LIMIT=")),
        ) as number;
      expect(boundedPid).toBeDefined();
      const expected = executorEnv(process.env, "bounded");
      expect(environOf(boundedPid)).toContain(`POLARS_JOIN_SAMPLE_LIMIT=${expected.POLARS_JOIN_SAMPLE_LIMIT}`);
      expect(environOf(boundedPid)).toContain(`MALLOC_ARENA_MAX=${expected.MALLOC_ARENA_MAX}`);
      // A preview is not a bounded run: it runs on a default executor (the killed one's replacement).
      await waitUntil(() => pool.stats().idle === 1, "a default executor to be ready again");
      const defaultNow = pool.stats().pids.find((pid) => pid !== boundedPid) as number;
      const defaultEnv = executorEnv(process.env, "default");
      expect(environOf(defaultNow)).toContain(`MALLOC_ARENA_MAX=${defaultEnv.MALLOC_ARENA_MAX}`);
      if (process.env.POLARS_JOIN_SAMPLE_LIMIT === undefined) {
        expect(environOf(defaultNow).some((v) => v.startsWith("POLARS_JOIN_SAMPLE_LIMIT="))).toBe(false);
      }
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
      expect(heard.map((e) => `${e.tool_id} ${e.event === "tool" ? e.status : e.event}`)).toEqual([
        "in running",
        "in success",
        "sorted running",
        // The preview stored the sort's result: the run reads it from the cache.
        "sorted success",
        "out running",
        "out written",
        "out success",
        // Rows per socket, counted after the writes (row-counts.ts).
        "in rows",
        "sorted rows",
        "out rows",
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

  test("a job that cannot be sent fails alone: the executor stays free and the queue goes on", async () => {
    const pool = new ExecutorPool({ size: 1, settings, logger, timeoutMs: 60_000 });
    try {
      const quick = workflow("w-send", [countingInput("c", db, 3)]);
      const job = { kind: "schema" as const, workflow: quick, connections: { c: { uri: db, identity: "sqlite" } } };
      // Queued together behind the one executor: the bad job is handed over from the IPC
      // callback of the first one's answer, where a throw used to end the process.
      const first = pool.run({ ...job, toolId: "c" });
      const bad = pool.run({ ...job, toolId: 1n as unknown as string }).catch((e: unknown) => e);
      const last = pool.run({ ...job, toolId: "c" });
      expect(pool.stats().queued).toBe(3);
      expect((await first).columns).toEqual([{ name: "last", dtype: "Int64" }]);
      const err = await bad;
      expect(err).toBeInstanceOf(ExecutionError);
      expect((err as Error).message).toMatch(/^The request could not be sent to the engine: .*BigInt/);
      expect((await last).columns).toEqual([{ name: "last", dtype: "Int64" }]);
      expect(pool.stats()).toMatchObject({ busy: 0, idle: 1, queued: 0 });
    } finally {
      await pool.close();
    }
  });

  test("an executor past the memory limit is stopped: its job fails with 422 and a fresh one runs the next", async () => {
    // A stand-in executor that allocates what a job asks for, so memory grows by construction.
    const script = join(dir, "greedy.ts");
    await Bun.write(
      script,
      `const held = [];
       process.on("message", (m) => {
         if (m.t === "init") process.send({ t: "ready" });
         else if (m.t === "job" && m.job.kind === "grow") held.push(Buffer.alloc(m.job.mb * 1024 * 1024, 1));
         else if (m.t === "job") process.send({ t: "done", id: m.id, result: { pid: process.pid } });
       });`,
    );
    const limitMb = 300;
    const pool = new ExecutorPool({
      size: 1,
      settings,
      logger,
      timeoutMs: 600_000,
      memoryLimitBytes: limitMb * 1024 * 1024,
      command: [process.execPath, script],
    });
    try {
      const pidOfRun = async () => ((await pool.run({ kind: "other" } as never)) as unknown as { pid: number }).pid;
      const before = await pidOfRun();
      // Never answers: only the limit ends it.
      const err = await pool.run({ kind: "grow", mb: 600 } as never).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SafetyLimitError);
      expect((err as SafetyLimitError).status).toBe(422);
      expect((err as SafetyLimitError).limit).toBe(limitMb);
      // It held 600 MB: the size reached is past the limit and at most what it had.
      const reached = (err as SafetyLimitError).wouldBe;
      expect(reached).toBeGreaterThan(limitMb);
      expect(reached).toBeLessThan(600 + 200);
      expect((err as Error).message).toBe(
        `The run used ${reached} MB of memory, over the limit of 300 MB (setting ENGINE_MEMORY_LIMIT_MB), and was stopped`,
      );
      const after = await pidOfRun();
      expect(after).not.toBe(before);
      expect(pool.stats().pids).toEqual([after]);
    } finally {
      await pool.close();
    }
  });

  test("an executor that says its job left it holding memory is replaced after answering; nothing else is lost", async () => {
    // A stand-in executor that asks to retire after a "big" job, as child.ts does when a
    // collection did not bring it back near its idle size.
    const script = join(dir, "retiring.ts");
    await Bun.write(
      script,
      `process.on("message", (m) => {
         if (m.t === "init") process.send({ t: "ready" });
         else if (m.t === "job") process.send({ t: "done", id: m.id, result: { pid: process.pid }, ...(m.job.kind === "big" ? { retire: true } : {}) });
       });`,
    );
    const pool = new ExecutorPool({
      size: 1,
      settings,
      logger,
      timeoutMs: 60_000,
      command: [process.execPath, script],
    });
    try {
      const pidOf = async (kind: string) => ((await pool.run({ kind } as never)) as unknown as { pid: number }).pid;
      const first = await pidOf("small");
      expect(await pidOf("small")).toBe(first);
      // The big job is answered by the executor that ran it, which then leaves the pool at once.
      expect(await pidOf("big")).toBe(first);
      expect(pool.stats().pids).not.toContain(first);
      // Queued work goes to its replacement, and the pool is whole again.
      const [a, b] = await Promise.all([pidOf("small"), pidOf("small")]);
      expect(a).not.toBe(first);
      expect(b).toBe(a);
      expect(pool.stats().pids).toEqual([a]);
    } finally {
      await pool.close();
    }
  });

  test("an engine that cannot start fails the request, and health says degraded", async () => {
    const pool = new ExecutorPool({
      size: 1,
      settings,
      logger,
      timeoutMs: 60_000,
      command: [process.execPath, "-e", "console.error('no addons here'); process.exit(3)"],
    });
    const health = healthRoutes(1000, () => pool.stats(), "ephemeral");
    const status = async () => ((await (await health.request("/health/")).json()) as { status: string }).status;
    try {
      expect(await status()).toBe("ok");
      const err = await pool.run(slowJob()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ExecutionError);
      expect((err as Error).message).toBe("The engine cannot start (exit status 3): no addons here");
      expect(pool.stats()).toMatchObject({ running: 0, startFailures: 3 });
      expect(await status()).toBe("degraded");
    } finally {
      await pool.close();
    }
  });

  test("an aborted signal stops its job: a queued one is dropped, a running one's process killed and replaced", async () => {
    expect(countingMs(SLOW_COUNT)).toBeGreaterThan(10 * TEST_TIMEOUT_MS);
    const pool = new ExecutorPool({ size: 1, settings, logger, timeoutMs: 60_000 });
    try {
      const [runningAbort, queuedAbort] = [new AbortController(), new AbortController()];
      const running = pool.run(slowJob(), { signal: runningAbort.signal }).catch((e: unknown) => e);
      const queued = pool.run(slowJob(), { signal: queuedAbort.signal }).catch((e: unknown) => e);
      await waitUntil(() => pool.stats().busy === 1 && pool.stats().queued === 1, "one job running, one queued");
      const [pid] = pool.stats().pids;
      queuedAbort.abort();
      expect(await queued).toHaveProperty("message", "The run was cancelled: its client went away");
      expect(pool.stats()).toMatchObject({ busy: 1, queued: 0 });
      runningAbort.abort();
      expect(await running).toBeInstanceOf(ExecutionError);
      await waitUntil(() => !isAlive(pid as number), "the executor to be killed");
      await waitUntil(() => pool.stats().busy === 0, "the engine to be free");
      // A fresh executor takes the next job; an already aborted signal never starts one.
      const quick = workflow("w-after", [countingInput("c", db, 3)]);
      const connections = { c: { uri: db, identity: "sqlite" } };
      const ok = await pool.run({ kind: "schema", workflow: quick, connections, toolId: "c" });
      expect(ok.columns).toEqual([{ name: "last", dtype: "Int64" }]);
      const gone = await pool.run(slowJob(), { signal: AbortSignal.abort() }).catch((e: unknown) => e);
      expect(gone).toBeInstanceOf(ExecutionError);
      expect(pool.stats().busy).toBe(0);
    } finally {
      await pool.close();
    }
  });

  test("close() fails queued jobs and stops every executor", async () => {
    expect(countingMs(SLOW_COUNT)).toBeGreaterThan(10 * TEST_TIMEOUT_MS);
    const pool = new ExecutorPool({ size: 1, settings, logger, timeoutMs: 60_000 });
    const first = pool.run(slowJob()).catch((e: unknown) => e);
    const queued = pool.run(slowJob()).catch((e: unknown) => e);
    await waitUntil(() => pool.stats().busy === 1, "the first job to start");
    const pids = pool.stats().pids;
    await pool.close();
    expect(await queued).toBeInstanceOf(ExecutionError);
    // The running job was cut by the close, not ended by itself.
    expect(await first).toBeInstanceOf(ExecutionError);
    expect((await first) as Error).toHaveProperty("message", "The Server is stopping; the run was cancelled");
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
  });

  test("executors leave when the Server process dies without stopping them", async () => {
    // The parent answers once both executors are ready: past loading Polars (seconds on a
    // busy machine), each watches its parent. Killed earlier, one would leave only after that.
    const script = join(dir, "orphan.ts");
    await Bun.write(
      script,
      `import { ExecutorPool } from ${JSON.stringify(join(import.meta.dir, "pool.ts"))};
       import { createLogger } from ${JSON.stringify(join(import.meta.dir, "../../shared/logger.ts"))};
       const pool = new ExecutorPool({ size: 2, settings: ${JSON.stringify(settings)}, logger: createLogger(), timeoutMs: 60000 });
       pool.warm();
       while (pool.stats().idle < 2) await Bun.sleep(20);
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
    await waitUntil(() => !pids.some(isAlive), "the executors to leave");
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
  });
});
