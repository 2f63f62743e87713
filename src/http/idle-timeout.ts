import type { Context, MiddlewareHandler } from "hono";

interface BunServerEnv {
  timeout?: (request: Request, seconds: number) => void;
}

/**
 * Lifts Bun.serve's idle timeout (120 s, src/cli/start.ts) for one request whose answer is
 * bounded by its own limit instead: a run (MAX_EXECUTION_TIME_SECONDS, 300 s by default) may
 * send nothing for longer than 120 s, and the connection must not be closed under it.
 * Outside Bun.serve (app.request in tests) there is no server to ask, and nothing to lift.
 */
export function liftIdleTimeout(c: Context): void {
  const server = c.env as BunServerEnv | undefined;
  if (typeof server?.timeout === "function") server.timeout(c.req.raw, 0);
}

/** liftIdleTimeout for every request through a route group. */
export const noIdleTimeout: MiddlewareHandler = async (c, next) => {
  liftIdleTimeout(c);
  await next();
};
