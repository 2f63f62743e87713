/** Where one tool of a run is, as the detail shows it. */
export interface ToolProgress {
  id: string;
  type?: string;
  state: "waiting" | "running" | "success" | "error" | "skipped" | "unknown";
  durationMs?: number;
  rows?: number;
}

/** One `execution.tool` event's data (the Hub's runner: tool_id, tool_status, duration_ms, rows). */
export interface ToolEventData {
  tool_id: string;
  tool_status: "running" | "success" | "error";
  duration_ms?: number | null;
  rows?: number | null;
}

interface MetricTool {
  tool_id: string;
  status: "success" | "error" | "skipped";
  duration_ms: number;
  rows?: number;
}

/**
 * The run's tools with their progress, in the workflow's order. Sources, later ones winning:
 * the revision's tools (all waiting), the live `execution.tool` events seen since the page
 * opened, and the Server's final metrics of a run that succeeded. A tool of an ended run that
 * no source speaks of did not report (a run that failed early, or events before the page).
 */
export function toolProgress(input: {
  tools: readonly { id: string; type: string }[];
  events: readonly ToolEventData[];
  metrics: readonly MetricTool[] | undefined;
  ended: boolean;
}): ToolProgress[] {
  const byId = new Map<string, ToolProgress>();
  const at = (id: string): ToolProgress => {
    let row = byId.get(id);
    if (!row) {
      row = { id, state: "waiting" };
      byId.set(id, row);
    }
    return row;
  };
  for (const tool of input.tools) at(tool.id).type = tool.type;
  for (const event of input.events) {
    const row = at(event.tool_id);
    row.state = event.tool_status;
    if (event.duration_ms != null) row.durationMs = event.duration_ms;
    if (event.rows != null) row.rows = event.rows;
  }
  for (const metric of input.metrics ?? []) {
    const row = at(metric.tool_id);
    row.state = metric.status;
    row.durationMs = metric.duration_ms;
    if (metric.rows !== undefined) row.rows = metric.rows;
  }
  const rows = [...byId.values()];
  if (input.ended)
    for (const row of rows) if (row.state === "waiting" || row.state === "running") row.state = "unknown";
  return rows;
}

/** The `execution.tool` event's data, when an event is one (the feed carries every kind). */
export function toolEventOf(data: unknown): ToolEventData | undefined {
  const d = data as Partial<ToolEventData> | null;
  if (!d || typeof d.tool_id !== "string") return undefined;
  if (d.tool_status !== "running" && d.tool_status !== "success" && d.tool_status !== "error") return undefined;
  return { tool_id: d.tool_id, tool_status: d.tool_status, duration_ms: d.duration_ms, rows: d.rows };
}
