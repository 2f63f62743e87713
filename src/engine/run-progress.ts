import type { BuildProgress } from "./build-frames";
import type { RowsEvent, RunEvent, ToolEvent, ToolMetric, WrittenEvent } from "./job";

/** How a full run reports its progress, from the frame builder and from the Output writes. */
export interface RunProgress {
  /** The builder's hooks; undefined when nobody listens (nothing is done per tool then). */
  build: BuildProgress | undefined;
  /** An Output starts writing its file. */
  writing(toolId: string): void;
  /** An Output wrote its file: `written`, then its `success` with the final metric. */
  written(event: WrittenEvent, metric: ToolMetric): void;
  /** A tool ended without anything (more) to do. */
  ended(metric: ToolMetric): void;
  failed(toolId: string, durationMs: number): void;
  /** A tool's rows per socket were counted, after the writes (row-counts.ts). */
  counted(metric: ToolMetric): void;
}

/**
 * A full run's progress as events (job.ts `RunEvent`). Every tool reports `running` once,
 * before it ends. Tools that write (`writers`, the Outputs) run while they write, not while
 * they are built: building one only checks its config, and the run reaches the writes after
 * every other tool.
 */
export function runProgress(
  onEvent: ((event: RunEvent) => void) | undefined,
  writers: ReadonlySet<string>,
): RunProgress {
  const emit = onEvent ?? (() => {});
  const announced = new Set<string>();
  const running = (toolId: string) => {
    if (announced.has(toolId)) return;
    announced.add(toolId);
    emit({ event: "tool", tool_id: toolId, status: "running" });
  };
  const ended = (metric: ToolMetric) => {
    running(metric.tool_id);
    emit(successOf(metric));
  };
  const failed = (toolId: string, durationMs: number) => {
    running(toolId);
    emit({ event: "tool", tool_id: toolId, status: "error", duration_ms: durationMs });
  };
  return {
    build: onEvent && {
      started: (tool) => {
        if (!writers.has(tool.id)) running(tool.id);
      },
      finished: (tool, metric) => {
        if (!writers.has(tool.id)) ended(metric);
      },
      failed: (tool, durationMs) => failed(tool.id, durationMs),
    },
    writing: running,
    written(event, metric) {
      emit(event);
      ended(metric);
    },
    ended,
    failed,
    counted(metric) {
      const event: RowsEvent = { event: "rows", tool_id: metric.tool_id, sockets: metric.sockets ?? {} };
      if (metric.rows !== undefined) event.rows = metric.rows;
      emit(event);
    },
  };
}

function successOf(metric: ToolMetric): ToolEvent {
  const event: ToolEvent = {
    event: "tool",
    tool_id: metric.tool_id,
    status: "success",
    duration_ms: metric.duration_ms,
    cache: metric.cache,
  };
  if (metric.rows !== undefined) event.rows = metric.rows;
  return event;
}
