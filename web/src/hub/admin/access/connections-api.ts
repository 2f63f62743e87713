/**
 * The Connections page's calls to the Hub (`/connections`, hub.md "Connections"), on top of
 * the client's generic `request`; the types are inferred from the Hub's own zod schemas.
 * No answer of these carries a secret: the Hub never returns one (`has_password` says
 * whether a password is stored).
 */
import type { z } from "@hono/zod-openapi";
import type {
  CheckResultSchema,
  ConnectionAccessSchema,
  ConnectionCreateRequest,
  ConnectionListResponse,
  ConnectionSchema,
  ConnectionTestRequest,
  ConnectionUpdateRequest,
} from "../../../../../src/hub/connections/schemas";
import type { HubClient } from "../../../lib/hub-api";

export type HubConnection = z.infer<typeof ConnectionSchema>;
export type HubConnectionList = z.infer<typeof ConnectionListResponse>;
export type ConnectionCreate = z.input<typeof ConnectionCreateRequest>;
export type ConnectionTest = z.input<typeof ConnectionTestRequest>;
export type ConnectionUpdate = z.input<typeof ConnectionUpdateRequest>;
/** A check's outcome: `error` (scrubbed of credentials by the Hub) only when not ok. */
export type CheckResult = z.infer<typeof CheckResultSchema>;
/** Who can reach a connection: grant groups → user groups → users, with each path. */
export type ConnectionAccess = z.infer<typeof ConnectionAccessSchema>;

const at = (id: string) => `/connections/${encodeURIComponent(id)}`;

export interface ConnectionListQuery {
  name?: string;
  type?: "database" | "filesystem";
  limit: number;
  offset: number;
}

export function listConnections(hub: HubClient, query: ConnectionListQuery): Promise<HubConnectionList> {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.name) params.set("name", query.name);
  if (query.type) params.set("type", query.type);
  return hub.request<HubConnectionList>("GET", `/connections?${params}`);
}

export const getConnection = (hub: HubClient, id: string) => hub.request<HubConnection>("GET", at(id));

export const createConnection = (hub: HubClient, body: ConnectionCreate) =>
  hub.request<HubConnection>("POST", "/connections", body);

/** Checks unsaved settings with the Hub's real drivers; nothing is stored (admins). */
export const testConnection = (hub: HubClient, body: ConnectionTest) =>
  hub.request<CheckResult>("POST", "/connections/test", body);

/** A password absent from `body` keeps the stored one; null removes it. */
export const updateConnection = (hub: HubClient, id: string, body: ConnectionUpdate) =>
  hub.request<HubConnection>("PATCH", at(id), body);

export const deleteConnection = (hub: HubClient, id: string) => hub.request<void>("DELETE", at(id));

/** Checks a stored connection now; the Hub records the outcome as its health (admins). */
export const checkConnection = (hub: HubClient, id: string) => hub.request<CheckResult>("POST", `${at(id)}/check`);

/** Who can reach a connection (auditors and above). */
export const connectionAccess = (hub: HubClient, id: string) =>
  hub.request<ConnectionAccess>("GET", `${at(id)}/access`);
