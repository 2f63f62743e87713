import { inArray, lte } from "drizzle-orm";
import type { HubDatabase } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";

export const SESSION_CLEANUP_EVERY_MS = 10 * 60_000;
export const SESSION_CLEANUP_BATCH = 1000;

/**
 * Deletes the sessions that expired by `clock()`, `batch` rows per transaction, so a large
 * backlog never holds the write lock (SQLite's is the whole database) for long. Answers how
 * many were deleted. Expired sessions are already refused by the guard; this only frees rows.
 */
export async function deleteExpiredSessions(
  database: HubDatabase,
  clock: Clock,
  batch = SESSION_CLEANUP_BATCH,
): Promise<number> {
  const now = clock();
  let deleted = 0;
  for (;;) {
    const n = await database.transaction(async (tx) => {
      const { sessions } = tx.t;
      const ids = await tx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(lte(sessions.expiresAt, now))
        .limit(batch);
      if (ids.length === 0) return 0;
      await tx.db.delete(sessions).where(
        inArray(
          sessions.id,
          ids.map((r) => r.id),
        ),
      );
      return ids.length;
    });
    deleted += n;
    if (n < batch) return deleted;
  }
}
