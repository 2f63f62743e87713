/**
 * True when `err` (or an error it wraps) is a unique or primary-key violation: PostgreSQL's
 * SQLSTATE 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY. Services check for a
 * duplicate first and answer 409; this catches the insert that lost a race to another.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) {
    const { errno, code } = e as { errno?: unknown; code?: unknown };
    if (errno === "23505" || code === "23505") return true;
    if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
  }
  return false;
}

/** Runs `work`; a unique violation it hits (a race lost to a concurrent insert) becomes `conflict`. */
export async function conflictOnDuplicate<T>(work: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
}
