import { z } from "@hono/zod-openapi";
import { ExecuteResponse } from "./workflow";

/**
 * The lines of `/workflow/execute` streamed as NDJSON (Weft's extension, docs/decisions.md):
 * the run's progress events, then exactly one `result` or `error`. The engine's events
 * (engine/job.ts RunEvent) are written as these lines (run-stream.ts takes this type), so
 * the two cannot drift apart without the type check saying so.
 */

const Cache = z.enum(["hit", "miss", "off"]);

export const ToolEventSchema = z
  .object({
    event: z.literal("tool"),
    tool_id: z.string(),
    status: z.enum(["running", "success", "error"]),
    duration_ms: z.number().optional(),
    cache: Cache.optional(),
    rows: z.number().int().optional().openapi({ description: "Rows of the tool's main output socket, where known" }),
  })
  .openapi("RunToolEvent", { description: "A tool started (`running`) or ended" });

export const WrittenEventSchema = z
  .object({ event: z.literal("written"), tool_id: z.string(), path: z.string(), rows: z.number().int() })
  .openapi("RunWrittenEvent", { description: "An Output tool wrote its file (before its `success`)" });

export const RowsEventSchema = z
  .object({
    event: z.literal("rows"),
    tool_id: z.string(),
    rows: z.number().int().optional(),
    sockets: z.record(z.string(), z.number().int()),
  })
  .openapi("RunRowsEvent", { description: "A tool's rows per output socket, counted after the writes" });

export const RunEventSchema = z.discriminatedUnion("event", [ToolEventSchema, WrittenEventSchema, RowsEventSchema]);

export const RunResultLineSchema = ExecuteResponse.extend({ event: z.literal("result") }).openapi("RunResultLine", {
  description: "The run's answer: the JSON answer's body",
});

export const RunErrorLineSchema = z
  .object({
    event: z.literal("error"),
    status: z.number().int().openapi({ description: "The status a JSON request would have answered" }),
    detail: z.string(),
    error_id: z.string().optional(),
    tool_id: z.string().optional().openapi({ description: "The tool the error is about, when known" }),
  })
  .openapi("RunErrorLine", { description: "How a run that had started ended in error" });

export const RunStreamLineSchema = z
  .union([RunEventSchema, RunResultLineSchema, RunErrorLineSchema])
  .openapi("RunStreamLine", { description: "One JSON object per line: progress events, then `result` or `error`" });

export type ToolEvent = z.infer<typeof ToolEventSchema>;
export type WrittenEvent = z.infer<typeof WrittenEventSchema>;
export type RowsEvent = z.infer<typeof RowsEventSchema>;
export type RunEvent = z.infer<typeof RunEventSchema>;
export type RunErrorLine = z.infer<typeof RunErrorLineSchema>;
export type RunStreamLine = z.infer<typeof RunStreamLineSchema>;
