import { WeftError } from "../shared/errors";
import { sha256Hex } from "../shared/hash";
import type { Frame, ToolContext, ToolDef, ToolOutputs } from "../tools/types";
import type { ToolCache } from "./cache/tool-cache";
import type { CacheUse, ToolMetric } from "./job";
import type { Plan, PlannedTool } from "./plan";
import { runLimited } from "./run-limited";
import { asTool, toolFailure } from "./tool-failure";

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
  /** Output sockets wanted beyond those that planned tools read (previews, schemas). */
  wanted(tool: PlannedTool): readonly string[];
  /** Keep going past a failing tool (preview_all); otherwise the first failure throws. */
  tolerateErrors?: boolean;
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
}

/**
 * Builds every planned tool's output frames, level by level (server.md rules 3-4). Most
 * tools only extend the lazy plan. A blocking tool is served from the cache when every
 * socket it must provide is there (`hit`); otherwise it is built, and when `store` says so
 * its results are computed and written to the cache, the tools of one level together (at
 * most `parallelism` at once), each read back lazily for the tools downstream.
 */
export async function buildFrames(plan: Plan, deps: BuildDeps, options: BuildOptions): Promise<Built> {
  const tools = new Map<string, BuiltTool>();
  const failed = new Map<string, FailedTool>();
  const fail = (tool: PlannedTool, err: unknown) => {
    const error = toolFailure(tool.id, err);
    if (!options.tolerateErrors || !(error instanceof WeftError)) throw error;
    failed.set(tool.id, { detail: error.message, status: error.status });
  };

  for (const level of plan.levels) {
    const stores: PendingStore[] = [];
    for (const id of level) {
      const tool = plan.tools.get(id) as PlannedTool;
      const started = performance.now();
      const upstreamFailure = Object.values(tool.inputs)
        .flat()
        .find((ref) => failed.has(ref.tool));
      if (upstreamFailure) {
        failed.set(id, { detail: `Tool "${upstreamFailure.tool}" upstream of this tool failed`, status: 424 });
        continue;
      }
      const sockets = socketsToProvide(tool, options);
      const metric: ToolMetric = { tool_id: id, status: "success", duration_ms: 0, cache: "off", hash: tool.hash };
      const cached = tool.blocking && deps.cacheEnabled ? lookupAll(plan, tool, sockets, deps) : undefined;
      if (cached) {
        metric.cache = "hit";
        metric.duration_ms = elapsed(started);
        tools.set(id, { outputs: cached, metric });
        continue;
      }
      try {
        const inputs = Object.fromEntries(
          Object.entries(tool.inputs).map(([socket, refs]) => [
            socket,
            refs.map((ref) => (tools.get(ref.tool) as BuiltTool).outputs[ref.socket] as Frame),
          ]),
        );
        const def = deps.tools[tool.type] as ToolDef<unknown>;
        const outputs = asTool(id, () => def.build(inputs, tool.config, deps.contextFor(id)));
        if (tool.blocking && deps.cacheEnabled && options.store(tool)) {
          metric.cache = "miss";
          for (const socket of sockets) {
            const frame = outputs[socket];
            if (frame) stores.push({ tool, socket, frame, key: entryKey(tool, socket) });
          }
        }
        metric.duration_ms = elapsed(started);
        tools.set(id, { outputs, metric });
      } catch (err) {
        fail(tool, err);
      }
    }
    await runLimited(stores, deps.parallelism, async (item) => {
      const built = tools.get(item.tool.id) as BuiltTool;
      if (failed.has(item.tool.id)) return;
      const started = performance.now();
      try {
        const { frame, rows, computed } = await materialize(plan.workflowId, item, deps);
        built.outputs[item.socket] = frame;
        // Another executor computed the same result meanwhile: this run used it from the cache.
        if (!computed) built.metric.cache = "hit";
        if (rows !== undefined && (item.socket === "output" || built.metric.rows === undefined))
          built.metric.rows = rows;
      } catch (err) {
        tools.delete(item.tool.id);
        fail(item.tool, err);
      }
      built.metric.duration_ms += elapsed(started);
    });
  }
  return { tools, failed };
}

/** The sockets a tool must provide: those planned tools read, and those asked for. */
function socketsToProvide(tool: PlannedTool, options: BuildOptions): string[] {
  return [...new Set([...Object.keys(tool.consumers), ...options.wanted(tool)])];
}

/** The cache key of one output socket of a tool. */
export function entryKey(tool: PlannedTool, socket: string): string {
  return sha256Hex(`${tool.hash}:${socket}`);
}

function lookupAll(plan: Plan, tool: PlannedTool, sockets: string[], deps: BuildDeps): ToolOutputs | undefined {
  if (sockets.length === 0) return undefined;
  const outputs: ToolOutputs = {};
  for (const socket of sockets) {
    const path = deps.cache.lookup(plan.workflowId, entryKey(tool, socket));
    if (!path) return undefined;
    outputs[socket] = deps.cache.scan(path);
  }
  return outputs;
}

async function materialize(
  workflowId: string,
  item: PendingStore,
  deps: BuildDeps,
): Promise<{ frame: Frame; rows?: number; computed: boolean }> {
  const claimKey = `${workflowId}/${item.key}`;
  for (;;) {
    const hit = deps.cache.lookup(workflowId, item.key);
    if (hit) return { frame: deps.cache.scan(hit), computed: false };
    if ((await deps.claim(claimKey)) !== "go") continue;
    try {
      const stored = await deps.cache.store(workflowId, item.key, item.frame).catch((err: unknown) => {
        throw toolFailure(item.tool.id, err);
      });
      return { frame: deps.cache.scan(stored.path), rows: stored.rows, computed: true };
    } finally {
      deps.release(claimKey);
    }
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}

export type { CacheUse };
