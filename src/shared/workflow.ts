import { z } from "zod";

/** A tool placed in a workflow (decisions.md: `{id, type, config, engine?, position?, label?}`). */
export const ToolNodeSchema = z
  .object({
    id: z.string().min(1).max(200),
    type: z.string().min(1),
    config: z.record(z.string(), z.unknown()).default({}),
    engine: z.string().optional(),
    position: z.object({ x: z.number(), y: z.number() }).optional(),
    label: z.string().optional(),
  })
  .meta({ id: "WorkflowTool" });

/** A wire from one tool's output socket to another's input socket. */
export const WireSchema = z
  .object({
    id: z.string().optional(),
    source: z.string().min(1),
    source_socket: z.string().min(1),
    target: z.string().min(1),
    target_socket: z.string().min(1),
  })
  .meta({ id: "Wire" });

/** A workflow's id: it names cache and archive folders, so it never looks like a path. */
export const WorkflowIdSchema = z
  .string()
  .min(1)
  .max(200)
  .refine((id) => !/[/\\\0]/.test(id) && !id.includes(".."), {
    message: "a workflow id may not contain /, \\, .. or NUL",
  });

/**
 * How a full run spends memory (ENGINE_MEMORY_MODE, or a workflow's `meta.memory`): `default`
 * lets writers hold a whole frame where their format needs it; `bounded` streams every write
 * and refuses a format that cannot be streamed (docs/server-api.md "Memory mode").
 */
export const MEMORY_MODES = ["default", "bounded"] as const;
export type MemoryMode = (typeof MEMORY_MODES)[number];

/**
 * Which rows a full run counts (ROW_COUNTS, or a workflow's `meta.row_counts`): `all` counts
 * every tool's output sockets, which costs a second pass over what the run streamed through
 * without storing (engine/row-counts.ts); `known` reports only the rows the run knows without
 * one: what it wrote, stored or read from a database, and what follows from those (a Sort
 * has its input's rows). docs/server-api.md "Row counts".
 */
export const ROW_COUNT_MODES = ["all", "known"] as const;
export type RowCountMode = (typeof ROW_COUNT_MODES)[number];

/** A workflow: `meta.workflow_id`, tools and wires. Other `meta` fields are kept as given. */
export const WorkflowSchema = z
  .object({
    meta: z.looseObject({
      workflow_id: WorkflowIdSchema,
      name: z.string().optional(),
      /** This workflow's full runs in this memory mode, whatever the Server's ENGINE_MEMORY_MODE. */
      memory: z.enum(MEMORY_MODES, { error: () => `expected one of: ${MEMORY_MODES.join(", ")}` }).optional(),
      /** Which rows this workflow's full runs count, whatever the Server's ROW_COUNTS. */
      row_counts: z.enum(ROW_COUNT_MODES, { error: () => `expected one of: ${ROW_COUNT_MODES.join(", ")}` }).optional(),
    }),
    tools: z.array(ToolNodeSchema),
    wires: z.array(WireSchema).default([]),
  })
  .meta({ id: "Workflow" });

export type ToolNode = z.infer<typeof ToolNodeSchema>;
export type Wire = z.infer<typeof WireSchema>;
export type Workflow = z.infer<typeof WorkflowSchema>;

/** The one engine there is; a tool may name it explicitly. */
export const DEFAULT_ENGINE = "core/polars";

/**
 * A workflow file (`.weft.json`) is at most this many bytes: the Server reads and writes no
 * bigger one, and the Hub stores no bigger revision, so every revision it hands out opens.
 */
export const MAX_WORKFLOW_BYTES = 10 * 1024 * 1024;
