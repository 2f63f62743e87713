import { SQL } from "bun";
import type { Logger } from "../shared/logger";
import { StartupError } from "../shared/startup-error";
import type { HubConfig } from "./config";

/** The advisory lock's key: a Hub holds it for its lifetime on its PostgreSQL database. */
const REPLICA_LOCK_KEY = "weft.hub.replicas";

/** What the Hub holds until it stops. */
export interface ReplicaLock {
  /** "exclusive": this Hub must be the only one; "shared": others like it may run too. */
  mode: "none" | "exclusive" | "shared";
  /**
   * Checks that the lock's session still holds it (the watch does so every minute): "held";
   * "retaken" when the session had been lost (a database restart, a dropped connection)
   * and the lock was free to take again; "lost" when another Hub took it meanwhile (logged
   * as an error: the operator must stop one of them).
   */
  check(): Promise<"held" | "retaken" | "lost">;
  release(): Promise<void>;
}

/** How often the lock's session is checked. */
export const REPLICA_LOCK_CHECK_MS = 60_000;

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
  { logger, checkEveryMs = REPLICA_LOCK_CHECK_MS }: { logger?: Logger; checkEveryMs?: number } = {},
): Promise<ReplicaLock> {
  if (!/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    return { mode: "none", check: async () => "held", release: async () => {} };
  }
  const exclusive = needsSoleReplica(config);
  const connection = new SQL(config.databaseUrl, { max: 1, idleTimeout: 0 });
  const take = async () => {
    const rows = exclusive
      ? await connection`select pg_try_advisory_lock(hashtext(${REPLICA_LOCK_KEY})) as ok`
      : await connection`select pg_try_advisory_lock_shared(hashtext(${REPLICA_LOCK_KEY})) as ok`;
    return rows[0]?.ok === true;
  };
  let held = false;
  try {
    held = await take();
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
  const check = async (): Promise<"held" | "retaken" | "lost"> => {
    // This session holds no other advisory lock: any row is ours. A new session (the old one
    // dropped; the client reconnected) holds none.
    const rows =
      await connection`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`;
    if ((rows[0]?.n ?? 0) > 0) return "held";
    if (await take()) {
      logger?.warn("the replica lock's database session was lost; the lock is taken again");
      return "retaken";
    }
    logger?.error(
      "the replica lock was lost and another Hub holds it now: two Hubs that may not run together are running; stop one",
      { token_store_backend: config.tokenStoreBackend, event_broker_backend: config.eventBrokerBackend },
    );
    return "lost";
  };
  const timer = setInterval(() => {
    // A failed check (the database unreachable) is retried at the next tick.
    check().catch((err: unknown) => logger?.warn("replica lock check failed", { error: err }));
  }, checkEveryMs);
  timer.unref?.();
  return {
    mode: exclusive ? "exclusive" : "shared",
    check,
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      // Unlocked before the session closes: PostgreSQL ends a closed session's backend (and
      // frees its locks) a moment after the client has gone, so a Hub started right after this
      // one stopped could otherwise still find the lock held. A lost session holds nothing.
      await connection`select pg_advisory_unlock_all()`.catch(() => undefined);
      await connection.close();
    },
  };
}
