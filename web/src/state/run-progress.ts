import type { RunEvent, ToolEvent, WrittenEvent } from "../lib/api";

/** A full run under way (or the last one), as its progress events told it. */
export interface RunProgress {
  /** The tools sent, in the workflow's order: the run's total. */
  toolIds: readonly string[];
  /** Each tool's last event. */
  tools: Readonly<Record<string, ToolEvent>>;
  /** When each tool started, in ms since the run started (its time so far while it runs). */
  startedAt: Readonly<Record<string, number>>;
  /** Tools in the order they started. */
  order: readonly string[];
  /** The files written so far. */
  written: readonly WrittenEvent[];
}

/** A row of the Run tab's progress table. */
export interface ProgressRow {
  toolId: string;
  state: "waiting" | "running" | "success" | "error";
  event?: ToolEvent;
  startedAt?: number;
}

/** Progress of a run of these tools, before any event. */
export function startProgress(toolIds: readonly string[]): RunProgress {
  return { toolIds: [...toolIds], tools: {}, startedAt: {}, order: [], written: [] };
}

/** The progress after one more event, heard `atMs` after the run started. */
export function applyRunEvent(progress: RunProgress, event: RunEvent, atMs: number): RunProgress {
  if (event.event === "written") return { ...progress, written: [...progress.written, event] };
  if (event.event === "rows") {
    // Counted after the writes: the tool's row count joins its last event.
    const last = progress.tools[event.tool_id];
    if (!last || event.rows === undefined) return progress;
    return { ...progress, tools: { ...progress.tools, [event.tool_id]: { ...last, rows: event.rows } } };
  }
  const known = event.tool_id in progress.tools;
  return {
    ...progress,
    tools: { ...progress.tools, [event.tool_id]: event },
    startedAt: known ? progress.startedAt : { ...progress.startedAt, [event.tool_id]: atMs },
    order: known ? progress.order : [...progress.order, event.tool_id],
  };
}

/** How many tools have ended with `status` (done: "success"). */
export function countEnded(progress: RunProgress, status: "success" | "error"): number {
  return Object.values(progress.tools).filter((e) => e.status === status).length;
}

/** The total the run counts to: the tools sent, and any other tool it reported. */
export function totalCount(progress: RunProgress): number {
  return new Set([...progress.toolIds, ...progress.order]).size;
}

/** The rows to show: the tools in the order they started, then those still waiting, in the workflow's order. */
export function progressRows(progress: RunProgress): ProgressRow[] {
  const started = progress.order.map((toolId): ProgressRow => {
    const event = progress.tools[toolId] as ToolEvent;
    return { toolId, state: event.status, event, startedAt: progress.startedAt[toolId] };
  });
  const seen = new Set(progress.order);
  const waiting = progress.toolIds
    .filter((id) => !seen.has(id))
    .map((toolId): ProgressRow => ({ toolId, state: "waiting" }));
  return [...started, ...waiting];
}
