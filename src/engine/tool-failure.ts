import { stringLimitMessage, stringLimitOf } from "../expr/string-guard";
import { SafetyLimitError, ToolRuntimeError, WeftError } from "../shared/errors";

/**
 * A failure inside Polars while a tool's data was computed, as the error the user sees:
 * a 422 naming the tool, with Polars' own first lines (not its plan dump). Weft's own
 * errors pass through unchanged, and so does anything else: a TypeError in Weft's code is
 * a bug, not the data's fault, and must reach the error handler as the 500 with an
 * `error_id` that it is (it was once a 422 "failed on the data", logged at info).
 */
export function toolFailure(toolId: string, err: unknown): unknown {
  if (err instanceof WeftError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const overLimit = stringLimitOf(message);
  if (overLimit) {
    const { limit, asked } = overLimit;
    return new SafetyLimitError(`Tool "${toolId}": ${stringLimitMessage(asked, limit)}`, limit, asked);
  }
  if (!isPolarsError(err)) return err;
  return new ToolRuntimeError(toolId, `Tool "${toolId}" failed on the data: ${cleanPolarsMessage(message)}`, {
    cause: err,
  });
}

/**
 * An error raised by Polars' native code. nodejs-polars turns every Rust `PolarsError`
 * (a failed cast, a missing column, an unreadable file, a shape mismatch) into an Error
 * whose `code` is napi's "GenericFailure"; its JavaScript wrapper's own throws (a wrong
 * argument: Weft's bug) and every JavaScript runtime error carry no such code. Checked on
 * nodejs-polars 0.26 (tool-failure.test.ts keeps it so).
 */
export function isPolarsError(err: unknown): boolean {
  return err instanceof Error && (err as { code?: unknown }).code === "GenericFailure";
}

/** Polars appends the query plan and hints after a blank line; the first paragraph says what went wrong. */
export function cleanPolarsMessage(message: string): string {
  const first = message.split(/\n\s*\n|\n\s*Resolved plan until failure/)[0] ?? message;
  return first.replace(/\s+/g, " ").trim().slice(0, 500);
}

/**
 * Runs `fn`, where Polars computes a tool's data (builds its plan, collects it, writes it),
 * turning a Polars failure into the tool's error; any other error passes unchanged.
 */
export function asTool<T>(toolId: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw toolFailure(toolId, err);
  }
}

/** `asTool` for work that may be asynchronous (a database read). */
export async function asToolAsync<T>(toolId: string, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toolFailure(toolId, err);
  }
}
