import type { z } from "@hono/zod-openapi";
import type { GrantGroupListSchema } from "../../../../../src/hub/grants/schemas";
import type {
  GroupGrantGroupsSchema,
  GroupListSchema,
  GroupSchema,
  MemberListSchema,
} from "../../../../../src/hub/groups/schemas";
import type {
  UserCreateSchema,
  UserListSchema,
  UserSchema,
  UserUpdateSchema,
} from "../../../../../src/hub/users/schemas";
import type { HubClient } from "../../../lib/hub-api";

/** An account as the Hub answers it (`/users`). */
export type HubAccountRecord = z.infer<typeof UserSchema>;
export type UserList = z.infer<typeof UserListSchema>;
export type UserCreate = z.input<typeof UserCreateSchema>;
export type UserUpdate = z.input<typeof UserUpdateSchema>;
export type UserGroup = z.infer<typeof GroupSchema>;
export type UserGroupList = z.infer<typeof GroupListSchema>;
export type MemberList = z.infer<typeof MemberListSchema>;
export type AssignedGrantGroups = z.infer<typeof GroupGrantGroupsSchema>;
export type GrantGroupList = z.infer<typeof GrantGroupListSchema>;
/** A grant group assigned to a user group: its id and name. */
export type NamedRef = AssignedGrantGroups["grant_groups"][number];

/** One page of a Hub list: `name` is the Hub's "contains, ignoring case" filter. */
export interface PageAsk {
  name?: string;
  limit: number;
  offset: number;
}

function listQuery({ name, limit, offset }: PageAsk): string {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (name) params.set("name", name);
  return params.toString();
}

const id = (value: string) => encodeURIComponent(value);

/** The Users and User Groups pages' calls to the Hub (auditors read, admins write). */
export function peopleApi(hub: HubClient) {
  return {
    users: (ask: PageAsk) => hub.request<UserList>("GET", `/users?${listQuery(ask)}`),
    createUser: (body: UserCreate) => hub.request<HubAccountRecord>("POST", "/users", body),
    updateUser: (userId: string, body: UserUpdate) =>
      hub.request<HubAccountRecord>("PATCH", `/users/${id(userId)}`, body),

    groups: (ask: PageAsk) => hub.request<UserGroupList>("GET", `/groups?${listQuery(ask)}`),
    group: (groupId: string) => hub.request<UserGroup>("GET", `/groups/${id(groupId)}`),
    createGroup: (body: { name: string; description?: string | null }) =>
      hub.request<UserGroup>("POST", "/groups", body),
    updateGroup: (groupId: string, body: { name?: string; description?: string | null }) =>
      hub.request<UserGroup>("PATCH", `/groups/${id(groupId)}`, body),
    deleteGroup: (groupId: string) => hub.request<void>("DELETE", `/groups/${id(groupId)}`),

    members: (groupId: string, ask: PageAsk) =>
      hub.request<MemberList>("GET", `/groups/${id(groupId)}/members?${listQuery(ask)}`),
    addMember: (groupId: string, userId: string) =>
      hub.request<HubAccountRecord>("POST", `/groups/${id(groupId)}/members`, { user_id: userId }),
    removeMember: (groupId: string, userId: string) =>
      hub.request<void>("DELETE", `/groups/${id(groupId)}/members/${id(userId)}`),

    assigned: (groupId: string, ask: PageAsk) =>
      hub.request<AssignedGrantGroups>("GET", `/groups/${id(groupId)}/grant-groups?${listQuery(ask)}`),
    assign: (groupId: string, grantGroupId: string) =>
      hub.request<NamedRef>("POST", `/groups/${id(groupId)}/grant-groups/${id(grantGroupId)}`),
    unassign: (groupId: string, grantGroupId: string) =>
      hub.request<void>("DELETE", `/groups/${id(groupId)}/grant-groups/${id(grantGroupId)}`),
    grantGroups: (ask: PageAsk) => hub.request<GrantGroupList>("GET", `/grant-groups?${listQuery(ask)}`),
  };
}
export type PeopleApi = ReturnType<typeof peopleApi>;
