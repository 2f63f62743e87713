import { and, asc, count, desc, eq, gt, gte, lte, type SQL, sql } from "drizzle-orm";
import type { HubQueryable } from "../../db/hub-db";
import type { ActorType, AuditEvent } from "./chain";

/** A signed checkpoint as stored (audit_checkpoints) and as kept in the checkpoint file. */
export interface Checkpoint {
  seq: number;
  headHash: string;
  ts: Date;
  signature: string;
  keyId: string;
}

export interface EventFilter {
  actorType?: ActorType;
  actorId?: string;
  /** Exact, or a prefix when it ends with `.*` (`user.*`). */
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Inclusive bounds on ts. */
  from?: Date;
  to?: Date;
}

function conditions(q: HubQueryable, f: EventFilter): SQL | undefined {
  const e = q.t.auditEvents;
  const parts: (SQL | undefined)[] = [
    f.actorType ? eq(e.actorType, f.actorType) : undefined,
    f.actorId ? eq(e.actorId, f.actorId) : undefined,
    f.targetType ? eq(e.targetType, f.targetType) : undefined,
    f.targetId ? eq(e.targetId, f.targetId) : undefined,
    f.from ? gte(e.ts, f.from) : undefined,
    f.to ? lte(e.ts, f.to) : undefined,
  ];
  if (f.action?.endsWith(".*")) {
    // substr, not LIKE: action names hold `_`, a LIKE wildcard, and both dialects have substr.
    const prefix = f.action.slice(0, -1);
    parts.push(sql`substr(${e.action}, 1, ${prefix.length}) = ${prefix}`);
  } else if (f.action) {
    parts.push(eq(e.action, f.action));
  }
  return and(...parts);
}

/** One page of events matching `filter`, newest first unless `order` is asc, and how many match. */
export async function listEvents(
  q: HubQueryable,
  filter: EventFilter,
  page: { limit: number; offset: number; order: "asc" | "desc" },
): Promise<{ events: AuditEvent[]; total: number }> {
  const e = q.t.auditEvents;
  const where = conditions(q, filter);
  const events = (await q.db
    .select()
    .from(e)
    .where(where)
    .orderBy(page.order === "asc" ? asc(e.seq) : desc(e.seq))
    .limit(page.limit)
    .offset(page.offset)) as AuditEvent[];
  const [row] = await q.db.select({ n: count() }).from(e).where(where);
  return { events, total: Number(row?.n ?? 0) };
}

/** Up to `limit` events after `afterSeq`, in seq order: the verifier's keyset page. */
export async function eventsAfter(q: HubQueryable, afterSeq: number, limit: number): Promise<AuditEvent[]> {
  const e = q.t.auditEvents;
  return (await q.db.select().from(e).where(gt(e.seq, afterSeq)).orderBy(asc(e.seq)).limit(limit)) as AuditEvent[];
}

/** The chain head as the writer left it ({seq: 0, hash: genesis} before any event). */
export async function readHead(q: HubQueryable): Promise<{ seq: number; hash: string } | undefined> {
  const h = q.t.auditHead;
  const [head] = await q.db.select({ seq: h.seq, hash: h.hash }).from(h).where(eq(h.id, 1));
  return head;
}

export async function listCheckpoints(q: HubQueryable): Promise<Checkpoint[]> {
  const c = q.t.auditCheckpoints;
  return q.db.select().from(c).orderBy(asc(c.seq));
}

/** Stores a checkpoint unless one exists at its seq; true when this call stored it. */
export async function insertCheckpoint(q: HubQueryable, checkpoint: Checkpoint): Promise<boolean> {
  const c = q.t.auditCheckpoints;
  const rows = await q.db.insert(c).values(checkpoint).onConflictDoNothing().returning({ seq: c.seq });
  return rows.length > 0;
}
