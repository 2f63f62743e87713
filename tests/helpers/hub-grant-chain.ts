import type { HubDeps } from "../../src/hub/deps";
import { newId } from "../../src/shared/ids";

/**
 * The rows of the grant chain (user → user group → grant group → connection), written
 * directly: tests that need them to exist build them without going through the groups,
 * grant-groups and connections routes (which have their own tests). Each maker answers the
 * new row's id; a name is made up when none is given.
 */
export function grantChain({ database, clock }: Pick<HubDeps, "database" | "clock">) {
  const write = database.transaction.bind(database);
  const now = () => clock();
  const named = async (kind: "groups" | "grantGroups", name: string): Promise<string> => {
    const id = newId();
    await write((tx) => tx.db.insert(tx.t[kind]).values({ id, name, createdAt: now(), updatedAt: now() }));
    return id;
  };
  return {
    group: (name = `group-${newId().slice(-8)}`) => named("groups", name),
    grantGroup: (name = `grants-${newId().slice(-8)}`) => named("grantGroups", name),
    /** A connection (a filesystem one reads /srv/data; a database one has no settings row). */
    async connection(
      name = `conn-${newId().slice(-8)}`,
      type: "database" | "filesystem" = "filesystem",
    ): Promise<string> {
      const id = newId();
      await write(async (tx) => {
        await tx.db.insert(tx.t.connections).values({ id, name, type, createdAt: now(), updatedAt: now() });
        if (type === "filesystem") {
          await tx.db
            .insert(tx.t.connectionFilesystems)
            .values({ connectionId: id, path: "/srv/data", readOnly: true });
        }
      });
      return id;
    },
    async member(userId: string, groupId: string): Promise<void> {
      await write((tx) => tx.db.insert(tx.t.userGroups).values({ userId, groupId, createdAt: now() }));
    },
    async assign(groupId: string, grantGroupId: string): Promise<void> {
      await write((tx) => tx.db.insert(tx.t.userGroupGrantGroups).values({ groupId, grantGroupId, createdAt: now() }));
    },
    async grant(grantGroupId: string, connectionId: string): Promise<void> {
      await write((tx) =>
        tx.db.insert(tx.t.grantGroupConnections).values({ grantGroupId, connectionId, createdAt: now() }),
      );
    },
  };
}
