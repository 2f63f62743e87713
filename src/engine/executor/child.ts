import { setDeadline } from "../../shared/deadline";
import { ExecutionTimeoutError, WeftError } from "../../shared/errors";
import type { LogFields, LogLevel } from "../../shared/logger";
import { createEngine, type Engine } from "../engine";
import type { EngineSettings, RunEvent } from "../job";
import { memoryModeOf } from "../memory-mode";
import { openMallocTrim, releaseFreedMemory } from "./give-back";
import { type ClaimOutcome, type FromExecutor, serializeError, type ToExecutor } from "./protocol";

/**
 * The executor process: receives its settings, then runs one job at a time and answers
 * with the result or the error. It exits when the Server that started it goes away.
 */
export function runExecutor(): void {
  const send = (message: FromExecutor) => process.send?.(message);
  const log = (level: LogLevel, msg: string, fields?: LogFields) => send({ t: "log", level, msg, fields });
  const waiting = new Map<number, (outcome: ClaimOutcome) => void>();
  let nextClaim = 1;
  let engine: Engine | undefined;
  let settings: EngineSettings | undefined;
  let idleRss = 0;
  const trim = openMallocTrim();
  /** Whether no job ran since the memory was last handed back (after a bounded run). */
  let givenBack = false;

  const claim = (key: string) =>
    new Promise<ClaimOutcome>((resolve) => {
      const id = nextClaim++;
      waiting.set(id, resolve);
      send({ t: "claim", id, key });
    });

  process.on("message", async (message: ToExecutor) => {
    switch (message.t) {
      case "init":
        settings = message.settings;
        engine = createEngine({ settings, claim, release: (key) => send({ t: "release", key }) });
        idleRss = process.memoryUsage.rss();
        send({ t: "ready" });
        return;
      case "claimed":
        waiting.get(message.id)?.(message.outcome);
        waiting.delete(message.id);
        return;
      case "job": {
        const { signal, stop } = deadlineSignal(message.deadline);
        const bounded = settings !== undefined && memoryModeOf(message.job, settings) === "bounded";
        let reply: FromExecutor;
        try {
          if (!engine) throw new Error("executor received a job before its settings");
          const onEvent = message.events ? (event: RunEvent) => send({ t: "event", id: message.id, event }) : undefined;
          // A bounded run's peak is its own, not what earlier jobs left in the allocator.
          if (bounded && !givenBack) releaseFreedMemory(trim);
          givenBack = false;
          reply = { t: "done", id: message.id, result: await engine.run(message.job, signal, onEvent) };
        } catch (err) {
          if (!(err instanceof WeftError)) log("error", "job failed unexpectedly", { error: serializeError(err) });
          reply = { t: "failed", id: message.id, error: serializeError(err) };
        } finally {
          stop();
        }
        // Before answering, so the next job (and whoever measures) finds the memory given back.
        if (!giveBackMemory(idleRss, trim)) reply = { ...reply, retire: true };
        send(reply);
        // And after it, once answered (off its time): the next bounded run starts from there.
        if (bounded) {
          releaseFreedMemory(trim);
          givenBack = true;
        }
        return;
      }
    }
  });
  // An orphaned executor must not linger: leave when the IPC channel or the parent goes.
  process.on("disconnect", () => process.exit(0));
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.exit(0);
  }, 1000).unref();
}

/**
 * Growth over the executor's idle size past which a job's garbage is collected at once, and
 * past which, still after that, the executor is replaced (tests/api/spreadsheet-bombs.test.ts).
 */
export const COLLECT_ABOVE_BYTES = 128 * 1024 * 1024;

/**
 * A full collection, and glibc's trim (give-back.ts), when a job left the process much larger
 * than it was idle; false when even that left it over the bound, and the process should go.
 * The trim matters since the engine process loads only the engine (src/main.ts): idle at
 * 68 MiB instead of 140, default P1 runs at 1M rows left it at 152-182 MiB (75-105 of them
 * anonymous: freed Polars memory glibc keeps), close to the bound, and past it now and then
 * (one executor replaced in 11 paired rounds): a replacement costs a process start. A workbook read builds its
 * cells as JavaScript objects (about 25 bytes per byte of sheet XML), and the engine left
 * them to a later collection: an executor held 7.9 GB after reading a 200 MB sheet. Measured
 * on a 20 MiB sheet: 478 MB after the read, 109 MB after Bun.gc(true) on one run, 183 MB on
 * another (the allocator keeps freed pages as it sees fit): only the process's exit gives
 * everything back for certain.
 */
function giveBackMemory(idleRss: number, trim: (() => void) | undefined): boolean {
  if (process.memoryUsage.rss() <= idleRss + COLLECT_ABOVE_BYTES) return true;
  releaseFreedMemory(trim);
  return process.memoryUsage.rss() <= idleRss + COLLECT_ABOVE_BYTES;
}

/** How long before the pool's kill the executor cancels its own waits (a query on a database server). */
const CANCEL_AHEAD_MS = 300;

/**
 * Aborted just before the pool kills this process for the job's time limit, so a database
 * query is cancelled on its server rather than left running there. Native work (a Polars
 * collect) holds the thread and does not see it; the pool's kill stops that.
 */
function deadlineSignal(deadline: number): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new ExecutionTimeoutError(
          "The run took longer than MAX_EXECUTION_TIME_SECONDS allows and was stopped; its database query was cancelled",
        ),
      ),
    Math.max(0, deadline - Date.now() - CANCEL_AHEAD_MS),
  );
  setDeadline(controller.signal, deadline);
  return { signal: controller.signal, stop: () => clearTimeout(timer) };
}
