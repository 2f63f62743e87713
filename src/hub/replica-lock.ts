import { SQL } from "bun";
import { StartupError } from "../shared/startup-error";
import type { HubConfig } from "./config";

/** The advisory lock's key: a Hub holds it for its lifetime on its PostgreSQL database. */
const REPLICA_LOCK_KEY = "weft.hub.replicas";

/** What the Hub holds until it stops. */
export interface ReplicaLock {
  /** "exclusive": this Hub must be the only one; "shared": others like it may run too. */
  mode: "none" | "exclusive" | "shared";
  release(): Promise<void>;
}

/** True when this Hub keeps state in its own memory that another replica could not see. */
export function needsSoleReplica(config: Pick<HubConfig, "tokenStoreBackend" | "eventBrokerBackend">): boolean {
  return config.tokenStoreBackend === "memory" || config.eventBrokerBackend === "memory";
}

const SETTINGS = "TOKEN_STORE_BACKEND=database and EVENT_BROKER_BACKEND=postgresql";

/**
 * Durability rule 5 made safe: a Hub whose capability tokens or execution events live in its
 * memory (TOKEN_STORE_BACKEND=memory or EVENT_BROKER_BACKEND=memory, the defaults) must be
 * the only Hub on its database, so on PostgreSQL it takes the advisory lock exclusively; a
 * Hub with both database-backed takes it shared, so such Hubs run side by side but never
 * beside a memory one. Either refusal is a StartupError naming the settings (exit 1).
 *
 * The lock is session-level, held by a connection of its own (not the pool, whose idle
 * connections close) for the Hub's lifetime; a Hub that dies loses its connection, and
 * PostgreSQL releases the lock with it. SQLite needs none: one Hub uses one file.
 */
export async function acquireReplicaLock(
  config: Pick<HubConfig, "databaseUrl" | "tokenStoreBackend" | "eventBrokerBackend">,
): Promise<ReplicaLock> {
  if (!/^postgres(ql)?:\/\//.test(config.databaseUrl)) return { mode: "none", release: async () => {} };
  const exclusive = needsSoleReplica(config);
  const connection = new SQL(config.databaseUrl, { max: 1, idleTimeout: 0 });
  let held = false;
  try {
    const rows = exclusive
      ? await connection`select pg_try_advisory_lock(hashtext(${REPLICA_LOCK_KEY})) as ok`
      : await connection`select pg_try_advisory_lock_shared(hashtext(${REPLICA_LOCK_KEY})) as ok`;
    held = rows[0]?.ok === true;
  } finally {
    if (!held) await connection.close();
  }
  if (!held) {
    throw new StartupError(
      exclusive
        ? "another Hub is running on this PostgreSQL database, and this one keeps capability tokens or execution " +
            `events in memory (TOKEN_STORE_BACKEND=${config.tokenStoreBackend}, EVENT_BROKER_BACKEND=${config.eventBrokerBackend}): ` +
            `stop the other Hub, or run every Hub with ${SETTINGS}`
        : "a Hub that keeps capability tokens or execution events in memory (TOKEN_STORE_BACKEND=memory or " +
            "EVENT_BROKER_BACKEND=memory) is running on this PostgreSQL database: stop it, or restart it with " +
            SETTINGS,
    );
  }
  let released = false;
  return {
    mode: exclusive ? "exclusive" : "shared",
    async release() {
      if (released) return;
      released = true;
      // Closing the session releases its advisory locks.
      await connection.close();
    },
  };
}
