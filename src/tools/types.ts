import type { DataType, LazyDataFrame } from "nodejs-polars";
import type { z } from "zod";
import type { SpreadsheetLimits } from "../formats/spreadsheet-limits";
import type { LocatedPath } from "../shared/file-access";
import type { OpenedPath } from "../shared/open-within-roots";
import type { MemoryMode } from "../shared/workflow";
import type { ToolMeta } from "./tool-meta";

export { type InputSocket, TOOL_TYPES, type ToolType } from "./tool-meta";

export type Frame = LazyDataFrame;
/** A frame's column names and types, in order. */
export type FrameSchema = Record<string, DataType>;

/** Safety limits (docs/server-api.md rule 8, decisions.md defaults), from the Server's settings. */
export interface ToolLimits extends SpreadsheetLimits {
  maxPivotColumns: number;
  maxCrossJoinRows: number;
  maxUnpivotCells: number;
  maxExprStringRepeat: number;
  maxExprPowerExponent: number;
  maxExprFormatLength: number;
  maxExprStringLength: number;
  /** MAX_PLAN_PATHS: most paths from source tools to one tool (the plan refuses more). */
  maxPlanPaths: number;
}

/** What a tool may use while it builds its plan. Everything is passed in; nothing is global. */
export interface ToolContext {
  /** The id of the tool being built: every ToolError names it. */
  toolId: string;
  limits: ToolLimits;
  /** The schema of a frame from its lazy plan (no data is read where the format allows). */
  schemaOf(frame: Frame): FrameSchema;
  /**
   * Resolves a path a tool reads or writes against the file-access rules (restricted roots,
   * read-only roots); throws ForbiddenError / NotFoundError.
   */
  resolvePath(path: string, access: "read" | "write"): string;
  /** `resolvePath`, also telling whether the root granting the path is read-only. */
  locatePath(path: string, access: "read" | "write"): LocatedPath;
  /**
   * Opens a path as `openWithinRoots` does, held open until the job ends: read it through
   * `readPath` only, so a name swapped meanwhile cannot send the read outside the roots.
   */
  openPath(path: string, access: "read" | "write"): OpenedPath;
  /**
   * How many rows a source tool must read: every row, the first n (only the tool's own
   * preview is wanted), or 0 (only its columns, for a schema).
   */
  sourceRows: number | "all";
  /**
   * A database Input's connection, resolved by the Server for this run (the credentials never
   * travel in the config). Throws the resolution's error (unknown id, no key...) for this tool.
   */
  connection(): ToolConnection;
  /** Aborted when the run passes its time limit: a tool waiting on I/O (a query) stops. */
  signal: AbortSignal;
  /**
   * The run's memory mode (engine/memory-mode.ts): in `bounded` a writer must stream, and an
   * Output whose format holds the frame whole refuses. Absent: `default`.
   */
  memory?: MemoryMode;
  /**
   * Bounded runs only: a fresh folder under the data directory, removed when the job ends,
   * for a reader to copy its file into parts (formats/csv/split.ts).
   */
  spillDir?(): string;
}

/** A database connection ready for one run. */
export interface ToolConnection {
  /** The driver URI, credentials included: for the reader only. */
  uri: string;
  /** What names the connection without its secrets, for the lineage hash. */
  identity: string;
}

/** The frames wired into each input socket, in wire order. */
export type ToolInputs = Record<string, Frame[]>;
/** The frame of each output socket. */
export type ToolOutputs = Record<string, Frame>;

/** What a full run did at an Output tool. */
export interface WriteResult {
  path: string;
  rows: number;
}

/**
 * How the engine runs one tool type, added to its description (`<tool>/meta.ts`). `build`
 * turns the input frames into lazy output frames and validates the config against the input
 * schemas (unknown column → ToolConfigError naming it); it reads no data unless the tool
 * cannot be lazy.
 */
export interface ToolBuilder<C> {
  /** When blocking depends on the config (a database read is blocking, a file read is not). */
  blockingFor?(config: C): boolean;
  /**
   * Its one output socket, `output`, holds exactly its inputs' rows whatever the config: one
   * input's, each row once (in any order, with any columns), or several stacked (a Union).
   * A run's row counts pass through such a tool instead of being counted again.
   */
  keepsRows?: true;
  build(inputs: ToolInputs, config: C, ctx: ToolContext): ToolOutputs;
  /**
   * A source whose read is asynchronous I/O (a database query): when this answers a promise
   * the engine awaits it instead of calling `build`; undefined means `build` does the work.
   */
  load?(config: C, ctx: ToolContext): Promise<ToolOutputs> | undefined;
  /**
   * The identity of what the tool reads from outside the workflow (a file's size and
   * modification time), folded into its lineage hash so a changed file is not served stale.
   */
  sourceFingerprint?(config: C, ctx: ToolContext): string | undefined;
  /** Output tools only: writes the frame (full runs only), atomically, obeying the config. */
  write?(frame: Frame, config: C, ctx: ToolContext): WriteResult;
}

/** One tool type as the engine holds it: its description and its builder in one object. */
export interface ToolDef<C = unknown> extends Omit<ToolMeta, "config">, ToolBuilder<C> {
  config: z.ZodType<C>;
}

/** A tool's description with its builder; the config type is inferred from the meta's schema. */
export function defineTool<S extends z.ZodType>(
  meta: ToolMeta<S>,
  builder: ToolBuilder<z.output<S>>,
): ToolDef<z.output<S>> {
  // The schema S parses to z.output<S>; TypeScript does not see that of a generic S.
  return { ...meta, ...builder } as ToolDef<z.output<S>>;
}
