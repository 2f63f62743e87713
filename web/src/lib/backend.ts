/**
 * What served this page, learnt before anything needs a token, without a refused request
 * (each would be an error in the browser's console). Which public answer is asked first
 * depends on whether this tab holds a Server's token (the link `weft` prints carries one):
 *
 *   tab holds a Server token       Server health first: auth_mode ≠ hub → the designer with that token
 *   (weft server, weft all apart)                       auth_mode = hub → the Hub's status, the Server here
 *   no Server token                the Hub's public /auth/status first:
 *     weft all (Server answers     status: 200, server_here → sign in; the Server here, capability tokens
 *     to the Hub beside it)
 *     weft hub                     status: 200 → sign in; the Hub's Servers (each token names one)
 *     weft server, AUTH_MODE=disabled
 *                                  status: 404 (the one refused request left), health → the designer
 */
import type { Fetch, Health } from "./api";
import type { HubStatus } from "./hub-types";

export type Backend =
  | { kind: "server" }
  | { kind: "hub"; status: HubStatus; server: "here" | "endpoint" }
  | { kind: "unreachable"; detail: string };

const JSON_ACCEPT = { Accept: "application/json" };
const NO_HUB = "no Hub answers at /api/v1 for this page to sign in to";

export interface DetectOptions {
  /** The Hub session this tab holds, so the status says whether it still counts. */
  session?: string;
  /** Whether this tab holds a Server's token (`?token=` of the link `weft` printed). */
  serverToken?: boolean;
}

export async function detectBackend(
  send: Fetch = (url, init) => fetch(url, init),
  { session, serverToken = false }: DetectOptions = {},
): Promise<Backend> {
  const hubStatus = () => {
    const headers: Record<string, string> = { ...JSON_ACCEPT };
    if (session) headers.Authorization = `Bearer ${session}`;
    return send("/api/v1/auth/status", { headers }).catch(() => undefined);
  };
  if (!serverToken) {
    const status = await hubStatus();
    if (status?.ok) {
      const body = (await status.json()) as HubStatus;
      return { kind: "hub", status: body, server: body.server_here ? "here" : "endpoint" };
    }
  }
  let health: Response;
  try {
    health = await send("/api/health/", { headers: JSON_ACCEPT });
  } catch (err) {
    return { kind: "unreachable", detail: (err as Error).message };
  }
  if (health.ok) {
    const body = (await health.json()) as Partial<Health>;
    if (body.auth_mode !== "hub") return { kind: "server" };
  } else if (health.status !== 404) {
    return { kind: "unreachable", detail: `the Server's health answered HTTP ${health.status}` };
  }
  if (!serverToken) return { kind: "unreachable", detail: NO_HUB };
  // A token of an earlier link, kept by this tab, while a Hub serves the page now.
  const status = await hubStatus();
  if (!status?.ok) return { kind: "unreachable", detail: NO_HUB };
  return { kind: "hub", status: (await status.json()) as HubStatus, server: health.ok ? "here" : "endpoint" };
}
