import { inArray, lte } from "drizzle-orm";
import type { HubDatabase } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import type { Logger } from "../../shared/logger";

export interface SessionCleanupDeps {
  database: HubDatabase;
  clock: Clock;
  logger: Logger;
}

export interface SessionCleanupOptions {
  /** Rows per delete: each batch is its own short transaction, so logins never wait long. */
  batchSize?: number;
  /** Between sweeps (hourly). */
  everyMs?: number;
  /** Before the first sweep (a minute after start, not slowing start-up). */
  firstMs?: number;
}

/**
 * Deletes the sessions expired by `clock()` in batches of `batchSize` until none is left;
 * answers how many went. An expired session already signs nobody in (the guard compares
 * expires_at); this only keeps the table from growing.
 */
export async function sweepExpiredSessions(
  { database, clock }: Pick<SessionCleanupDeps, "database" | "clock">,
  batchSize = 1000,
): Promise<number> {
  const now = clock();
  let total = 0;
  for (;;) {
    const deleted = await database.transaction(async (tx) => {
      const { sessions } = tx.t;
      const batch = tx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(lte(sessions.expiresAt, now))
        .limit(batchSize);
      const rows = await tx.db.delete(sessions).where(inArray(sessions.id, batch)).returning({ id: sessions.id });
      return rows.length;
    });
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/**
 * The session cleanup task (hub.md "Background work"): a sweep shortly after start, then
 * every `everyMs`. Never keeps the process alive; a failed sweep is logged and the next runs
 * as planned; a sweep is not started while one runs. Answers its stop.
 */
export function startSessionCleanup(
  deps: SessionCleanupDeps,
  { batchSize = 1000, everyMs = 3_600_000, firstMs = 60_000 }: SessionCleanupOptions = {},
): () => void {
  let running = false;
  let stopped = false;
  const sweep = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const deleted = await sweepExpiredSessions(deps, batchSize);
      if (deleted > 0) deps.logger.info("expired sessions deleted", { count: deleted });
    } catch (err) {
      deps.logger.error("session cleanup failed", { error: err });
    } finally {
      running = false;
    }
  };
  const first = setTimeout(sweep, firstMs);
  const every = setInterval(sweep, everyMs);
  first.unref();
  every.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
  };
}
