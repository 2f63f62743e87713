import type { z } from "@hono/zod-openapi";
import type { Role } from "../../shared/roles";
import type { accessPaths } from "./queries";
import type { ConnectionAccessSchema } from "./schemas";

type Access = z.infer<typeof ConnectionAccessSchema>;

/**
 * "Who can reach this connection" for the admin area: the grant groups holding it with the
 * user groups they are assigned to, and every user the chain reaches with each path
 * (user group, grant group). Owners, admins and auditors read every connection by role,
 * which `roles_seeing_all` says instead of listing them all.
 */
export function buildAccess(id: string, { holders, reach }: Awaited<ReturnType<typeof accessPaths>>): Access {
  const grantGroups = new Map<string, Access["grant_groups"][number]>();
  for (const h of holders) {
    const gg = grantGroups.get(h.grantGroupId) ?? { id: h.grantGroupId, name: h.grantGroupName, user_groups: [] };
    grantGroups.set(h.grantGroupId, gg);
    if (h.groupId !== null && h.groupName !== null) gg.user_groups.push({ id: h.groupId, name: h.groupName });
  }
  const users = new Map<string, Access["users"][number]>();
  for (const r of reach) {
    const user = users.get(r.userId) ?? { id: r.userId, username: r.username, role: r.role as Role, via: [] };
    users.set(r.userId, user);
    user.via.push({
      group: { id: r.groupId, name: r.groupName },
      grant_group: { id: r.grantGroupId, name: r.grantGroupName },
    });
  }
  return {
    connection_id: id,
    roles_seeing_all: ["owner", "admin", "auditor"],
    grant_groups: [...grantGroups.values()],
    users: [...users.values()],
  };
}
