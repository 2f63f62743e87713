import { HUB_PREFIX, type HubTestApp } from "./api-scenario";

export interface HubCallOptions {
  /** A bearer token (any session's, not only the harness accounts'). */
  token?: string;
  body?: unknown;
  /** The client address the Hub sees (as Bun.serve's requestIP would report it). */
  ip?: string;
}

export interface HubAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body (null when it is not JSON). */
  json: Record<string, unknown> | null;
}

/** One request to the test Hub with any token and client address; answers status, headers and body. */
export async function hubCall(
  hub: HubTestApp,
  method: string,
  path: string,
  { token, body, ip }: HubCallOptions = {},
): Promise<HubAnswer> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const env = ip ? { requestIP: () => ({ address: ip }) } : undefined;
  const res = await hub.app.request(
    `${HUB_PREFIX}${path}`,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    env,
  );
  const text = await res.text();
  const json = res.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : null;
  return { status: res.status, headers: res.headers, text, json };
}
