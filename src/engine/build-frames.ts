import { WeftError } from "../shared/errors";
import { sha256Hex } from "../shared/hash";
import type { Frame, ToolContext, ToolDef, ToolOutputs } from "../tools/types";
import type { ToolCache } from "./cache/tool-cache";
import type { CacheUse, ToolMetric } from "./job";
import type { Plan, PlannedTool } from "./plan";
import { mainSocket, socketRows } from "./row-counts";
import { runLimited } from "./run-limited";
import { asToolAsync, toolFailure } from "./tool-failure";

/** What the frame builder needs from the executor around it. */
export interface BuildDeps {
  tools: Readonly<Record<string, ToolDef<unknown>>>;
  cache: ToolCache;
  cacheEnabled: boolean;
  parallelism: number;
  contextFor(toolId: string): ToolContext;
  /** Asks the Server whether to compute a result or wait for another executor computing it. */
  claim(key: string): Promise<"go" | "done">;
  release(key: string): void;
}

export interface BuildOptions {
  /** Whether a blocking tool's result (on a cache miss) is computed and stored now. */
  store(tool: PlannedTool): boolean;
  /**
   * A full run's files of its own: with the cache off, what `store` selects is computed once
   * into such a file (`ToolCache.storeForRun`) instead of at every collection reading it.
   * Each path is added here; the caller removes them when the run ends.
   */
  runCopies?: string[];
  /** Output sockets wanted beyond those that planned tools read (previews, schemas). */
  wanted(tool: PlannedTool): readonly string[];
  /** Keep going past a failing tool (preview_all); otherwise the first failure throws. */
  tolerateErrors?: boolean;
  /** Recompute it even when the cache holds its result, and store the new one (a full run's database reads). */
  fresh?(tool: PlannedTool): boolean;
  /** How many rows a source tool reads (ToolContext.sourceRows); all by default. A partial read is never stored. */
  sourceRows?(tool: PlannedTool): number | "all";
  /** Told as each tool starts and ends (a full run's progress): once per tool, never per row. */
  progress?: BuildProgress;
}

/** Hooks for a run's progress; a tool that ends has started. */
export interface BuildProgress {
  started(tool: PlannedTool): void;
  /** Built, and its results stored when they had to be: `metric` is final (unless an Output still writes). */
  finished(tool: PlannedTool, metric: ToolMetric): void;
  failed(tool: PlannedTool, durationMs: number): void;
}

export interface BuiltTool {
  outputs: ToolOutputs;
  metric: ToolMetric;
}

export interface FailedTool {
  detail: string;
  status: number;
}

export interface Built {
  tools: Map<string, BuiltTool>;
  failed: Map<string, FailedTool>;
}

interface PendingStore {
  tool: PlannedTool;
  socket: string;
  frame: Frame;
  key: string;
  /** Replace what the cache holds rather than reuse it. */
  fresh: boolean;
}

/**
 * Builds every planned tool's output frames, level by level (docs/server-api.md rules 3-4). Most
 * tools only extend the lazy plan. A blocking tool is served from the cache when every
 * socket it must provide is there (`hit`); otherwise it is built (the tools of one level
 * together, at most `parallelism` at once, so two database reads wait on their servers at
 * the same time), and when `store` says so its results are computed and written to the
 * cache, each read back lazily for the tools downstream.
 */
export async function buildFrames(plan: Plan, deps: BuildDeps, options: BuildOptions): Promise<Built> {
  const tools = new Map<string, BuiltTool>();
  const failed = new Map<string, FailedTool>();
  const fail = (tool: PlannedTool, err: unknown) => {
    const error = toolFailure(tool.id, err);
    if (!options.tolerateErrors || !(error instanceof WeftError)) throw error;
    failed.set(tool.id, { detail: error.message, status: error.status });
  };

  const progress = options.progress;
  const runCopies = deps.cacheEnabled ? undefined : options.runCopies;
  for (const level of plan.levels) {
    const stores: PendingStore[] = [];
    const outcomes = new Map<string, BuiltTool | { error: unknown }>();
    /** Stores still to finish per tool: a tool is done when its last one is. */
    const storing = new Map<string, number>();
    await runLimited([...level], deps.parallelism, async (id) => {
      const tool = plan.tools.get(id) as PlannedTool;
      const upstreamFailure = Object.values(tool.inputs)
        .flat()
        .find((ref) => failed.has(ref.tool));
      if (upstreamFailure) {
        failed.set(id, { detail: `Tool "${upstreamFailure.tool}" upstream of this tool failed`, status: 424 });
        return;
      }
      const started = performance.now();
      progress?.started(tool);
      try {
        const built = await buildTool(plan.workflowId, tool, tools, deps, options, stores);
        outcomes.set(id, built);
        const pending = stores.filter((s) => s.tool === tool).length;
        if (pending > 0) storing.set(id, pending);
        else progress?.finished(tool, built.metric);
      } catch (err) {
        outcomes.set(id, { error: err });
        progress?.failed(tool, elapsed(started));
      }
    });
    // Recorded in the level's order, whichever finished first, so metrics keep the plan's order.
    for (const id of level) {
      const outcome = outcomes.get(id);
      if (!outcome) continue;
      if ("error" in outcome) fail(plan.tools.get(id) as PlannedTool, outcome.error);
      else tools.set(id, outcome);
    }
    await runLimited(stores, deps.parallelism, async (item) => {
      const built = tools.get(item.tool.id) as BuiltTool;
      if (failed.has(item.tool.id)) return;
      const started = performance.now();
      try {
        const { frame, rows, computed } = await (runCopies
          ? runCopy(plan.workflowId, item, deps, runCopies)
          : materialize(plan.workflowId, item, deps));
        built.outputs[item.socket] = frame;
        // Another executor computed the same result meanwhile: this run used it from the cache.
        if (!computed) built.metric.cache = "hit";
        if (rows !== undefined) {
          built.metric.sockets = { ...built.metric.sockets, [item.socket]: rows };
          if (item.socket === mainSocket(Object.keys(built.outputs))) built.metric.rows = rows;
        }
      } catch (err) {
        tools.delete(item.tool.id);
        built.metric.duration_ms = round2(built.metric.duration_ms + elapsed(started));
        // Its other sockets' stores, if any, must not report it finished.
        storing.delete(item.tool.id);
        progress?.failed(item.tool, built.metric.duration_ms);
        fail(item.tool, err);
        return;
      }
      built.metric.duration_ms = round2(built.metric.duration_ms + elapsed(started));
      const left = storing.get(item.tool.id);
      if (left === undefined) return;
      storing.set(item.tool.id, left - 1);
      if (left === 1) progress?.finished(item.tool, built.metric);
    });
  }
  return { tools, failed };
}

/** One tool's output frames: from the cache, or built (queuing what must be stored). */
async function buildTool(
  workflowId: string,
  tool: PlannedTool,
  built: ReadonlyMap<string, BuiltTool>,
  deps: BuildDeps,
  options: BuildOptions,
  stores: PendingStore[],
): Promise<BuiltTool> {
  const started = performance.now();
  const sockets = socketsToProvide(tool, options);
  const metric: ToolMetric = { tool_id: tool.id, status: "success", duration_ms: 0, cache: "off", hash: tool.hash };
  const fresh = options.fresh?.(tool) ?? false;
  const cached = tool.blocking && deps.cacheEnabled && !fresh ? lookupAll(workflowId, tool, sockets, deps) : undefined;
  if (cached) {
    metric.cache = "hit";
    metric.duration_ms = elapsed(started);
    return { outputs: cached, metric };
  }
  const inputs = Object.fromEntries(
    Object.entries(tool.inputs).map(([socket, refs]) => [
      socket,
      refs.map((ref) => (built.get(ref.tool) as BuiltTool).outputs[ref.socket] as Frame),
    ]),
  );
  const def = deps.tools[tool.type] as ToolDef<unknown>;
  const ctx = { ...deps.contextFor(tool.id), sourceRows: options.sourceRows?.(tool) ?? "all" };
  let read = false;
  const outputs = await asToolAsync(tool.id, () => {
    const loading = def.load?.(tool.config, ctx);
    read = loading !== undefined;
    return loading ?? def.build(inputs, tool.config, ctx);
  });
  // A source read whole into memory (a database's rows) is counted as it is read, for nothing.
  if (read && ctx.sourceRows === "all") {
    metric.sockets = socketRows(outputs);
    const rows = metric.sockets[mainSocket(Object.keys(outputs)) ?? ""];
    if (rows !== undefined) metric.rows = rows;
  }
  const kept = deps.cacheEnabled || options.runCopies !== undefined;
  if (tool.blocking && kept && options.store(tool) && ctx.sourceRows === "all") {
    if (deps.cacheEnabled) metric.cache = "miss";
    for (const socket of sockets) {
      const frame = outputs[socket];
      if (frame) stores.push({ tool, socket, frame, key: entryKey(tool, socket), fresh });
    }
  }
  metric.duration_ms = elapsed(started);
  return { outputs, metric };
}

/** The sockets a tool must provide: those planned tools read, and those asked for. */
function socketsToProvide(tool: PlannedTool, options: BuildOptions): string[] {
  return [...new Set([...Object.keys(tool.consumers), ...options.wanted(tool)])];
}

/** The cache key of one output socket of a tool. */
export function entryKey(tool: PlannedTool, socket: string): string {
  return sha256Hex(`${tool.hash}:${socket}`);
}

function lookupAll(workflowId: string, tool: PlannedTool, sockets: string[], deps: BuildDeps): ToolOutputs | undefined {
  if (sockets.length === 0) return undefined;
  const outputs: ToolOutputs = {};
  for (const socket of sockets) {
    const path = deps.cache.lookup(workflowId, entryKey(tool, socket));
    const frame = path === undefined ? undefined : deps.cache.read(path);
    if (!frame) return undefined;
    outputs[socket] = frame;
  }
  return outputs;
}

async function materialize(
  workflowId: string,
  item: PendingStore,
  deps: BuildDeps,
): Promise<{ frame: Frame; rows?: number; computed: boolean }> {
  const claimKey = `${workflowId}/${item.key}`;
  // A fresh result replaces the entry; once another executor has just stored it, that one is fresh too.
  let mayReuse = !item.fresh;
  for (;;) {
    const hit = mayReuse ? deps.cache.lookup(workflowId, item.key) : undefined;
    const frame = hit === undefined ? undefined : deps.cache.read(hit);
    if (frame) return { frame, computed: false };
    mayReuse = true;
    if ((await deps.claim(claimKey)) !== "go") continue;
    try {
      const stored = await deps.cache.store(workflowId, item.key, item.frame).catch((err: unknown) => {
        throw toolFailure(item.tool.id, err);
      });
      return { frame: deps.cache.frameOf(stored), rows: stored.rows, computed: true };
    } finally {
      deps.release(claimKey);
    }
  }
}

/** A result computed into a file of this run only (the cache is off). */
async function runCopy(
  workflowId: string,
  item: PendingStore,
  deps: BuildDeps,
  paths: string[],
): Promise<{ frame: Frame; rows: number; computed: true }> {
  const copy = await deps.cache.storeForRun(workflowId, item.key, item.frame).catch((err: unknown) => {
    throw toolFailure(item.tool.id, err);
  });
  paths.push(copy.path);
  return { frame: deps.cache.frameOf(copy), rows: copy.rows, computed: true };
}

function elapsed(started: number): number {
  return round2(performance.now() - started);
}

/** Milliseconds to 2 decimals (a sum of rounded times is not rounded: 270.95000000000005). */
function round2(ms: number): number {
  return Math.round(ms * 100) / 100;
}

export type { CacheUse };
