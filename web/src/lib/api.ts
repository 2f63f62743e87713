/** The one client of the Server API: every request of the UI goes through here. */

const TOKEN_KEY = "weft.token";

/** Takes `?token=` from the address (the link `weft` prints), keeps it for the tab, and hides it. */
export function adoptTokenFromUrl(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get("token");
  if (!token) return;
  sessionStorage.setItem(TOKEN_KEY, token);
  url.searchParams.delete("token");
  window.history.replaceState(null, "", url.pathname + url.search + url.hash);
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const res = await fetch(path, { ...init, headers });
  const body = (await res.json().catch(() => ({}))) as { detail?: string };
  if (!res.ok) throw new ApiError(res.status, body.detail ?? res.statusText);
  return body as T;
}

export interface Health {
  status: string;
  version: string;
  polars_version: string;
  duckdb_version: string;
  runtime_version: string;
}

export interface ServerInfo {
  version: string;
  auth_mode: string;
  file_access_mode: string;
  max_preview_rows: number;
  features: { archive: boolean; cache: boolean; connections: boolean };
}

export const api = {
  health: () => request<Health>("/api/health/"),
  info: () => request<ServerInfo>("/api/info"),
};
