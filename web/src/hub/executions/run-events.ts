import { createSignal, onCleanup } from "solid-js";
import type { ExecutionFeed } from "../live/execution-feed";
import type { SseEvent } from "../live/sse-decoder";
import { type ToolEventData, toolEventOf } from "./tool-progress";

/** What the area remembers of one run's live events: its tools' reports and its log lines. */
export interface RunMemory {
  tools: ToolEventData[];
  lines: string[];
}

export const RUN_MEMORY_LIMITS = { runs: 100, lines: 2_000 };

/**
 * Records an `execution.tool` or `execution.log` event in `memory` (a run's entry is made at
 * its first event). Bounded: the runs heard from least recently are forgotten past
 * `limits.runs`, and a run's lines past `limits.lines` (the stored log has them all once it
 * ends). Answers whether anything was recorded.
 */
export function recordRunEvent(memory: Map<string, RunMemory>, event: SseEvent, limits = RUN_MEMORY_LIMITS): boolean {
  const data = event.data as { execution_id?: unknown; line?: unknown } | null;
  if (typeof data?.execution_id !== "string") return false;
  const tool = event.type === "execution.tool" ? toolEventOf(data) : undefined;
  const line = event.type === "execution.log" && typeof data.line === "string" ? data.line : undefined;
  if (!tool && line === undefined) return false;
  const id = data.execution_id;
  const run = memory.get(id) ?? { tools: [], lines: [] };
  memory.delete(id); // re-inserted last: the Map's order is "heard from most recently" last
  memory.set(id, run);
  if (tool) run.tools.push(tool);
  if (line !== undefined && run.lines.length < limits.lines) run.lines.push(line);
  for (const oldest of memory.keys()) {
    if (memory.size <= limits.runs) break;
    memory.delete(oldest);
  }
  return true;
}

/**
 * The Executions area's memory of live tool and log events, for as long as the area is open:
 * a run started while the person watched the list shows every tool's progress and log line
 * when they open it, not only those after. Call inside a component.
 */
export function createRunEvents(feed: ExecutionFeed) {
  const memory = new Map<string, RunMemory>();
  const [version, setVersion] = createSignal(0);
  onCleanup(
    feed.subscribe((event) => {
      if (recordRunEvent(memory, event)) setVersion((v) => v + 1);
    }),
  );
  return {
    tools(id: string): ToolEventData[] {
      version();
      return [...(memory.get(id)?.tools ?? [])];
    },
    lines(id: string): string[] {
      version();
      return [...(memory.get(id)?.lines ?? [])];
    },
  };
}
export type RunEvents = ReturnType<typeof createRunEvents>;
