import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { bigInteger, ts } from "./columns";

/**
 * The hash-chained audit log (decisions.md). seq is gapless from 1; hash = sha256(prev_hash
 * || canonical JSON of the other fields), see src/hub/audit/chain.ts. details is canonical
 * JSON text, stored as text so the bytes hashed are the bytes kept. No foreign keys: an
 * event names its actor and target long after they are deleted.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    seq: bigInteger("seq").primaryKey(),
    id: text("id").notNull().unique(),
    ts: ts("ts").notNull(),
    actorType: text("actor_type", { enum: ["user", "server", "system"] }).notNull(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: text("details").notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    check("audit_events_actor_type_check", sql`${t.actorType} in ('user', 'server', 'system')`),
    index("audit_events_ts_idx").on(t.ts),
    index("audit_events_actor_idx").on(t.actorId, t.seq),
    index("audit_events_action_idx").on(t.action, t.seq),
    index("audit_events_target_idx").on(t.targetType, t.targetId, t.seq),
  ],
);

/**
 * The chain's head, one row (id 1): appends lock it (PostgreSQL: SELECT … FOR UPDATE) so
 * two writers never read the same head and fork the chain.
 */
export const auditHead = pgTable(
  "audit_head",
  {
    id: integer("id").primaryKey(),
    seq: bigInteger("seq").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [check("audit_head_single_row_check", sql`${t.id} = 1`)],
);

/** Signed checkpoints {seq, head_hash, ts} (Ed25519, base64 signature); also kept in a file. */
export const auditCheckpoints = pgTable("audit_checkpoints", {
  seq: bigInteger("seq").primaryKey(),
  headHash: text("head_hash").notNull(),
  ts: ts("ts").notNull(),
  signature: text("signature").notNull(),
  /** SHA-256 of the public key that signed it (keys may be rotated). */
  keyId: text("key_id").notNull(),
});
