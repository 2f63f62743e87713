import type { MiddlewareHandler } from "hono";
import { clientAddress } from "../client-address";
import { ERROR_ID_KEY } from "../error-handler";
import type { DailyLogWriter } from "./daily-log-writer";

export interface AuditLogOptions {
  writer: DailyLogWriter;
  /** Says how the request was authenticated (the auth mode, or a user id once known). */
  authOf: (path: string) => string;
}

/**
 * One JSON line per request in the data directory's daily audit file: time, method, path
 * (never the query string, which may carry a token), status, duration, auth, client.
 * Bodies and headers are never written.
 */
export function auditLog({ writer, authOf }: AuditLogOptions): MiddlewareHandler {
  return async function auditLogMiddleware(c, next) {
    const started = performance.now();
    await next();
    const errorId = c.get(ERROR_ID_KEY as never) as string | undefined;
    writer.write({
      ts: new Date().toISOString(),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
      auth: authOf(c.req.path),
      client: clientAddress(c),
      ...(errorId ? { error_id: errorId } : {}),
    });
  };
}
