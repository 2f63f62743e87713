import { expect, test } from "bun:test";
import { describeHub } from "../../tests/helpers/hub-db";
import { StartupError } from "../shared/startup-error";
import { acquireReplicaLock } from "./replica-lock";

const memory = { tokenStoreBackend: "memory", eventBrokerBackend: "memory" } as const;
const shared = { tokenStoreBackend: "database", eventBrokerBackend: "postgresql" } as const;

describeHub("the replica lock", (suite) => {
  test("one Hub with a memory backend at a time; database-backed Hubs side by side, never beside a memory one", async () => {
    const { url } = await suite.freshDatabase({ migrate: false });
    const first = await acquireReplicaLock({ databaseUrl: url, ...memory });
    if (suite.dialect === "sqlite") {
      // One Hub uses one SQLite file; there is nothing to lock.
      expect(first.mode).toBe("none");
      return;
    }
    try {
      expect(first.mode).toBe("exclusive");
      for (const backends of [
        memory,
        shared,
        { tokenStoreBackend: "database", eventBrokerBackend: "memory" } as const,
      ]) {
        const refused = acquireReplicaLock({ databaseUrl: url, ...backends });
        await expect(refused).rejects.toBeInstanceOf(StartupError);
        await expect(refused).rejects.toThrow(/TOKEN_STORE_BACKEND.*EVENT_BROKER_BACKEND/);
      }
      await expect(acquireReplicaLock({ databaseUrl: url, ...shared })).rejects.toThrow(
        "a Hub that keeps capability tokens or execution events in memory (TOKEN_STORE_BACKEND=memory or EVENT_BROKER_BACKEND=memory) is running",
      );
    } finally {
      await first.release();
    }
    const a = await acquireReplicaLock({ databaseUrl: url, ...shared });
    const b = await acquireReplicaLock({ databaseUrl: url, ...shared });
    try {
      expect([a.mode, b.mode]).toEqual(["shared", "shared"]);
      const refused = acquireReplicaLock({ databaseUrl: url, ...memory });
      await expect(refused).rejects.toBeInstanceOf(StartupError);
      await expect(refused).rejects.toThrow(
        "another Hub is running on this PostgreSQL database, and this one keeps capability tokens or execution events in memory",
      );
    } finally {
      await a.release();
      await b.release();
    }
    // Released with its connection: a memory Hub may start again.
    const again = await acquireReplicaLock({ databaseUrl: url, ...memory });
    expect(again.mode).toBe("exclusive");
    await again.release();
  });
});
