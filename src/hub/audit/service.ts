import type { HubDatabase } from "../../db/hub-db";
import type { AuditEvent } from "./chain";
import type { Checkpointer } from "./checkpoints";
import { type EventFilter, listCheckpoints, listEvents } from "./queries";
import { type VerifyResult, verifyChain } from "./verify";

/** An event as the API answers it (wire names, ts as ISO 8601, details as JSON). */
export function eventBody(e: AuditEvent) {
  return {
    seq: e.seq,
    id: e.id,
    ts: e.ts.toISOString(),
    actor_type: e.actorType,
    actor_id: e.actorId,
    action: e.action,
    target_type: e.targetType,
    target_id: e.targetId,
    details: JSON.parse(e.details) as Record<string, unknown>,
    prev_hash: e.prevHash,
    hash: e.hash,
  };
}

export interface AuditServiceDeps {
  database: HubDatabase;
  checkpoints: Checkpointer;
}

/** Reading and checking the audit log (the writer is audit/writer.ts). */
export function createAuditService({ database, checkpoints }: AuditServiceDeps) {
  return {
    async events(filter: EventFilter, page: { limit: number; offset: number; order: "asc" | "desc" }) {
      const { events, total } = await listEvents(database, filter, page);
      return { events: events.map(eventBody), total };
    },
    async verify(): Promise<VerifyResult> {
      return verifyChain({ q: database, key: await checkpoints.key(), file: checkpoints.readFile() });
    },
    async checkpoints() {
      const key = await checkpoints.key();
      const rows = await listCheckpoints(database);
      return {
        public_key: key.publicKeyBase64,
        checkpoints: rows.map((c) => ({
          seq: c.seq,
          head_hash: c.headHash,
          ts: c.ts.toISOString(),
          signature: c.signature,
        })),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
