import type { Context } from "hono";

/**
 * The request Bun.serve handed over, for a request a middleware had to rebuild: Bun's
 * `requestIP` knows only that object, and answers null for a copy (the JSON depth limit
 * rebuilds every JSON request, so every POST's peer was "unknown", and the Hub's per-address
 * login throttle counted all clients as one).
 */
const ORIGINAL = new WeakMap<Request, Request>();

/** Puts `request` in the place of the context's raw request, keeping what its peer was. */
export function replaceRawRequest(c: Context, request: Request): void {
  ORIGINAL.set(request, ORIGINAL.get(c.req.raw) ?? c.req.raw);
  c.req.raw = request;
}

/** The peer address when served by Bun.serve (Hono passes the server as `env`); "local" in process. */
export function clientAddress(c: Context): string {
  const server = c.env as { requestIP?: (r: Request) => { address: string } | null } | undefined;
  if (typeof server?.requestIP !== "function") return "local";
  const raw = c.req.raw;
  return server.requestIP(ORIGINAL.get(raw) ?? raw)?.address ?? "unknown";
}
