/**
 * What served this page, learnt before anything needs a token: the Server's public health
 * answer says its AUTH_MODE, and the Hub's public `/auth/status` whether it needs its first
 * account. Three shapes follow:
 *
 *   weft server (or `all` with its Server apart)   health: auth_mode ≠ hub → the designer with the tab's token
 *   weft all (its Server answers to the Hub)       health: auth_mode = hub → sign in; Server here, capability tokens
 *   weft hub                                       health: 404, status: 200 → sign in; the Hub's Servers, capability tokens
 *
 * Health is asked first: in `server` mode the Hub's route would be a refused request.
 */
import type { Fetch, Health } from "./api";
import type { HubStatus } from "./hub-types";

export type Backend =
  | { kind: "server" }
  | { kind: "hub"; status: HubStatus; server: "here" | "endpoint" }
  | { kind: "unreachable"; detail: string };

/** `session`: the Hub session this tab holds, so the status says whether it still counts. */
export async function detectBackend(send: Fetch = (url, init) => fetch(url, init), session?: string): Promise<Backend> {
  let health: Response;
  try {
    health = await send("/api/health/", { headers: { Accept: "application/json" } });
  } catch (err) {
    return { kind: "unreachable", detail: (err as Error).message };
  }
  if (health.ok) {
    const body = (await health.json()) as Partial<Health>;
    if (body.auth_mode !== "hub") return { kind: "server" };
  } else if (health.status !== 404) {
    return { kind: "unreachable", detail: `the Server's health answered HTTP ${health.status}` };
  }
  const headers: Record<string, string> = { Accept: "application/json" };
  if (session) headers.Authorization = `Bearer ${session}`;
  const status = await send("/api/v1/auth/status", { headers }).catch(() => undefined);
  if (!status?.ok) {
    // A Server in hub mode without its Hub here, or neither: nothing this page can sign in to.
    return { kind: "unreachable", detail: "no Hub answers at /api/v1 for this page to sign in to" };
  }
  return { kind: "hub", status: (await status.json()) as HubStatus, server: health.ok ? "here" : "endpoint" };
}
