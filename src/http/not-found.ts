import type { Context } from "hono";

/** True for paths that belong to an API surface rather than the web UI. */
export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/** An unknown route: a JSON 404 naming it. */
export function apiNotFound(c: Context): Response {
  return c.json({ detail: `No route ${c.req.method} ${c.req.path}` }, 404);
}
