import type { z } from "zod";

/**
 * What a tool is, without how it runs: the facts the engine, code generation, the Server's
 * schema route and the designer all read. Nothing here (nor in any `<tool>/meta.ts`) may load
 * Polars: the Server process and the web app import these, and only the engine's executor
 * processes load Polars (catalog.test.ts walks the imports to keep it so).
 */

/** The 13 tool types (decisions.md), in the order the palette shows them within a group. */
export const TOOL_TYPES = [
  "input",
  "output",
  "filter",
  "select",
  "sort",
  "formula",
  "join",
  "union",
  "summarize",
  "calculate",
  "pivot",
  "unpivot",
  "sample",
] as const;
export type ToolType = (typeof TOOL_TYPES)[number];

/** The palette's groups, in the order it shows them. */
export const TOOL_GROUPS = ["In/Out", "Preparation", "Join", "Transform"] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

/** An input socket: `multiple` sockets take many wires, in wire order. */
export interface InputSocket {
  id: string;
  required: boolean;
  multiple: boolean;
}

/**
 * One tool type's description. `S` is its config schema, so builders infer the config type;
 * `T` its type, so the catalog can check each entry sits under its own type.
 */
export interface ToolMeta<S extends z.ZodType = z.ZodType, T extends ToolType = ToolType> {
  type: T;
  /** Its name in the palette, on the canvas and in generated scripts' comments. */
  label: string;
  group: ToolGroup;
  /** The palette's one line about it. */
  description: string;
  /** A short glyph drawn in the tool's icon. */
  glyph: string;
  config: S;
  inputs: readonly InputSocket[];
  outputs: readonly string[];
  /**
   * It needs all its rows before it yields any (its results are what the cache keeps). The
   * engine's builder may refine it per config (`blockingFor`: a database read is blocking).
   */
  blocking: boolean;
  /** The canvas's short mark of a socket (T/F, L/R); a socket without one has none. */
  socketLabels?: Readonly<Record<string, string>>;
  /**
   * The config a tool dropped on the canvas starts with. It need not be valid: the designer
   * shows the tool as needing setup until the user completes it.
   */
  defaultConfig(): Record<string, unknown>;
}

/** Defines a tool's description, keeping its config schema's own type. */
export function defineToolMeta<S extends z.ZodType, T extends ToolType>(meta: ToolMeta<S, T>): ToolMeta<S, T> {
  return meta;
}

/** The single input socket most tools have. */
export const SINGLE_INPUT: readonly InputSocket[] = [{ id: "input", required: true, multiple: false }];
/** The single output socket most tools have. */
export const SINGLE_OUTPUT: readonly string[] = ["output"];
