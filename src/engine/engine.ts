import { acceptedFunctions, refreshAcceptedFunctions } from "../expr";
import { ValidationError } from "../shared/errors";
import { resolveUserPath } from "../shared/file-access";
import { POLARS_VERSION } from "../shared/version";
import { TOOLS } from "../tools/registry";
import { schemaOf } from "../tools/schema-of";
import type { ToolContext, ToolDef } from "../tools/types";
import { type BuildOptions, type Built, buildFrames } from "./build-frames";
import { ToolCache } from "./cache/tool-cache";
import { columnsOf } from "./columns";
import { type InspectResult, inspectSource, previewSource, RowCounts, type SourcePreviewResult } from "./datasource";
import type {
  EngineSettings,
  ExecuteResult,
  FunctionsResult,
  JobRequest,
  JobResults,
  MetadataResult,
  PreviewAllResult,
  ProfileResult,
  RunMetrics,
  SchemaResult,
  SocketPreviews,
  ToolPreviewResult,
} from "./job";
import { buildPlan, type Plan, type PlannedTool } from "./plan";
import { previewFrame } from "./preview";
import { profileFrame } from "./profile";
import { asTool } from "./tool-failure";
import type { Workflow } from "./workflow";

export interface EngineDeps {
  settings: EngineSettings;
  claim(key: string): Promise<"go" | "done">;
  release(key: string): void;
}

/** The engine as an executor process runs it: one job at a time, against one cache. */
export interface Engine {
  run<K extends JobRequest["kind"]>(job: Extract<JobRequest, { kind: K }>): Promise<JobResults[K]>;
}

export function createEngine({ settings, claim, release }: EngineDeps): Engine {
  const cache = new ToolCache({
    root: `${settings.dataDir}/cache`,
    enabled: settings.cache.enabled,
    quotaBytes: settings.cache.quotaBytes,
    retentionDays: settings.cache.retentionDays,
  });
  const tools = TOOLS as Readonly<Record<string, ToolDef<unknown>>>;
  const rowCounts = new RowCounts();
  const contextFor = (toolId: string): ToolContext => ({
    toolId,
    limits: settings.limits,
    schemaOf,
    resolvePath: (path, access) => resolveUserPath(settings.fileAccess, path, access),
  });
  const buildDeps = {
    tools,
    cache,
    cacheEnabled: settings.cache.enabled,
    parallelism: settings.executionMode === "sequential" ? 1 : settings.maxParallelTools,
    contextFor,
    claim,
    release,
  };

  function plan(workflow: Workflow, targets?: string[]): Plan {
    return buildPlan(workflow, tools, {
      targets,
      fingerprint: (node, config) => tools[node.type]?.sourceFingerprint?.(config, contextFor(node.id)),
    });
  }

  const build = (p: Plan, options: BuildOptions) => buildFrames(p, buildDeps, options);
  const clamp = (limit: number) => Math.max(0, Math.min(limit, settings.maxPreviewRows));

  function previews(built: Built, tool: PlannedTool, limit: number): SocketPreviews {
    const outputs = built.tools.get(tool.id)?.outputs ?? {};
    const result: SocketPreviews = {};
    for (const socket of tools[tool.type]?.outputs ?? []) {
      const frame = outputs[socket];
      if (frame) result[socket] = asTool(tool.id, () => previewFrame(frame, limit));
    }
    return result;
  }

  function metricsOf(built: Built, started: number): RunMetrics {
    return {
      duration_ms: Math.round(performance.now() - started),
      tools: [...built.tools.values()].map((t) => t.metric),
    };
  }

  const allSockets = (tool: PlannedTool) => tools[tool.type]?.outputs ?? [];

  const jobs: { [K in JobRequest["kind"]]: (job: Extract<JobRequest, { kind: K }>) => Promise<JobResults[K]> } = {
    async tool_preview(job): Promise<ToolPreviewResult> {
      const started = performance.now();
      const p = plan(job.workflow, [job.toolId]);
      const built = await build(p, { store: () => true, wanted: (t) => (t.id === job.toolId ? allSockets(t) : []) });
      const target = p.tools.get(job.toolId) as PlannedTool;
      return {
        tool_id: job.toolId,
        outputs: previews(built, target, clamp(job.previewLimit)),
        metrics: metricsOf(built, started),
      };
    },

    async preview_all(job): Promise<PreviewAllResult> {
      const p = plan(job.workflow);
      const built = await build(p, { store: () => true, wanted: allSockets, tolerateErrors: true });
      const result: PreviewAllResult = {};
      for (const id of p.order) {
        const failure = built.failed.get(id);
        if (failure) {
          result[id] = { outputs: {}, error: failure };
          continue;
        }
        try {
          result[id] = { outputs: previews(built, p.tools.get(id) as PlannedTool, clamp(job.previewLimit)) };
        } catch (err) {
          const status = err instanceof Error && "status" in err ? Number(err.status) : 500;
          result[id] = { outputs: {}, error: { detail: err instanceof Error ? err.message : String(err), status } };
        }
      }
      return result;
    },

    async schema(job): Promise<SchemaResult> {
      const p = plan(job.workflow, [job.toolId]);
      const built = await build(p, { store: () => false, wanted: (t) => (t.id === job.toolId ? allSockets(t) : []) });
      const outputs = built.tools.get(job.toolId)?.outputs ?? {};
      const sockets = Object.fromEntries(
        Object.entries(outputs).map(([socket, frame]) => [socket, asTool(job.toolId, () => columnsOf(frame))]),
      );
      const socketId = job.socketId ?? Object.keys(sockets)[0] ?? "output";
      if (!(socketId in sockets)) throw new ValidationError(`Tool "${job.toolId}" has no output socket "${socketId}"`);
      return { tool_id: job.toolId, socket_id: socketId, columns: sockets[socketId] ?? [], sockets };
    },

    async metadata(job): Promise<MetadataResult> {
      const p = plan(job.workflow, [job.toolId]);
      const target = p.tools.get(job.toolId) as PlannedTool;
      const inputSockets = Object.keys(target.inputs);
      const socketId = job.socketId ?? inputSockets[0] ?? allSockets(target)[0] ?? "output";
      const ref = target.inputs[socketId]?.[0];
      const built = await build(p, {
        store: () => false,
        wanted: (t) => (t.id === job.toolId && !ref ? [socketId] : []),
      });
      const frame = ref
        ? built.tools.get(ref.tool)?.outputs[ref.socket]
        : built.tools.get(job.toolId)?.outputs[socketId];
      if (!frame) throw new ValidationError(`Tool "${job.toolId}" has no socket "${socketId}" with data`);
      return { columns: asTool(job.toolId, () => columnsOf(frame)).map((c) => c.name), functions: acceptedFunctions() };
    },

    async profile(job): Promise<ProfileResult> {
      const p = plan(job.workflow, [job.toolId]);
      // Built as a preview is (blocking results stored for the next preview); never written.
      const built = await build(p, { store: () => true, wanted: (t) => (t.id === job.toolId ? allSockets(t) : []) });
      const sockets = allSockets(p.tools.get(job.toolId) as PlannedTool);
      const socketId = job.socketId ?? sockets[0] ?? "output";
      const frame = built.tools.get(job.toolId)?.outputs[socketId];
      if (!frame)
        throw new ValidationError(
          `Tool "${job.toolId}" has no output socket "${socketId}" (sockets: ${sockets.join(", ")})`,
        );
      const { columns, metrics, topValues } = job;
      const profile = asTool(job.toolId, () => profileFrame(frame, { columns, metrics, topValues }));
      return { tool_id: job.toolId, socket_id: socketId, ...profile };
    },

    async functions(job): Promise<FunctionsResult> {
      if (job.refresh) refreshAcceptedFunctions();
      return { polars_version: POLARS_VERSION, ...acceptedFunctions() };
    },

    async source_inspect(job): Promise<InspectResult> {
      const path = resolveUserPath(settings.fileAccess, job.source, "read");
      return inspectSource({ path, sourceType: job.sourceType, options: job.options }, rowCounts);
    },

    async source_preview(job): Promise<SourcePreviewResult> {
      const path = resolveUserPath(settings.fileAccess, job.source, "read");
      const { sourceType, options, offset, columns } = job;
      return previewSource({ path, sourceType, options, offset, columns, maxRows: clamp(job.maxRows) }, rowCounts);
    },

    async execute(job): Promise<ExecuteResult> {
      const started = performance.now();
      if (job.forceRefresh) cache.clearWorkflow(job.workflow.meta.workflow_id);
      const p = plan(job.workflow, job.targetToolId ? [job.targetToolId] : undefined);
      const shown = job.targetToolId
        ? [job.targetToolId]
        : p.order.filter((id) => Object.keys(p.tools.get(id)?.consumers ?? {}).length === 0);
      const keep = storedInFullRun(p, new Set(shown));
      const built = await build(p, {
        store: (t) => keep.has(t.id),
        wanted: (t) => (shown.includes(t.id) ? allSockets(t) : []),
      });
      const written: ExecuteResult["written"] = [];
      for (const id of p.order) {
        const tool = p.tools.get(id) as PlannedTool;
        const def = tools[tool.type];
        const frame = built.tools.get(id)?.outputs.output;
        if (!def?.write || !frame) continue;
        const writeStarted = performance.now();
        const result = asTool(id, () =>
          (def.write as NonNullable<typeof def.write>)(frame, tool.config, contextFor(id)),
        );
        const metric = built.tools.get(id)?.metric;
        if (metric) {
          metric.rows = result.rows;
          metric.duration_ms += Math.round(performance.now() - writeStarted);
        }
        written.push({ tool_id: id, path: result.path, rows: result.rows });
      }
      const outputs: ExecuteResult["outputs"] = {};
      const limit = clamp(job.previewLimit);
      for (const id of shown) outputs[id] = previews(built, p.tools.get(id) as PlannedTool, limit);
      return { status: "success", workflow_id: p.workflowId, outputs, metrics: metricsOf(built, started), written };
    },
  };

  return {
    run(job) {
      const handler = jobs[job.kind] as (j: typeof job) => Promise<JobResults[typeof job.kind]>;
      return handler(job) as never;
    },
  };
}

/**
 * Which blocking tools a full run keeps in the cache. Storing a result costs a full write and
 * loses projection pushdown upstream (measured: materializing a 5M-row join doubled the
 * run), so a full run streams straight through and keeps only the last blocking result
 * before each Output or shown tool (written at full width anyway, and what a re-run with
 * changed outputs needs) and any result read by several tools (computed once instead of
 * twice). Previews keep every blocking result, since the analyst edits downstream next.
 */
export function storedInFullRun(plan: Plan, shown: Set<string>): Set<string> {
  const keep = new Set<string>();
  for (const tool of plan.tools.values()) {
    if (!tool.blocking) continue;
    const readers = Object.values(tool.consumers).flat();
    if (readers.length > 1 || shown.has(tool.id)) {
      keep.add(tool.id);
      continue;
    }
    // Follow non-blocking tools downstream; reaching an Output or a shown tool keeps it.
    const pending = [...readers];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const id = pending.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const next = plan.tools.get(id) as PlannedTool;
      if (next.blocking) continue;
      if (next.type === "output" || shown.has(id)) {
        keep.add(tool.id);
        break;
      }
      pending.push(...Object.values(next.consumers).flat());
    }
  }
  return keep;
}
