import type { SocketPreviews, ToolEvent, ToolMetric } from "../lib/api";
import type { Failure } from "./tool-error";

/** How a tool stands after the last refresh or run (what its badge on the canvas shows). */
export type ToolStatus =
  | { state: "idle" }
  /** `waiting`: part of the run under way, not reached yet. */
  | { state: "running"; waiting?: boolean }
  | {
      state: "ok";
      /**
       * Rows of the main output socket. Exact when a run or the cache counted them (the
       * metrics' `rows`); otherwise the preview's rows, and `rowsAtLeast` says there are
       * more than that (the canvas shows "100+").
       */
      rows?: number;
      rowsAtLeast?: boolean;
      /** The last run or preview of this tool (as it is now) came from the cache. */
      cached: boolean;
      durationMs?: number;
    }
  | { state: "error"; message: string; status: number }
  /** Not set up yet (model/setup.ts): `need` says what to set. Neutral, not an error. */
  | { state: "setup"; need: string };

/** Something computed for a tool as it was: valid while the tool's lineage key is the same. */
export interface Keyed<T> {
  key: string;
  value: T;
}

export interface ToolPreviewState {
  outputs: SocketPreviews;
  error?: Failure;
}

export interface StatusInputs {
  /** The tool's lineage key now (lineage.ts). */
  key: string | undefined;
  /** A full run of the tool as it is now is in progress. */
  running: boolean;
  /** The tool's last event in that run (none yet: it waits for its turn). */
  runEvent?: ToolEvent;
  /** A preview refresh is scheduled or in flight. */
  refreshing: boolean;
  preview?: Keyed<ToolPreviewState>;
  metric?: Keyed<ToolMetric>;
  /** A run's error, or a whole request's error, that names this tool. */
  failure?: Keyed<Failure>;
  /** What this tool still needs (model/setup.ts); nothing is asked for it. */
  setup?: string;
  /** A tool upstream needs setup: nothing is asked for this one either. */
  blocked?: boolean;
}

/**
 * The status a tool shows. Results count only while the tool's key is the one they were
 * computed for; an affected tool shows "running" while its refresh is on the way. During a
 * full run a tool shows its progress in that run: waiting, running, then done or failed.
 */
export function deriveStatus(input: StatusInputs): ToolStatus {
  const { key } = input;
  if (input.running) return runStatus(input.runEvent, input.failure?.key === key ? input.failure : undefined);
  if (key === undefined) return { state: "idle" };
  if (input.setup !== undefined) return { state: "setup", need: input.setup };
  if (input.blocked) return { state: "idle" };
  if (input.failure?.key === key) {
    return { state: "error", message: input.failure.value.message, status: input.failure.value.status };
  }
  const preview = input.preview?.key === key ? input.preview.value : undefined;
  const metric = input.metric?.key === key ? input.metric.value : undefined;
  if (!preview) {
    if (input.refreshing) return { state: "running" };
    if (metric?.status === "success") return okFromMetric(metric);
    return { state: "idle" };
  }
  if (preview.error) return { state: "error", message: preview.error.message, status: preview.error.status };
  const socket = mainSocket(preview.outputs);
  const shown = socket ? preview.outputs[socket] : undefined;
  const exact = metric?.rows;
  return {
    state: "ok",
    rows: exact ?? shown?.row_count,
    rowsAtLeast: exact === undefined && shown !== undefined ? shown.has_more : undefined,
    cached: metric?.cache === "hit",
    durationMs: metric?.duration_ms,
  };
}

function runStatus(event: ToolEvent | undefined, failure: Keyed<Failure> | undefined): ToolStatus {
  switch (event?.status) {
    case undefined:
      return { state: "running", waiting: true };
    case "running":
      return { state: "running" };
    case "success":
      return { state: "ok", rows: event.rows, cached: event.cache === "hit", durationMs: event.duration_ms };
    case "error":
      // The run's error, with its message, follows this event at once.
      return failure
        ? { state: "error", message: failure.value.message, status: failure.value.status }
        : { state: "error", message: "Failed in this run", status: 0 };
  }
}

function okFromMetric(metric: ToolMetric): ToolStatus {
  return { state: "ok", rows: metric.rows, cached: metric.cache === "hit", durationMs: metric.duration_ms };
}

/** The socket whose rows a tool's badge counts: the main output, the join's match, a filter's true rows. */
export function mainSocket(outputs: Readonly<Record<string, unknown>>): string | undefined {
  for (const id of ["output", "output-match", "output-true"]) if (id in outputs) return id;
  return Object.keys(outputs)[0];
}

const numberFormat = new Intl.NumberFormat("en-US");

/** "1,234 rows", "100+ rows", "1 row"; "" when the status has no count. */
export function formatRows(status: ToolStatus): string {
  if (status.state !== "ok" || status.rows === undefined) return "";
  const n = numberFormat.format(status.rows);
  if (status.rowsAtLeast) return `${n}+ rows`;
  return status.rows === 1 ? "1 row" : `${n} rows`;
}

/** "850 ms", "2.4 s", "1 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1) return `${Math.round(ms * 100) / 100} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms - minutes * 60_000) / 1000)} s`;
}
