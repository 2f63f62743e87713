import { canonicalJson, sha256Hex } from "../../shared/hash";

/** The prev_hash of event 1 (and the head's hash before any event): 64 zeros. */
export const GENESIS_HASH = "0".repeat(64);

export type ActorType = "user" | "server" | "system";

/** What a caller states about an audited action; seq, id, ts and the hashes are the writer's. */
export interface AuditEventInput {
  actorType: ActorType;
  /** The user's or Server's id; null for the system. */
  actorId: string | null;
  /** Dotted, past-tense-free verb naming the action, e.g. `user.create`, `auth.login_failed`. */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  /** Anything JSON that explains the event; never a secret. */
  details?: Record<string, unknown>;
}

/** An event as stored: the row of audit_events. */
export interface AuditEvent {
  seq: number;
  id: string;
  ts: Date;
  actorType: ActorType;
  actorId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** Canonical JSON text. */
  details: string;
  prevHash: string;
  hash: string;
}

/**
 * hash = sha256(prev_hash || canonical JSON of the other fields) (decisions.md). The fields
 * go in with their wire names, ts as ISO 8601 (milliseconds, UTC) and details as the JSON
 * value it holds, so a verifier outside Weft can recompute it from `/audit/events` alone.
 */
export function eventHash(event: Omit<AuditEvent, "hash">): string {
  const fields = {
    seq: event.seq,
    id: event.id,
    ts: event.ts.toISOString(),
    actor_type: event.actorType,
    actor_id: event.actorId,
    action: event.action,
    target_type: event.targetType,
    target_id: event.targetId,
    details: JSON.parse(event.details) as unknown,
  };
  return sha256Hex(event.prevHash + canonicalJson(fields));
}

/** The next event after the head `{seq, hash}`, hashed. */
export function nextEvent(
  head: { seq: number; hash: string },
  input: AuditEventInput,
  id: string,
  ts: Date,
): AuditEvent {
  const event: Omit<AuditEvent, "hash"> = {
    seq: head.seq + 1,
    id,
    ts,
    actorType: input.actorType,
    actorId: input.actorId,
    action: input.action,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    details: canonicalJson(input.details ?? {}),
    prevHash: head.hash,
  };
  return { ...event, hash: eventHash(event) };
}
