import type { MemoryMode, Workflow } from "../shared/workflow";
import type { EngineSettings, JobRequest } from "./job";

/**
 * The memory mode a job runs in: a full run's workflow says (`meta.memory`), else the
 * Server's ENGINE_MEMORY_MODE. Every other job is `default`: a preview reads only the rows
 * it shows, and no job but a full run writes.
 *
 * What `bounded` changes (docs/server-api.md rule 15): the executor hands its freed memory
 * back to the system before the run (executor/give-back.ts), so the run's peak is its own
 * and not what earlier jobs left in the allocator; blocking results are computed one at a
 * time (engine.ts); a CSV input over 2 MiB is read over parts copied into a spill folder
 * (formats/csv/split.ts, spill-dirs.ts); an Output whose format is written from the whole
 * table (Excel, Avro) is refused when it is built, before anything is written; and the run
 * goes to an engine process of its own kind, started with a smaller join sample
 * (executor/executor-env.ts, executor/pool.ts). The rest streams in both modes: Outputs
 * through Polars sinks, blocking results read more than once through a file (the cache, or
 * the run's own copy), row counts through `len()` queries.
 */
export function memoryModeOf(job: JobRequest, settings: Pick<EngineSettings, "memoryMode">): MemoryMode {
  if (job.kind !== "execute") return "default";
  return workflowMemoryMode(job.workflow, settings.memoryMode ?? "default");
}

/** A workflow's own mode, or the Server's. */
export function workflowMemoryMode(workflow: Workflow, serverMode: MemoryMode): MemoryMode {
  return workflow.meta.memory ?? serverMode;
}
