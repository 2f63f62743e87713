import type { HubDeps } from "../../src/hub/deps";
import { newId } from "../../src/shared/ids";

/**
 * Rows made directly in the Hub's database for tests that need them to exist but do not
 * test how they are made (connections have their own routes and tests).
 */
export async function insertConnection(
  deps: Pick<HubDeps, "database" | "clock">,
  name = `conn-${newId().slice(-8)}`,
  type: "database" | "filesystem" = "filesystem",
): Promise<string> {
  const id = newId();
  const at = deps.clock();
  await deps.database.transaction(async (tx) => {
    await tx.db.insert(tx.t.connections).values({ id, name, type, createdAt: at, updatedAt: at });
    if (type === "filesystem") {
      await tx.db.insert(tx.t.connectionFilesystems).values({ connectionId: id, path: "/srv/data", readOnly: true });
    }
  });
  return id;
}

/** A user group or grant group row. */
export async function insertNamed(
  deps: Pick<HubDeps, "database" | "clock">,
  kind: "groups" | "grantGroups",
  name = `${kind}-${newId().slice(-8)}`,
): Promise<string> {
  const id = newId();
  const at = deps.clock();
  await deps.database.transaction(async (tx) => {
    await tx.db.insert(tx.t[kind]).values({ id, name, description: null, createdAt: at, updatedAt: at });
  });
  return id;
}
