import type { MemoryMode, Workflow } from "../shared/workflow";
import type { EngineSettings, JobRequest } from "./job";

/**
 * The memory mode a job runs in: a full run's workflow says (`meta.memory`), else the
 * Server's ENGINE_MEMORY_MODE. Only full runs write, so every other job is `default`: a
 * preview or profile reads at most what it shows, whichever mode the workflow asks for.
 *
 * What `bounded` changes (docs/server-api.md "Memory mode"): the executor gives its freed
 * memory back to the system before the run (executor/give-back.ts), so the run's peak is its
 * own and not what earlier jobs left in the allocator; and every Output streams its file
 * through a Polars sink, a format that must be held whole to be written (Excel, Avro) being
 * refused when its Output is built, before anything is written. The rest of a full run streams in both modes: blocking
 * results read more than once go to disk (the cache, or a run's own copy), row counts are
 * streaming `len()` queries, and previews read their rows only.
 */
export function memoryModeOf(job: JobRequest, settings: Pick<EngineSettings, "memoryMode">): MemoryMode {
  if (job.kind !== "execute") return "default";
  return workflowMemoryMode(job.workflow, settings.memoryMode ?? "default");
}

/** A workflow's own mode, or the Server's. */
export function workflowMemoryMode(workflow: Workflow, serverMode: MemoryMode): MemoryMode {
  return workflow.meta.memory ?? serverMode;
}
