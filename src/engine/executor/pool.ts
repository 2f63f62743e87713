import type { Subprocess } from "bun";
import { ExecutionError, ExecutionTimeoutError, SafetyLimitError } from "../../shared/errors";
import type { JobRequest, JobResults } from "../job";
import { memoryModeOf } from "../memory-mode";
import { Claims } from "./claims";
import { type ExecutorKind, executorEnv } from "./executor-env";
import { MEMORY_SAMPLE_MS, residentBytes } from "./memory";
import type { ExecutorPoolOptions, PoolStats, RunOptions } from "./pool-types";
import { type FromExecutor, reviveError, type ToExecutor } from "./protocol";
import { executorCommand } from "./spawn-command";

const CANCELLED = "The run was cancelled: its client went away";

interface Pending {
  job: JobRequest;
  onEvent?: RunOptions["onEvent"];
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer?: Timer;
  /** Epoch ms at which the job is stopped. */
  deadline: number;
  /** The kind of executor that runs it: `bounded` for a full run in bounded memory mode. */
  kind: ExecutorKind;
  executor?: Executor;
  settled: boolean;
}

interface Executor {
  proc: Subprocess<"ignore", "ignore", "pipe">;
  kind: ExecutorKind;
  state: "starting" | "idle" | "busy" | "dead";
  /** Taken out of the pool after its job (retire); its exit is expected. */
  retired?: boolean;
  current?: { id: number; pending: Pending };
  stderrTail: string;
  /** Whether it has been given a job: only then may memory it keeps while idle be a job's. */
  worked?: boolean;
}

const START_TIMEOUT_MS = 30_000;
const MIB = 1024 * 1024;

/**
 * A pool of pre-started executor processes that run the engine's jobs, off the thread that
 * serves HTTP. Processes, not Workers: nodejs-polars blocks its thread while it collects,
 * and a Worker cannot be stopped inside a native call (measured: terminate() took effect
 * 2.5 s later), while a process can be killed at the run's time limit, and a native crash
 * takes down one executor, never the Server. A killed or crashed executor is replaced.
 *
 * The pool also keeps the claims that make identical cache work happen once: an executor
 * asks before it computes a blocking tool's result, and waits while another one does.
 */
export class ExecutorPool {
  private readonly executors: Executor[] = [];
  private readonly queue: Pending[] = [];
  private readonly claims = new Claims<Executor>((executor, id, outcome) =>
    this.send(executor, { t: "claimed", id, outcome }),
  );
  private nextId = 1;
  private closed = false;
  private startFailures = 0;
  /** Like startFailures, but not reset when the pool gives up on a round of starts (for health). */
  private failedStarts = 0;
  private memoryWatch?: Timer;

  constructor(private readonly options: ExecutorPoolOptions) {}

  /**
   * Starts every default executor now, so the first request does not wait for one. Bounded
   * executors start when the first bounded run comes (up to `size` of them), and stay.
   */
  warm(): void {
    while (!this.closed && this.count("default") < this.options.size) this.spawn("default");
  }

  /** Runs one job on the next free executor. */
  run<K extends JobRequest["kind"]>(
    job: Extract<JobRequest, { kind: K }>,
    options: RunOptions = {},
  ): Promise<JobResults[K]> {
    if (this.closed) return Promise.reject(new ExecutionError("The Server is stopping; the request was not run"));
    const fileAccess = this.options.jobFileAccess?.();
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(new ExecutionError(CANCELLED));
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        job: fileAccess ? { ...job, fileAccess } : job,
        onEvent: options.onEvent,
        resolve: resolve as (v: unknown) => void,
        reject,
        settled: false,
        deadline: Date.now() + this.options.timeoutMs,
        kind: memoryModeOf(job, this.options.settings) === "bounded" ? "bounded" : "default",
      };
      pending.timer = setTimeout(() => this.timeOut(pending), this.options.timeoutMs);
      signal?.addEventListener("abort", () => this.stopJob(pending, new ExecutionError(CANCELLED)), { once: true });
      this.queue.push(pending);
      this.pump();
    });
  }

  /** How busy the pool is (for health and tests). */
  stats(): PoolStats {
    const live = this.executors.filter((e) => e.state !== "dead");
    const count = (state: Executor["state"]) => live.filter((e) => e.state === state).length;
    return {
      size: this.options.size,
      pids: live.map((e) => e.proc.pid),
      running: live.length,
      idle:
        count("busy") >= this.options.size ? 0 : live.filter((e) => e.state === "idle" && e.kind === "default").length,
      busy: count("busy"),
      starting: count("starting"),
      queued: this.queue.length,
      startFailures: this.failedStarts,
    };
  }

  /** Stops every executor; jobs still queued or running fail. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.memoryWatch);
    for (const pending of this.queue.splice(0))
      this.settle(pending, new ExecutionError("The Server is stopping; the request was not run"));
    const exits = this.executors.map((e) => {
      e.proc.kill("SIGKILL");
      return e.proc.exited;
    });
    await Promise.all(exits);
  }

  /**
   * Hands queued jobs to idle executors of their kind, in order within each kind, starting
   * one where fewer than `size` of that kind run. It runs from IPC and exit callbacks, where a
   * throw would end the Server, so it never throws: a job that cannot be handed over fails alone.
   * At most `size` jobs run at once, of both kinds together: ENGINE_PROCESSES is how many
   * jobs run side by side, and a bounded run beside `size` others would add its memory to
   * theirs, which is what bounded mode is for avoiding. A waiting job's executor still starts.
   */
  private pump(): void {
    let at = 0;
    while (at < this.queue.length && !this.closed) {
      const pending = this.queue[at] as Pending;
      const full = this.executors.filter((e) => e.state === "busy").length >= this.options.size;
      const idle = !full && this.executors.find((e) => e.state === "idle" && e.kind === pending.kind);
      if (idle) {
        this.queue.splice(at, 1);
        this.dispatch(idle, pending);
        continue;
      }
      if (this.count(pending.kind) < this.options.size) this.spawnOrFail(pending.kind);
      at++;
    }
  }

  /** Executors of a kind alive or starting. */
  private count(kind: ExecutorKind): number {
    return this.executors.filter((e) => e.kind === kind).length;
  }

  private dispatch(executor: Executor, pending: Pending): void {
    const id = this.nextId++;
    // Progress only when someone hears it: a run's events were about 20 messages (and as many
    // wake-ups of the Server) for nothing on every plain /workflow/execute.
    const events = pending.onEvent !== undefined;
    const message: ToExecutor = { t: "job", id, job: pending.job, deadline: pending.deadline, events };
    // Checked apart from sending, so a job that cannot be serialized fails alone and its
    // executor stays free (a document nested too deeply for JSON.stringify, for one).
    const unsendable = serializationError(message);
    if (unsendable) {
      this.refuse(pending, unsendable);
      return;
    }
    executor.state = "busy";
    executor.worked = true;
    executor.current = { id, pending };
    pending.executor = executor;
    const failure = this.send(executor, message);
    if (!failure) return;
    // The channel is broken: this executor is done for (a fresh one replaces it on exit).
    executor.current = undefined;
    executor.state = "dead";
    executor.proc.kill("SIGKILL");
    this.refuse(pending, failure);
  }

  private refuse(pending: Pending, reason: Error): void {
    this.options.logger.error("a job could not be sent to the engine", { error: reason });
    this.settle(pending, new ExecutionError(`The request could not be sent to the engine: ${reason.message}`));
  }

  /** Starts an executor; if even that fails (no such program), the queued jobs fail with the reason. */
  private spawnOrFail(kind: ExecutorKind): void {
    const failure = failureOf(() => this.spawn(kind));
    if (!failure) return;
    this.options.logger.error("executor could not be started", { error: failure });
    for (const pending of this.queue.splice(0))
      this.settle(pending, new ExecutionError(`The engine cannot start: ${failure.message}`));
  }

  private spawn(kind: ExecutorKind): void {
    const command = this.options.command ?? executorCommand();
    const executor = {} as Executor;
    executor.kind = kind;
    executor.state = "starting";
    executor.stderrTail = "";
    executor.proc = Bun.spawn(command, {
      env: executorEnv(process.env, kind),
      stdio: ["ignore", "ignore", "pipe"],
      serialization: "json",
      ipc: (message: FromExecutor) => this.onMessage(executor, message),
    });
    this.executors.push(executor);
    this.readStderr(executor);
    const startTimer = setTimeout(() => {
      if (executor.state === "starting") {
        this.options.logger.error("executor did not start in time; killing it", { pid: executor.proc.pid });
        executor.proc.kill("SIGKILL");
      }
    }, START_TIMEOUT_MS);
    executor.proc.exited.then((code) => {
      clearTimeout(startTimer);
      this.onExit(executor, code);
    });
    this.send(executor, { t: "init", settings: this.options.settings });
    if (this.options.memoryLimitBytes !== undefined && !this.memoryWatch) {
      this.memoryWatch = setInterval(() => this.checkMemory(this.options.memoryLimitBytes as number), MEMORY_SAMPLE_MS);
      this.memoryWatch.unref();
    }
  }

  /**
   * Stops an executor whose resident memory passed ENGINE_MEMORY_LIMIT_MB, before the
   * machine runs out: its job fails with 422 naming the limit and the size reached, and a
   * fresh executor replaces it. An idle one over the limit with memory kept from its last job
   * is replaced too, so the next job starts small; a fresh one is not (a limit below what an
   * executor needs to start would replace them forever): its first job fails instead.
   */
  private checkMemory(limit: number): void {
    for (const executor of this.executors) {
      if (executor.state !== "busy" && !(executor.state === "idle" && executor.worked)) continue;
      const rss = residentBytes(executor.proc.pid);
      if (rss === undefined || rss <= limit) continue;
      const current = executor.current;
      executor.current = undefined;
      executor.state = "dead";
      executor.proc.kill("SIGKILL");
      this.options.logger.warn("executor passed its memory limit; killing it", { pid: executor.proc.pid, rss, limit });
      // Rounded up: a size just past the limit never reads as the limit itself.
      const [limitMb, usedMb] = [Math.round(limit / MIB), Math.ceil(rss / MIB)];
      const message = `The run used ${usedMb.toLocaleString("en-US")} MB of memory, over the limit of ${limitMb.toLocaleString("en-US")} MB (setting ENGINE_MEMORY_LIMIT_MB), and was stopped`;
      if (current) this.settle(current.pending, new SafetyLimitError(message, limitMb, usedMb));
    }
  }

  private async readStderr(executor: Executor): Promise<void> {
    const decoder = new TextDecoder();
    for await (const chunk of executor.proc.stderr) {
      executor.stderrTail = (executor.stderrTail + decoder.decode(chunk, { stream: true })).slice(-4000);
    }
  }

  /** Sends a message; what went wrong, if anything (a message that cannot be serialized, a closed channel). */
  private send(executor: Executor, message: ToExecutor): Error | undefined {
    if (executor.state === "dead") return undefined;
    return failureOf(() => executor.proc.send(message));
  }

  private onMessage(executor: Executor, message: FromExecutor): void {
    switch (message.t) {
      case "ready":
        executor.state = "idle";
        this.startFailures = 0;
        this.failedStarts = 0;
        this.pump();
        return;
      case "done":
      case "failed": {
        const current = executor.current;
        if (!current || current.id !== message.id) return;
        executor.current = undefined;
        executor.state = "idle";
        // Out of the pool before the answer goes, so nothing new is given to it.
        if (message.retire) this.retire(executor);
        if (message.t === "done") this.settle(current.pending, undefined, message.result);
        else this.settle(current.pending, reviveError(message.error));
        this.pump();
        return;
      }
      case "event": {
        const current = executor.current;
        // A job that timed out or was replaced hears nothing more.
        if (!current || current.id !== message.id || current.pending.settled) return;
        try {
          current.pending.onEvent?.(message.event);
        } catch (err) {
          this.options.logger.error("a run's progress listener failed", { error: err });
        }
        return;
      }
      case "claim":
        this.claims.claim(executor, message.key, message.id);
        return;
      case "release":
        this.claims.release(executor, message.key);
        return;
      case "log":
        this.options.logger[message.level](message.msg, { ...message.fields, executor: executor.proc.pid });
        return;
    }
  }

  /**
   * An executor whose job left it holding much memory even after a collection goes, so the
   * system gets all of it back; a fresh one takes its place.
   */
  private retire(executor: Executor): void {
    this.options.logger.info("executor replaced: its last job left it holding memory", { pid: executor.proc.pid });
    this.onExit(executor, null);
    executor.retired = true;
    executor.proc.kill("SIGTERM");
  }

  private onExit(executor: Executor, code: number | null): void {
    // A retired executor was taken out when it was retired; its exit says nothing new.
    if (executor.retired) return;
    const wasStarting = executor.state === "starting";
    executor.state = "dead";
    this.executors.splice(this.executors.indexOf(executor), 1);
    this.claims.forget(executor);
    const current = executor.current;
    executor.current = undefined;
    if (this.closed) {
      if (current) this.settle(current.pending, new ExecutionError("The Server is stopping; the run was cancelled"));
      return;
    }
    const signal = executor.proc.signalCode;
    const how = signal ? `signal ${signal}` : `exit status ${code}`;
    if (current) {
      this.options.logger.error("executor stopped during a job", {
        pid: executor.proc.pid,
        how,
        stderr: executor.stderrTail,
      });
      this.settle(
        current.pending,
        new ExecutionError(`The engine process stopped unexpectedly (${how}); the run was lost. See the Server log.`),
      );
    } else if (wasStarting) {
      this.startFailures++;
      this.failedStarts++;
      this.options.logger.error("executor failed to start", { how, stderr: executor.stderrTail });
      if (this.startFailures >= 3) {
        for (const pending of this.queue.splice(0)) {
          this.settle(
            pending,
            new ExecutionError(
              `The engine cannot start (${how}): ${executor.stderrTail.trim().split("\n").pop() ?? ""}`,
            ),
          );
        }
        this.startFailures = 0;
        return;
      }
    }
    // Keep the pool warm: replace a default executor that went away (bounded ones start on demand).
    if (executor.kind === "default" && this.count("default") < this.options.size) this.spawnOrFail("default");
    this.pump();
  }

  private timeOut(pending: Pending): void {
    if (pending.settled) return;
    const seconds = Math.round(this.options.timeoutMs / 1000);
    const err = new ExecutionTimeoutError(
      `The run took longer than ${seconds} s (MAX_EXECUTION_TIME_SECONDS) and was stopped`,
    );
    this.stopJob(pending, err);
  }

  /** Stops a job, queued or running, and fails it with `err` (the time limit, a cancel). */
  private stopJob(pending: Pending, err: Error): void {
    if (pending.settled) return;
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) this.queue.splice(queued, 1);
    const executor = pending.executor;
    if (executor && executor.current?.pending === pending) {
      // The only way to stop native work in progress: the process goes, a fresh one replaces it.
      executor.current = undefined;
      executor.proc.kill("SIGKILL");
    }
    this.settle(pending, err);
  }

  private settle(pending: Pending, err?: Error, value?: unknown): void {
    if (pending.settled) return;
    pending.settled = true;
    clearTimeout(pending.timer);
    if (err) pending.reject(err);
    else pending.resolve(value);
  }
}

const serializationError = (message: ToExecutor) => failureOf(() => JSON.stringify(message));

/** What `act` threw, if anything. */
function failureOf(act: () => unknown): Error | undefined {
  try {
    act();
    return undefined;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}
