import type { z } from "@hono/zod-openapi";
import type {
  ServerCreatedResponse,
  ServerCreateRequest,
  ServerGroupsResponse,
  ServerListResponse,
  ServerSchema,
} from "../../../../../src/hub/servers/schemas";
import type { HubClient } from "../../../lib/hub-api";

/** A registered Server as the Hub answers it (`/servers`). */
export type HubServer = z.infer<typeof ServerSchema>;
export type ServerList = z.infer<typeof ServerListResponse>;
export type ServerCreate = z.input<typeof ServerCreateRequest>;
export type ServerGroups = z.infer<typeof ServerGroupsResponse>;
/** A Server added by hand, with its auth_token: the Hub answers it this once. */
export type ServerCreated = z.infer<typeof ServerCreatedResponse>;

const id = (value: string) => encodeURIComponent(value);

/** The Servers page's calls to the Hub (auditors read, admins write). */
export function serversApi(hub: HubClient) {
  return {
    list: (ask: { name?: string; limit: number; offset: number }) => {
      const params = new URLSearchParams({ limit: String(ask.limit), offset: String(ask.offset) });
      if (ask.name) params.set("name", ask.name);
      return hub.request<ServerList>("GET", `/servers?${params}`);
    },
    create: (body: ServerCreate) => hub.request<ServerCreated>("POST", "/servers", body),
    refresh: (serverId: string) => hub.request<HubServer>("POST", `/servers/${id(serverId)}/refresh`),
    revoke: (serverId: string) => hub.request<HubServer>("POST", `/servers/${id(serverId)}/revoke`),
    remove: (serverId: string) => hub.request<void>("DELETE", `/servers/${id(serverId)}`),
    /** Which user groups may use the Server (none: everyone). */
    setGroups: (serverId: string, groupIds: string[]) =>
      hub.request<ServerGroups>("PUT", `/servers/${id(serverId)}/groups`, { group_ids: groupIds }),
  };
}
export type ServersApi = ReturnType<typeof serversApi>;
