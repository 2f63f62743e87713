import type { Context } from "hono";

/** The peer address when served by Bun.serve (Hono passes the server as `env`); "local" in process. */
export function clientAddress(c: Context): string {
  const server = c.env as { requestIP?: (r: Request) => { address: string } | null } | undefined;
  if (typeof server?.requestIP !== "function") return "local";
  return server.requestIP(c.req.raw)?.address ?? "unknown";
}
