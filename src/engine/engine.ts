import { existsSync } from "node:fs";
import { acceptedFunctions, refreshAcceptedFunctions } from "../expr";
import type { DatabaseRequest } from "../formats/db/read-database";
import { sqlitePath } from "../formats/db/sqlite";
import { setSpreadsheetLimits } from "../formats/spreadsheet-limits";
import { NotFoundError, ValidationError, WeftError } from "../shared/errors";
import { type FileAccessPolicy, locateUserPath } from "../shared/file-access";
import { type OpenedPath, openWithinRoots, renamed, withOpened } from "../shared/open-within-roots";
import { POLARS_VERSION } from "../shared/version";
import type { MemoryMode, Workflow } from "../shared/workflow";
import { readerUri } from "../tools/input/database";
import { TOOLS } from "../tools/registry";
import { schemaOf } from "../tools/schema-of";
import type { ToolConnection, ToolContext, ToolDef } from "../tools/types";
import { type BuildOptions, type Built, buildFrames } from "./build-frames";
import { ToolCache } from "./cache/tool-cache";
import { columnsOf } from "./columns";
import {
  type InspectResult,
  inspectSource,
  previewSource,
  RowCounts,
  type SourcePreviewResult,
  type Validations,
} from "./datasource";
import { inspectDatabase, previewDatabase } from "./datasource-database";
import { reviveError } from "./executor/protocol";
import { FileFacts } from "./file-facts";
import { freshInFullRun, storedInFullRun, storedOnce } from "./full-run";
import type {
  DatabaseSource,
  EngineSettings,
  ExecuteResult,
  FunctionsResult,
  JobConnection,
  JobRequest,
  JobResults,
  MetadataResult,
  PreviewAllResult,
  ProfileResult,
  RunEvent,
  RunMetrics,
  SchemaResult,
  SocketPreviews,
  ToolPreviewResult,
} from "./job";
import { memoryModeOf } from "./memory-mode";
import { buildPlan, type Plan, type PlannedTool, type PlanOptions } from "./plan";
import { previewFrame } from "./preview";
import { profileFrame } from "./profile";
import { CountedSockets, countSocketRows } from "./row-counts";
import { type RunProgress, runProgress } from "./run-progress";
import { removeSpillDir, removeStaleSpillDirs, spillDirMaker } from "./spill-dirs";
import { asTool } from "./tool-failure";

export interface EngineDeps {
  settings: EngineSettings;
  claim(key: string): Promise<"go" | "done">;
  release(key: string): void;
}

/** The engine as an executor process runs it: one job at a time, against one cache. */
export interface Engine {
  /**
   * Runs a job; `signal` aborts at its time limit (database queries are cancelled).
   * `onEvent` hears a full run's progress (the execute job only).
   */
  run<K extends JobRequest["kind"]>(
    job: Extract<JobRequest, { kind: K }>,
    signal?: AbortSignal,
    onEvent?: (event: RunEvent) => void,
  ): Promise<JobResults[K]>;
}

/** What one job gives every tool it builds: its connections and its time limit; and who hears its progress. */
interface JobScope {
  connections: Record<string, JobConnection>;
  /** The files this job may open: its own policy (hub mode: the request's grants) or the Server's. */
  fileAccess: FileAccessPolicy;
  /** Files and folders the job's tools opened (ToolContext.openPath): closed when it ends. */
  opened: OpenedPath[];
  signal: AbortSignal;
  onEvent?: (event: RunEvent) => void;
  /** The job's memory mode (memory-mode.ts), handed to every tool it builds. */
  memory: MemoryMode;
  /** Spill folders the job's tools made (ToolContext.spillDir): removed when it ends. */
  spills: string[];
}

export function createEngine({ settings, claim, release }: EngineDeps): Engine {
  setSpreadsheetLimits(settings.limits);
  removeStaleSpillDirs(settings.dataDir);
  const bounds = settings.previewBounds;
  const cache = new ToolCache({
    root: `${settings.dataDir}/cache`,
    enabled: settings.cache.enabled,
    quotaBytes: settings.cache.quotaBytes,
    retentionDays: settings.cache.retentionDays,
  });
  const tools = TOOLS as Readonly<Record<string, ToolDef<unknown>>>;
  const rowCounts = new RowCounts();
  const countedSockets = new CountedSockets();
  const validations: Validations = new FileFacts();
  const locatorOf =
    (scope: JobScope): ToolContext["locatePath"] =>
    (path, access) =>
      locateUserPath(scope.fileAccess, path, access);
  const contextFor = (toolId: string, scope: JobScope): ToolContext => ({
    toolId,
    limits: settings.limits,
    schemaOf,
    resolvePath: (path, access) => locatorOf(scope)(path, access).path,
    locatePath: locatorOf(scope),
    openPath: (path, access) => {
      const opened = openWithinRoots(scope.fileAccess, path, access);
      scope.opened.push(opened);
      return opened;
    },
    sourceRows: "all",
    connection: () => connectionOf(scope.connections, toolId),
    signal: scope.signal,
    memory: scope.memory,
    spillDir: scope.memory === "bounded" ? spillDirMaker(settings.dataDir, scope.spills) : undefined,
  });
  const parallelism = settings.executionMode === "sequential" ? 1 : settings.maxParallelTools;

  function plan(workflow: Workflow, scope: JobScope, targets?: string[], unplanned?: PlanOptions["unplanned"]): Plan {
    return buildPlan(workflow, tools, {
      targets,
      unplanned,
      maxPaths: settings.limits.maxPlanPaths,
      fingerprint: (node, config) => tools[node.type]?.sourceFingerprint?.(config, contextFor(node.id, scope)),
    });
  }

  const build = (p: Plan, scope: JobScope, options: BuildOptions) =>
    buildFrames(
      p,
      {
        tools,
        cache,
        cacheEnabled: settings.cache.enabled,
        // A bounded run computes one blocking result at a time: two sorts of one level would
        // otherwise hold their rows at once.
        parallelism: scope.memory === "bounded" ? 1 : parallelism,
        contextFor: (id) => contextFor(id, scope),
        claim,
        release,
      },
      options,
    );
  /** A data-source route's database read: a SQLite file obeys the file-access rules, as the Input tool's does. */
  function databaseRequest(type: string | undefined, source: DatabaseSource, scope: JobScope): DatabaseRequest {
    const { signal } = scope;
    const uri = readerUri(String(type), source.uri, locatorOf(scope));
    if (type === "sqlite") {
      const path = sqlitePath(uri);
      existingFile(path, path);
    }
    return { type: type as DatabaseRequest["type"], uri, table: source.table, query: source.query, signal };
  }
  const clamp = (limit: number) => Math.max(0, Math.min(limit, settings.maxPreviewRows));

  /** Previews of the tool's output sockets (`sockets`, every one by default) that have frames. */
  function previews(built: Built, tool: PlannedTool, limit: number, sockets = allSockets(tool)): SocketPreviews {
    const outputs = built.tools.get(tool.id)?.outputs ?? {};
    const result: SocketPreviews = {};
    for (const socket of sockets) {
      const frame = outputs[socket];
      if (frame) result[socket] = asTool(tool.id, () => previewFrame(frame, limit, bounds));
    }
    return result;
  }

  /** Every Output's file, in plan order (full runs only); each write is reported as it goes. */
  function writeOutputs(p: Plan, built: Built, scope: JobScope, progress: RunProgress): ExecuteResult["written"] {
    const written: ExecuteResult["written"] = [];
    for (const id of p.order) {
      const tool = p.tools.get(id) as PlannedTool;
      const def = tools[tool.type];
      const metric = built.tools.get(id)?.metric;
      const frame = built.tools.get(id)?.outputs.output;
      if (!def?.write || !metric) continue;
      if (!frame) {
        progress.ended(metric);
        continue;
      }
      const writeStarted = performance.now();
      const timeSoFar = () => Math.round((metric.duration_ms + performance.now() - writeStarted) * 100) / 100;
      progress.writing(id);
      let result: { path: string; rows: number };
      try {
        result = asTool(id, () =>
          (def.write as NonNullable<typeof def.write>)(frame, tool.config, contextFor(id, scope)),
        );
      } catch (err) {
        progress.failed(id, timeSoFar());
        throw err;
      }
      metric.rows = result.rows;
      metric.duration_ms = timeSoFar();
      written.push({ tool_id: id, path: result.path, rows: result.rows });
      progress.written({ event: "written", tool_id: id, path: result.path, rows: result.rows }, metric);
    }
    return written;
  }

  function metricsOf(built: Built, started: number): RunMetrics {
    return {
      duration_ms: Math.round(performance.now() - started),
      tools: [...built.tools.values()].map((t) => t.metric),
    };
  }

  const allSockets = (tool: PlannedTool) => tools[tool.type]?.outputs ?? [];

  const isSource = (t: PlannedTool) => (tools[t.type]?.inputs.length ?? 0) === 0;
  /** A source read only for its own preview reads the preview's rows (and one more, for `has_more`). */
  const previewRows = (limit: number) => (t: PlannedTool) =>
    isSource(t) && Object.keys(t.consumers).length === 0 ? clamp(limit) + 1 : ("all" as const);
  /** For a schema, sources read no rows where they can (a database describes its query). */
  const noRows = (t: PlannedTool) => (isSource(t) ? 0 : ("all" as const));
  const jobs: {
    [K in JobRequest["kind"]]: (job: Extract<JobRequest, { kind: K }>, scope: JobScope) => Promise<JobResults[K]>;
  } = {
    async tool_preview(job, scope): Promise<ToolPreviewResult> {
      const started = performance.now();
      const p = plan(job.workflow, scope, [job.toolId]);
      const target = p.tools.get(job.toolId) as PlannedTool;
      // One socket when asked: each previewed socket is a query of its own (a Filter's
      // dropped rows cost as much as its kept ones).
      const sockets = job.socketId === undefined ? allSockets(target) : [job.socketId];
      if (job.socketId !== undefined && !allSockets(target).includes(job.socketId))
        throw new ValidationError(
          `Tool "${job.toolId}" has no output socket "${job.socketId}" (sockets: ${allSockets(target).join(", ")})`,
        );
      const built = await build(p, scope, {
        store: () => true,
        wanted: (t) => (t.id === job.toolId ? sockets : []),
        sourceRows: previewRows(job.previewLimit),
      });
      return {
        tool_id: job.toolId,
        outputs: previews(built, target, clamp(job.previewLimit), sockets),
        metrics: metricsOf(built, started),
      };
    },

    async preview_all(job, scope): Promise<PreviewAllResult> {
      // A tool that cannot be planned (just added, not yet wired or configured) fails alone.
      const unplanned = new Map<string, { detail: string; status: number }>();
      const p = plan(job.workflow, scope, undefined, unplanned);
      const built = await build(p, scope, {
        store: () => true,
        wanted: allSockets,
        tolerateErrors: true,
        sourceRows: previewRows(job.previewLimit),
      });
      const result: PreviewAllResult = {};
      for (const [id, error] of unplanned) result[id] = { outputs: {}, error };
      for (const id of p.order) {
        const failure = built.failed.get(id);
        if (failure) {
          result[id] = { outputs: {}, error: failure };
          continue;
        }
        try {
          result[id] = { outputs: previews(built, p.tools.get(id) as PlannedTool, clamp(job.previewLimit)) };
        } catch (err) {
          // A tool whose data Polars refused fails alone, as in the build; a bug fails the request.
          if (!(err instanceof WeftError)) throw err;
          result[id] = { outputs: {}, error: { detail: err.message, status: err.status } };
        }
      }
      return result;
    },

    async schema(job, scope): Promise<SchemaResult> {
      const p = plan(job.workflow, scope, [job.toolId]);
      const built = await build(p, scope, {
        store: () => false,
        wanted: (t) => (t.id === job.toolId ? allSockets(t) : []),
        sourceRows: noRows,
      });
      const outputs = built.tools.get(job.toolId)?.outputs ?? {};
      const sockets = Object.fromEntries(
        Object.entries(outputs).map(([socket, frame]) => [socket, asTool(job.toolId, () => columnsOf(frame))]),
      );
      const socketId = job.socketId ?? Object.keys(sockets)[0] ?? "output";
      if (!(socketId in sockets)) throw new ValidationError(`Tool "${job.toolId}" has no output socket "${socketId}"`);
      return { tool_id: job.toolId, socket_id: socketId, columns: sockets[socketId] ?? [], sockets };
    },

    async metadata(job, scope): Promise<MetadataResult> {
      const p = plan(job.workflow, scope, [job.toolId]);
      const target = p.tools.get(job.toolId) as PlannedTool;
      const inputSockets = Object.keys(target.inputs);
      const socketId = job.socketId ?? inputSockets[0] ?? allSockets(target)[0] ?? "output";
      const ref = target.inputs[socketId]?.[0];
      const built = await build(p, scope, {
        store: () => false,
        wanted: (t) => (t.id === job.toolId && !ref ? [socketId] : []),
        sourceRows: noRows,
      });
      const frame = ref
        ? built.tools.get(ref.tool)?.outputs[ref.socket]
        : built.tools.get(job.toolId)?.outputs[socketId];
      if (!frame) throw new ValidationError(`Tool "${job.toolId}" has no socket "${socketId}" with data`);
      return { columns: asTool(job.toolId, () => columnsOf(frame)).map((c) => c.name), functions: acceptedFunctions() };
    },

    async profile(job, scope): Promise<ProfileResult> {
      const p = plan(job.workflow, scope, [job.toolId]);
      // Built as a preview is (blocking results stored for the next preview); never written.
      const built = await build(p, scope, {
        store: () => true,
        wanted: (t) => (t.id === job.toolId ? allSockets(t) : []),
      });
      const sockets = allSockets(p.tools.get(job.toolId) as PlannedTool);
      const socketId = job.socketId ?? sockets[0] ?? "output";
      const frame = built.tools.get(job.toolId)?.outputs[socketId];
      if (!frame)
        throw new ValidationError(
          `Tool "${job.toolId}" has no output socket "${socketId}" (sockets: ${sockets.join(", ")})`,
        );
      const { columns, metrics, topValues } = job;
      const profile = asTool(job.toolId, () => profileFrame(frame, { columns, metrics, topValues }, bounds));
      return { tool_id: job.toolId, socket_id: socketId, ...profile };
    },

    async functions(job): Promise<FunctionsResult> {
      if (job.refresh) refreshAcceptedFunctions();
      return { polars_version: POLARS_VERSION, ...acceptedFunctions() };
    },

    async source_inspect(job, scope): Promise<InspectResult> {
      if (job.database) return await inspectDatabase(databaseRequest(job.sourceType, job.database, scope));
      return withOpened(scope.fileAccess, job.source, "read", (opened) =>
        inspectSource(
          { path: opened.readPath, name: opened.path, sourceType: job.sourceType, options: job.options },
          rowCounts,
          validations,
        ),
      );
    },

    async source_preview(job, scope): Promise<SourcePreviewResult> {
      const { sourceType, options, offset, columns } = job;
      const maxRows = clamp(job.maxRows);
      if (job.database) {
        const request = databaseRequest(sourceType, job.database, scope);
        return await previewDatabase(request, { offset, maxRows, columns, bounds });
      }
      return withOpened(scope.fileAccess, job.source, "read", ({ readPath, path }) =>
        previewSource({ path: readPath, name: path, sourceType, options, offset, columns, maxRows, bounds }, rowCounts),
      );
    },

    async execute(job, scope): Promise<ExecuteResult> {
      const started = performance.now();
      // The folder stays: this run stores into it (maintenance removes it if left empty).
      if (job.forceRefresh) cache.clearWorkflow(job.workflow.meta.workflow_id, { keepFolder: true });
      const p = plan(job.workflow, scope, job.targetToolId ? [job.targetToolId] : undefined);
      const shown = job.targetToolId
        ? [job.targetToolId]
        : p.order.filter((id) => Object.keys(p.tools.get(id)?.consumers ?? {}).length === 0);
      const writers = new Set(p.order.filter((id) => tools[(p.tools.get(id) as PlannedTool).type]?.write));
      // Each write and each shown socket's preview collects the plan above it.
      const collected = (t: PlannedTool) => [
        ...(writers.has(t.id) ? ["output"] : []),
        ...(shown.includes(t.id) ? allSockets(t) : []),
      ];
      const cached = settings.cache.enabled ? storedInFullRun(p, new Set(shown)) : new Set<string>();
      const keep = storedOnce(p, collected, cached);
      const fresh = freshInFullRun(p, isSource);
      const progress = runProgress(scope.onEvent, writers);
      const runCopies: string[] = [];
      try {
        const built = await build(p, scope, {
          store: (t) => keep.has(t.id),
          runCopies,
          wanted: (t) => (shown.includes(t.id) ? allSockets(t) : []),
          fresh: (t) => fresh.has(t.id),
          progress: progress.build,
        });
        const written = writeOutputs(p, built, scope, progress);
        const counting = job.workflow.meta.row_counts ?? settings.rowCounts ?? "all";
        const keepsRows = (t: PlannedTool) => tools[t.type]?.keepsRows === true;
        const counted = countSocketRows(p, built, {
          writers,
          keepsRows,
          countMore: counting === "all",
          // A forced run recounts, as it recomputes; nothing below a database read is reused.
          remembered: job.forceRefresh || !settings.cache.enabled ? undefined : countedSockets,
          reusable: (t) => !fresh.has(t.id),
        });
        for (const metric of counted) progress.counted(metric);
        const outputs: ExecuteResult["outputs"] = {};
        const limit = clamp(job.previewLimit);
        for (const id of shown) outputs[id] = previews(built, p.tools.get(id) as PlannedTool, limit);
        const metrics = { ...metricsOf(built, started), memory_mode: scope.memory, row_counts: counting };
        return { status: "success", workflow_id: p.workflowId, outputs, metrics, written };
      } finally {
        for (const path of runCopies) cache.removeRunCopy(path);
      }
    },
  };

  return {
    run(job, signal = new AbortController().signal, onEvent) {
      const handler = jobs[job.kind] as (j: typeof job, scope: JobScope) => Promise<JobResults[typeof job.kind]>;
      const connections = "connections" in job ? (job.connections ?? {}) : {};
      const opened: OpenedPath[] = [];
      const spills: string[] = [];
      const closeAll = () => {
        for (const o of opened.splice(0)) o.close();
        for (const dir of spills.splice(0)) removeSpillDir(dir);
      };
      // A Server in hub mode sends each job with its request's roots (the Hub's grants).
      const fileAccess = job.fileAccess ?? settings.fileAccess;
      const memory = memoryModeOf(job, settings);
      return handler(job, { connections, opened, signal, onEvent, fileAccess, memory, spills })
        .catch((err: unknown) => {
          // Readers name what they were given: a tool's opened file as /proc/self/fd/N.
          for (const o of opened) renamed(err, o);
          throw err;
        })
        .finally(closeAll) as never;
    },
  };
}

/** A path that must exist to be read (404 when it does not: decisions.md). */
function existingFile(path: string, given: string): string {
  if (!existsSync(path)) throw new NotFoundError(`File not found: ${given}`);
  return path;
}

/** A tool's connection for this job; throws why it has none. */
function connectionOf(connections: Record<string, JobConnection>, toolId: string): ToolConnection {
  const connection = connections[toolId];
  if (!connection) throw new ValidationError(`Tool "${toolId}": no database connection was resolved for it`);
  if ("error" in connection) throw reviveError(connection.error);
  return connection;
}
