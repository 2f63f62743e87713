import { createContext, createEffect, createMemo, createSignal, getOwner, on, onCleanup, useContext } from "solid-js";
import { readableError } from "../config/server-error";
import {
  type ApiClient,
  ApiError,
  type ExecuteResult,
  type ProfileResult,
  type SocketPreviews,
  type ToolMetric,
} from "../lib/api";
import { lineageKeys } from "../model/lineage";
import { readyPart, unreadyTools } from "../model/setup";
import { toApiWorkflow } from "../model/workflow";
import { type Clock, createDebouncedTask } from "./debounced-task";
import type { Editor } from "./editor";
import { applyRunEvent, type RunProgress, startProgress } from "./run-progress";
import { type Failure, failureOf, isAbort, toolOfError } from "./tool-error";
import { deriveStatus, type Keyed, type ToolPreviewState, type ToolStatus } from "./tool-status";

export type { RunProgress } from "./run-progress";
export type { ToolStatus } from "./tool-status";
export { formatDuration, formatRows, mainSocket } from "./tool-status";

/** Rows per socket in the previews of every tool (the canvas and the results pane). */
export const PREVIEW_ROWS = 100;
/** Rows the results pane asks for when the user wants more of the selected tool. */
export const MORE_PREVIEW_ROWS = 1000;
/** Quiet time after the last data change before previews are asked for. */
export const REFRESH_DELAY_MS = 300;

/** An error of a run or of a whole preview request, and the tool it names (when it names one). */
export interface LiveFailure extends Failure {
  toolId?: string;
  /** The run was not sent: the tool needs setup, and `message` says what to set. */
  setup?: boolean;
}

/**
 * Live feedback for the workflow being edited (issue 8, point 3): previews and schemas
 * refreshed after every data change (debounced, superseded requests cancelled), each tool's
 * status, profiles on demand, and full runs (point 4).
 */
export interface Live {
  status(toolId: string): ToolStatus;
  /**
   * Rows of a tool's output socket as the last run counted them, while the tool's lineage
   * key is the one it ran with (an edit upstream clears it); undefined when not counted.
   */
  socketRows(toolId: string, socketId: string): number | undefined;
  /** The last previews of a tool, per output socket (kept while a newer one is on the way). */
  previews(toolId: string): SocketPreviews | undefined;
  /** Asks for a profile of a tool's socket (full data). */
  profile(toolId: string, socketId: string): Promise<ProfileResult>;
  /** Runs the whole workflow (writes outputs); each tool shows its progress as the Server reports it. */
  run(): Promise<ExecuteResult | undefined>;
  running(): boolean;
  /** The run in progress, or the last one: each tool's progress and the files written (cleared when a run starts). */
  runProgress(): RunProgress | undefined;
  /** Milliseconds since the run in progress started (ticks while running), or the last run's wall time. */
  runElapsedMs(): number;
  lastRun(): ExecuteResult | undefined;
  /** How the last run failed (cleared when a run starts); `toolId` is the tool it points at. */
  runFailure(): LiveFailure | undefined;
  /** A preview refresh is scheduled or in flight. */
  refreshing(): boolean;
  /** The last preview request failed as a whole (not per tool), e.g. an invalid graph. */
  requestFailure(): LiveFailure | undefined;
  /** Fetches up to MORE_PREVIEW_ROWS rows of a tool (single-tool preview, which also reports cache use). */
  loadMore(toolId: string): Promise<void>;
  /** Refreshes now (after a load, or on demand). */
  refresh(): void;
  /** The tool's lineage key now: a result computed under another key is out of date (lineage.ts). */
  toolKey(toolId: string): string | undefined;
}

/*
 * Cost, and why preview_all on every data change. Measured on this machine with a
 * 2,000,000-row CSV (49 MB) in Input → Filter → Summarize → Output:
 *   preview_all, warm cache ........................ 0.10 s
 *   preview_all after a Filter edit (Summarize runs) 0.28 s
 *   tool/execute of the Filter alone ............... 0.10 s
 *   tool/schema of the Filter ...................... 0.02 s
 * Upstream tools run once for all previews, lazy tools only read the preview's rows, and a
 * blocking tool's result is cached on the way; so previewing everything costs about the same
 * as the selected tool's preview plus the blocking tools downstream of the change, which the
 * badges (state, row count) must show anyway. A change that alters no lineage key (a move,
 * a label, undoing a move) sends nothing. Requests wait for REFRESH_DELAY_MS of quiet; a newer
 * change aborts the request in flight (the browser drops it; the Server, which does not
 * watch for client aborts on preview routes, finishes it, so the quiet time is what keeps
 * typing from queueing work there).
 *
 * A tool whose config the Server refuses at planning time fails a whole preview_all (400);
 * preview-all.ts then sets it and its downstream aside and asks again for the rest.
 *
 * Row counts: preview_all answers preview rows, not totals; a tool shows the preview's count
 * ("100+" when has_more) unless a run or single-tool preview counted its rows exactly
 * (`rows` in the metrics: a full run counts every tool's sockets, a preview only the
 * blocking results it stores). Wires show their source socket's count from the last run
 * (`sockets` in the metrics, wire-labels.tsx); both go when the tool's lineage key changes.
 * "cached" comes from those metrics too (preview_all does not report cache use).
 *
 * Run progress: /workflow/execute is read as a stream (Weft's NDJSON extension): each tool
 * reports when it starts and ends (time, rows where counted, cache use) and each Output the
 * file it wrote, so a tool's badge goes from waiting to running to done while the run goes
 * on, and the Run tab counts them. A lazy tool is done as soon as it is planned; its reading
 * and computing show in the blocking tool or Output downstream, which runs longer.
 */
export function createLive(editor: Editor, api: ApiClient, options: { delayMs?: number; clock?: Clock } = {}): Live {
  const [previewMap, setPreviewMap] = createSignal<Record<string, Keyed<ToolPreviewState>>>({});
  const [moreMap, setMoreMap] = createSignal<Record<string, Keyed<SocketPreviews>>>({});
  const [metricMap, setMetricMap] = createSignal<Record<string, Keyed<ToolMetric>>>({});
  const [refreshing, setRefreshing] = createSignal(false);
  const [requestFailure, setRequestFailure] = createSignal<Keyed<LiveFailure>>();
  const [running, setRunning] = createSignal(false);
  const [lastRun, setLastRun] = createSignal<ExecuteResult>();
  const [runFailure, setRunFailure] = createSignal<Keyed<LiveFailure>>();
  const [runElapsed, setRunElapsed] = createSignal(0);
  const [runProgress, setRunProgress] = createSignal<RunProgress>();
  /** Lineage keys of the workflow the run in progress was sent with: a tool edited since is not in it. */
  let runKeys = new Map<string, string>();

  /** The workflow as of the last data change. */
  const current = createMemo(() => {
    editor.dataVersion();
    return editor.snapshot();
  });
  const keys = createMemo(() => lineageKeys(current()));
  /** Tools that need setup, or wait for one upstream that does (model/setup.ts): nothing is asked for them. */
  const unready = createMemo(() => unreadyTools(current()));
  /** The lineage keys of the tools previews may ask for. */
  const readyKeys = createMemo(() => new Map([...keys()].filter(([id]) => !unready().has(id))));

  /** Keys of the last preview request sent (or scheduled): an unchanged set needs no new one. */
  let requestedKeys = new Map<string, string>();

  const task = createDebouncedTask(
    async (signal) => {
      const doc = toApiWorkflow(readyPart(editor.snapshot(), unready()));
      const sent = lineageKeys(doc);
      requestedKeys = sent;
      // Tools that need setup are left out; the Server previews what it can of the rest (a
      // tool it refuses fails alone).
      const result = doc.tools.length > 0 ? await api.previewAll(doc, PREVIEW_ROWS, signal) : {};
      return { result, sent };
    },
    {
      onStart: () => setRefreshing(true),
      onResult: ({ result, sent }) => {
        const next: Record<string, Keyed<ToolPreviewState>> = {};
        for (const [id, entry] of Object.entries(result)) {
          const key = sent.get(id);
          if (key === undefined) continue;
          const error =
            "error" in entry
              ? { message: readableError(entry.error.detail, id), status: entry.error.status }
              : undefined;
          next[id] = { key, value: { outputs: entry.outputs, error } };
        }
        setPreviewMap(next);
        setRequestFailure(undefined);
      },
      onError: (error) => {
        if (isAbort(error)) return;
        const failure = failureOf(error);
        const toolId = toolOfError(failure.message, requestedKeys.keys());
        const message = readableError(failure.message, toolId);
        setRequestFailure({ key: (toolId && requestedKeys.get(toolId)) || "", value: { ...failure, message, toolId } });
        // The request failed as a whole: forget what was asked, so the next change asks again.
        requestedKeys = new Map();
      },
      onIdle: () => setRefreshing(false),
    },
    { delayMs: options.delayMs ?? REFRESH_DELAY_MS, clock: options.clock },
  );

  const sameKeys = (a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>) =>
    a.size === b.size && [...a].every(([id, key]) => b.get(id) === key);

  createEffect(
    on(readyKeys, (now) => {
      if (now.size === 0) {
        task.cancel();
        requestedKeys = now;
        setPreviewMap({});
        setRequestFailure(undefined);
        return;
      }
      if (sameKeys(now, requestedKeys)) return;
      // Nothing known yet (a workflow just opened): no keystrokes to wait for.
      const opened = ![...now].some(([id, key]) => requestedKeys.get(id) === key);
      requestedKeys = now;
      setRefreshing(true);
      if (opened && now.size > 1) task.now();
      else task.schedule();
    }),
  );

  let ticker: ReturnType<typeof setInterval> | undefined;
  const stopTicker = () => {
    if (ticker !== undefined) clearInterval(ticker);
    ticker = undefined;
  };
  if (getOwner()) {
    onCleanup(() => {
      task.cancel();
      stopTicker();
    });
  }

  const recordMetrics = (metrics: readonly ToolMetric[], sent: ReadonlyMap<string, string>) => {
    const next = { ...metricMap() };
    for (const metric of metrics) {
      const key = sent.get(metric.tool_id);
      if (key !== undefined) next[metric.tool_id] = { key, value: metric };
    }
    setMetricMap(next);
  };

  const failureFor = (id: string): Keyed<Failure> | undefined => {
    for (const failure of [runFailure(), requestFailure()]) {
      if (failure?.value.toolId === id) return failure;
    }
    return undefined;
  };

  const live: Live = {
    status(toolId) {
      const key = keys().get(toolId);
      const preview = previewMap()[toolId];
      const more = moreMap()[toolId];
      // The longer preview of "Show more rows" counts more rows (when it is of the same data).
      const counted =
        preview && more && !preview.value.error && more.key === key && preview.key === key
          ? { key: preview.key, value: { outputs: more.value } }
          : preview;
      const inRun = running() && key !== undefined && runKeys.get(toolId) === key;
      const waiting = unready().get(toolId);
      return deriveStatus({
        key,
        running: inRun,
        runEvent: inRun ? runProgress()?.tools[toolId] : undefined,
        refreshing: refreshing(),
        preview: counted,
        metric: metricMap()[toolId],
        failure: failureFor(toolId),
        setup: waiting?.tool === toolId ? waiting.need : undefined,
        blocked: waiting !== undefined && waiting.tool !== toolId,
      });
    },

    socketRows(toolId, socketId) {
      const metric = metricMap()[toolId];
      return metric && metric.key === keys().get(toolId) ? metric.value.sockets?.[socketId] : undefined;
    },

    previews(toolId) {
      const more = moreMap()[toolId];
      if (more && more.key === keys().get(toolId)) return more.value;
      return previewMap()[toolId]?.value.outputs;
    },

    profile(toolId, socketId) {
      return api.profile(toApiWorkflow(editor.snapshot()), toolId, socketId);
    },

    async run() {
      if (running()) return undefined;
      const doc = toApiWorkflow(editor.snapshot());
      // A tool that needs setup would only fail the run: say which and what, and send nothing.
      const first = doc.tools.map((t) => unready().get(t.id)).find((u) => u !== undefined);
      if (first) {
        setRunProgress(undefined);
        editor.select([first.tool]);
        setRunFailure({ key: "", value: { message: first.need, status: 0, toolId: first.tool, setup: true } });
        return undefined;
      }
      const sent = lineageKeys(doc);
      runKeys = sent;
      const started = performance.now();
      setRunFailure(undefined);
      setRunElapsed(0);
      setRunProgress(startProgress(doc.tools.map((t) => t.id)));
      setRunning(true);
      ticker = setInterval(() => setRunElapsed(performance.now() - started), 100);
      try {
        const result = await api.executeStream(doc, { preview_limit: 0 }, (event) =>
          setRunProgress((p) => p && applyRunEvent(p, event, performance.now() - started)),
        );
        recordMetrics(result.metrics.tools, sent);
        setLastRun(result);
        return result;
      } catch (error) {
        const failure = failureOf(error);
        // The stream names the tool; an error without one may still name it in its message.
        const named = error instanceof ApiError && error.toolId && sent.has(error.toolId) ? error.toolId : undefined;
        const toolId = named ?? toolOfError(failure.message, sent.keys());
        const message = readableError(failure.message, toolId);
        setRunFailure({ key: (toolId && sent.get(toolId)) || "", value: { ...failure, message, toolId } });
        if (toolId) editor.select([toolId]);
        return undefined;
      } finally {
        stopTicker();
        setRunElapsed(performance.now() - started);
        setRunning(false);
      }
    },

    running,
    runProgress,
    runElapsedMs: runElapsed,
    lastRun,
    runFailure: () => runFailure()?.value,
    refreshing,
    requestFailure: () => requestFailure()?.value,

    async loadMore(toolId) {
      const doc = toApiWorkflow(editor.snapshot());
      const sent = lineageKeys(doc);
      const key = sent.get(toolId);
      if (key === undefined) return;
      const result = await api.toolPreview(doc, toolId, MORE_PREVIEW_ROWS);
      recordMetrics(result.metrics.tools, sent);
      setMoreMap({ ...moreMap(), [toolId]: { key, value: result.outputs } });
    },

    toolKey: (toolId) => keys().get(toolId),

    refresh() {
      if (readyKeys().size === 0) return;
      requestedKeys = readyKeys();
      task.now();
    },
  };
  return live;
}

const LiveContext = createContext<Live>();
export const LiveProvider = LiveContext.Provider;

export function useLive(): Live {
  const live = useContext(LiveContext);
  if (!live) throw new Error("useLive outside <LiveProvider>");
  return live;
}
