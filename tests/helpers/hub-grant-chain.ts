import type { HubDeps } from "../../src/hub/deps";
import { newId } from "../../src/shared/ids";

/**
 * The rows of the grant chain (user → user group → grant group → connection), written
 * directly: tests of what the chain grants build it without going through the groups and
 * grant-groups routes (which have their own tests).
 */
export function grantChain({ database, clock }: Pick<HubDeps, "database" | "clock">) {
  const write = database.transaction.bind(database);
  const now = () => clock();
  return {
    async group(name: string): Promise<string> {
      const id = newId();
      await write((tx) => tx.db.insert(tx.t.groups).values({ id, name, createdAt: now(), updatedAt: now() }));
      return id;
    },
    async grantGroup(name: string): Promise<string> {
      const id = newId();
      await write((tx) => tx.db.insert(tx.t.grantGroups).values({ id, name, createdAt: now(), updatedAt: now() }));
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
