/**
 * The Grant Groups page's calls to the Hub (`/grant-groups`, hub.md "User groups and grant
 * groups"): auditors read, admins write. The user groups holding a grant group are read-only
 * here: they are assigned from the user group's side (the User Groups page).
 */
import type { z } from "@hono/zod-openapi";
import type {
  GrantGroupCreateSchema,
  GrantGroupDetailSchema,
  GrantGroupListSchema,
  GrantGroupSchema,
  GrantGroupUpdateSchema,
} from "../../../../../src/hub/grants/schemas";
import type { HubClient } from "../../../lib/hub-api";

export type GrantGroup = z.infer<typeof GrantGroupSchema>;
export type GrantGroupList = z.infer<typeof GrantGroupListSchema>;
/** A grant group with its connections (metadata only) and the user groups holding it. */
export type GrantGroupDetail = z.infer<typeof GrantGroupDetailSchema>;
export type GrantGroupCreate = z.input<typeof GrantGroupCreateSchema>;
export type GrantGroupUpdate = z.input<typeof GrantGroupUpdateSchema>;

const at = (id: string) => `/grant-groups/${encodeURIComponent(id)}`;

export function listGrantGroups(
  hub: HubClient,
  query: { name?: string; limit: number; offset: number },
): Promise<GrantGroupList> {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.name) params.set("name", query.name);
  return hub.request<GrantGroupList>("GET", `/grant-groups?${params}`);
}

export const getGrantGroup = (hub: HubClient, id: string) => hub.request<GrantGroupDetail>("GET", at(id));

export const createGrantGroup = (hub: HubClient, body: GrantGroupCreate) =>
  hub.request<GrantGroup>("POST", "/grant-groups", body);

/** Renames or describes it (`description: null` clears the description). */
export const updateGrantGroup = (hub: HubClient, id: string, body: GrantGroupUpdate) =>
  hub.request<GrantGroup>("PATCH", at(id), body);

/** Its connection grants and its assignments to user groups go with it. */
export const deleteGrantGroup = (hub: HubClient, id: string) => hub.request<void>("DELETE", at(id));

export const addGrantedConnection = (hub: HubClient, id: string, connectionId: string) =>
  hub.request<unknown>("POST", `${at(id)}/connections/${encodeURIComponent(connectionId)}`);

export const removeGrantedConnection = (hub: HubClient, id: string, connectionId: string) =>
  hub.request<void>("DELETE", `${at(id)}/connections/${encodeURIComponent(connectionId)}`);
