import { eq } from "drizzle-orm";
import type { HubDatabase, HubQueryable, HubTx } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { newId } from "../../shared/ids";
import { type AuditEvent, type AuditEventInput, nextEvent } from "./chain";

/** Told of each event once its transaction committed (the checkpointer listens here). */
export type AfterCommit = (event: AuditEvent) => void | Promise<void>;

/**
 * The audit log's only writer. Every service is given one; an audited write and its event
 * commit together or not at all, because the event is appended inside the caller's
 * transaction.
 */
export interface AuditWriter {
  /**
   * Appends `event` inside the open transaction `tx`. Locks the chain head first (PostgreSQL:
   * SELECT … FOR UPDATE on audit_head; SQLite: the transaction is BEGIN IMMEDIATE and the
   * process's writers take turns), so concurrent writers queue on the head: the chain never
   * forks and seq has no gaps (a rolled-back transaction takes its seq back with it).
   * `afterCommit` hears of the event once `tx` has committed.
   */
  append(tx: HubTx, event: AuditEventInput): Promise<AuditEvent>;
  /**
   * Runs `work` in one transaction with a `record` function that appends to the log in that
   * same transaction: the helper services use for "a write and its audit event".
   */
  write<T>(work: (tx: HubTx, record: (event: AuditEventInput) => Promise<AuditEvent>) => Promise<T>): Promise<T>;
}

export interface AuditWriterDeps {
  database: HubDatabase;
  clock: Clock;
  /** Runs for each appended event after its transaction committed (never for a rolled-back one). */
  afterCommit?: AfterCommit;
}

async function lockHead(tx: HubQueryable): Promise<{ seq: number; hash: string }> {
  const { auditHead } = tx.t;
  const query = tx.db.select({ seq: auditHead.seq, hash: auditHead.hash }).from(auditHead).where(eq(auditHead.id, 1));
  // SQLite has no row locks (and drizzle's SQLite builder no `.for`): the immediate
  // transaction already holds the database's write lock.
  const rows = tx.dialect === "pg" ? await query.for("update") : await query;
  const head = rows[0];
  if (!head) throw new Error("audit_head row missing: the database was not migrated");
  return head;
}

export function createAuditWriter({ database, clock, afterCommit }: AuditWriterDeps): AuditWriter {
  const append = async (tx: HubTx, input: AuditEventInput): Promise<AuditEvent> => {
    const head = await lockHead(tx);
    const event = nextEvent(head, input, newId(), clock());
    const { auditEvents, auditHead } = tx.t;
    await tx.db.insert(auditEvents).values(event);
    await tx.db.update(auditHead).set({ seq: event.seq, hash: event.hash }).where(eq(auditHead.id, 1));
    if (afterCommit) tx.onCommit(() => afterCommit(event));
    return event;
  };
  return {
    append,
    write: (work) => database.transaction((tx) => work(tx, (input) => append(tx, input))),
  };
}
