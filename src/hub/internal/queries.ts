import { eq, inArray } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";
import { reachableBy, selectConnections } from "../connections/queries";

/** Every connection `userId` reaches through the grant chain, with its settings rows. */
export function grantedConnections(q: HubQueryable, userId: string) {
  return selectConnections(q, inArray(q.t.connections.id, reachableBy(q, userId)));
}

/** The account a redeemed token was issued to (gone when it was deleted since). */
export async function tokenUser(q: HubQueryable, userId: string) {
  const u = q.t.users;
  const rows = await q.db
    .select({ id: u.id, role: u.role, disabledAt: u.disabledAt })
    .from(u)
    .where(eq(u.id, userId))
    .limit(1);
  return rows[0];
}
