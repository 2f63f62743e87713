import { STRING_LIMIT_MARKER, stringLimitMessage } from "../expr/string-growth";
import { SafetyLimitError, ToolRuntimeError, WeftError } from "../shared/errors";

/**
 * A failure inside Polars while a tool's data was computed, as the error the user sees:
 * a 422 naming the tool, with Polars' own first lines (not its plan dump). Weft's own
 * errors pass through unchanged.
 */
export function toolFailure(toolId: string, err: unknown): Error {
  if (err instanceof WeftError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const overLimit = stringLimitOf(message);
  if (overLimit) {
    const { limit, asked } = overLimit;
    return new SafetyLimitError(`Tool "${toolId}": ${stringLimitMessage(asked, limit)}`, limit, asked);
  }
  return new ToolRuntimeError(toolId, `Tool "${toolId}" failed on the data: ${cleanPolarsMessage(message)}`);
}

/** The limit and size a text-growth guard (expr/string-growth.ts) failed the run with, if it did. */
function stringLimitOf(message: string): { limit: number; asked: number } | undefined {
  const match = new RegExp(`${STRING_LIMIT_MARKER}:(\\d+):(\\d+)`).exec(message);
  return match ? { limit: Number(match[1]), asked: Number(match[2]) } : undefined;
}

/** Polars appends the query plan and hints after a blank line; the first paragraph says what went wrong. */
export function cleanPolarsMessage(message: string): string {
  const first = message.split(/\n\s*\n|\n\s*Resolved plan until failure/)[0] ?? message;
  return first.replace(/\s+/g, " ").trim().slice(0, 500);
}

/** Runs `fn`, turning a Polars failure into the tool's error. */
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
