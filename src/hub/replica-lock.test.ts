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

describeHub("the replica lock's watch", (suite) => {
  test.skipIf(suite.dialect !== "pg")(
    "a lost lock session is noticed: the lock is retaken when free, and reported lost when another Hub took it",
    async () => {
      const { url, handle } = await suite.freshDatabase({ migrate: false });
      if (handle.dialect !== "pg") throw new Error("PostgreSQL only");
      const admin = handle.db.$client;
      const killLockSession = async () => {
        await admin`select pg_terminate_backend(pid) from pg_locks
                    where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`;
      };
      /** The check, retried while the client notices its connection is gone and reconnects. */
      const checked = async (lock: Awaited<ReturnType<typeof acquireReplicaLock>>) => {
        for (let attempt = 0; ; attempt++) {
          try {
            return await lock.check();
          } catch (err) {
            if (attempt >= 20) throw err;
          }
        }
      };
      const first = await acquireReplicaLock({ databaseUrl: url, ...memory });
      try {
        expect(await first.check()).toBe("held");
        await killLockSession();
        expect(await checked(first)).toBe("retaken");
        expect(await first.check()).toBe("held");
        // Its session dies again, and this time another Hub starts in the gap.
        await killLockSession();
        const second = await acquireReplicaLock({ databaseUrl: url, ...memory });
        try {
          expect(await checked(first)).toBe("lost");
        } finally {
          await second.release();
        }
      } finally {
        await first.release();
      }
    },
  );
});
