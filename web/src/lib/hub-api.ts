/**
 * The client of a Hub (`/api/v1`): the routes the UI uses, with the signed-in session as the
 * bearer. A 401 on a route that needs the session means it ended (expired, signed out
 * elsewhere, deleted): `onSessionEnded` hears it, so the app can ask the person to sign in
 * again, and the request still fails with ApiError.
 */
import { type Fetch, failure } from "./api";
import type {
  CapabilityToken,
  HubSession,
  HubStatus,
  HubWorkflow,
  HubWorkflowDetail,
  HubWorkflowList,
  HubWorkflowSaved,
} from "./hub-types";

export interface HubClientOptions {
  /** Where the Hub's API is mounted (`/api/v1`). */
  base: string;
  /** The session's bearer token, read at each request; none when signed out. */
  session: () => string | undefined;
  /** Called when the Hub answers 401 to a request that carried a session. */
  onSessionEnded?: () => void;
  fetch?: Fetch;
}

export function createHubClient({
  base,
  session,
  onSessionEnded,
  fetch: send = (url, init) => fetch(url, init),
}: HubClientOptions) {
  const root = base.replace(/\/+$/, "");

  /** The Hub's answer to one request with the session, as it came (a refusal is ApiError). */
  async function respond(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    if (init.body !== undefined) headers.set("Content-Type", "application/json");
    const token = session();
    if (token) headers.set("Authorization", `Bearer ${token}`);
    const res = await send(root + path, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
    if (res.status === 401 && token) onSessionEnded?.();
    if (!res.ok) throw await failure(res);
    return res;
  }

  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await respond(method, path, { body });
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  return {
    /**
     * Any Hub route, as JSON: each area keeps its own calls beside it (web/src/hub/<area>/…-api.ts)
     * on top of this, so the client does not grow a method per route of every area.
     */
    request,
    /** Any Hub route's raw answer (a stream, a download), with the session; a refusal throws. */
    respond,
    /** Public: whether the Hub needs its first account, and who the session is. */
    status: () => request<HubStatus>("GET", "/auth/status"),
    /** The first account, the owner, signed in (403 once any account exists). */
    register: (body: { username: string; password: string; email?: string }) =>
      request<HubSession>("POST", "/auth/register", body),
    login: (body: { username: string; password: string }) => request<HubSession>("POST", "/auth/login", body),
    logout: () => request<void>("POST", "/auth/logout"),
    /** A single-use token for one request to a Server the person may use (409: none online). */
    capabilityToken: () => request<CapabilityToken>("POST", "/capabilities/token", {}),
    /** The workflows the person may read (their own; every one for auditors and above), a page of them. */
    listWorkflows: (query: { name?: string; limit: number; offset: number }) => {
      const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
      if (query.name) params.set("name", query.name);
      return request<HubWorkflowList>("GET", `/workflows?${params}`);
    },
    /** One workflow with its newest revision's content. */
    workflow: (id: string) => request<HubWorkflowDetail>("GET", `/workflows/${encodeURIComponent(id)}`),
    /** A new workflow; its content is revision 1. */
    createWorkflow: (body: { name: string; content: unknown }) => request<HubWorkflow>("POST", "/workflows", body),
    /** Stores `content` as a new revision (`revision_created: false` when it equals the newest). */
    saveWorkflowContent: (id: string, body: { content: unknown; message?: string }) =>
      request<HubWorkflowSaved>("PUT", `/workflows/${encodeURIComponent(id)}/content`, body),
  };
}

export type HubClient = ReturnType<typeof createHubClient>;
