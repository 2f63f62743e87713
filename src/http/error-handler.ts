import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { RateLimitedError, WeftError } from "../shared/errors";
import { newErrorId } from "../shared/ids";
import type { Logger } from "../shared/logger";
import { describeZodError } from "../shared/zod-detail";

/** The JSON body of every error answer. */
export interface ErrorBody {
  detail: string;
  error_id?: string;
}

/** Set by the error handler so the audit line of the request carries the same id. */
export const ERROR_ID_KEY = "errorId";

function answer(c: Context, status: number, body: ErrorBody): Response {
  return c.json(body, status as ContentfulStatusCode);
}

/**
 * The status and body an error answers, logged as the API logs errors: Weft errors and
 * Hono's HTTP exceptions below 500 keep their status and message (logged at info). Every
 * answer of 500 or more gets an `error_id`, returned and logged with the stack, so a user's
 * report finds its log line: a Weft error (an engine process that died, a run past its time
 * limit) keeps its status and message; anything else is a 500 that says only its id.
 * Also used where an error ends a stream already under way (run-stream.ts).
 */
export function describeError(
  err: unknown,
  logger: Logger,
  request: { method: string; path: string },
): { status: number; body: ErrorBody } {
  if (err instanceof WeftError && err.status < 500) {
    const { detail } = err;
    logger.info("request refused", { status: err.status, error: err.name, detail, path: request.path });
    return { status: err.status, body: { detail } };
  }
  if (err instanceof ZodError) return { status: 400, body: { detail: describeZodError(err) } };
  if (err instanceof HTTPException && err.status < 500) {
    const detail = err.status === 413 ? "Request body too large" : err.message || "Bad request";
    return { status: err.status, body: { detail } };
  }
  const errorId = newErrorId();
  const status = err instanceof WeftError ? err.status : 500;
  const message = err instanceof WeftError ? "request failed" : "unexpected error";
  logger.error(message, { error_id: errorId, status, method: request.method, path: request.path, error: err });
  const detail = err instanceof WeftError ? err.detail : `Internal error (error_id ${errorId})`;
  return { status, body: { detail, error_id: errorId } };
}

/** Maps any error to `{detail, error_id?}` (describeError); the audit line gets the same `error_id`. */
export function createErrorHandler(logger: Logger): ErrorHandler {
  return function weftErrorHandler(err, c) {
    if (err instanceof RateLimitedError) c.header("Retry-After", String(err.retryAfterSeconds));
    const { status, body } = describeError(err, logger, { method: c.req.method, path: c.req.path });
    if (body.error_id) c.set(ERROR_ID_KEY as never, body.error_id as never);
    return answer(c, status, body);
  };
}
