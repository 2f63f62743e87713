/**
 * Which connections reach a person through their grant chain (user group → grant group →
 * connection), read from the Hub's admin routes: for owners, admins and auditors, whose
 * `GET /connections` lists every connection while a Server still uses only the granted ones
 * (internal/service.ts: "using one on a Server needs a grant like anyone's"). Role `user`
 * needs none of this: its list is its grants already. A few requests: the person's groups,
 * each group's grant groups, each grant group's connections.
 */
import type { z } from "@hono/zod-openapi";
import type { GrantGroupDetailSchema } from "../../../../src/hub/grants/schemas";
import type { GroupGrantGroupsSchema } from "../../../../src/hub/groups/schemas";
import type { UserGroupsSchema } from "../../../../src/hub/users/schemas";
import type { HubClient } from "../../lib/hub-api";

type UserGroups = z.infer<typeof UserGroupsSchema>;
type GroupGrantGroups = z.infer<typeof GroupGrantGroupsSchema>;
type GrantGroupDetail = z.infer<typeof GrantGroupDetailSchema>;

/** The largest page of the Hub's lists. */
const ALL = "limit=500&offset=0";
const enc = encodeURIComponent;

/** The ids of the connections granted to `userId` (an auditor or above may ask). */
export async function grantedConnectionIds(hub: HubClient, userId: string): Promise<Set<string>> {
  const { groups } = await hub.request<UserGroups>("GET", `/users/${enc(userId)}/groups?${ALL}`);
  const assigned = await Promise.all(
    groups.map((g) => hub.request<GroupGrantGroups>("GET", `/groups/${enc(g.id)}/grant-groups?${ALL}`)),
  );
  const grantGroups = [...new Set(assigned.flatMap((a) => a.grant_groups.map((gg) => gg.id)))];
  const details = await Promise.all(
    grantGroups.map((id) => hub.request<GrantGroupDetail>("GET", `/grant-groups/${enc(id)}`)),
  );
  return new Set(details.flatMap((d) => d.connections.map((c) => c.id)));
}
