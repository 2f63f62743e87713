import type { HubQueryable } from "../../db/hub-db";
import type { AuditEvent, AuditEventInput } from "../audit/chain";
import type { AuditWriter } from "../audit/writer";
import { checkServerHealth } from "./health-check";
import { afterPoll, type PollOutcome } from "./poll-state";
import { findServer, type ServerRow, updateServer } from "./queries";

export interface PollDeps {
  audit: AuditWriter;
  clock: () => Date;
  /** SERVER_POLL_INTERVAL_SECONDS, in ms. */
  intervalMs: number;
  /** How long one poll waits for an answer. */
  timeoutMs?: number;
}

type RecordEvent = (event: AuditEventInput) => Promise<AuditEvent>;

/**
 * Stores a poll's outcome in the open transaction. The row is read again here, not taken
 * from before the poll: the poll took time, and meanwhile the Server may have been
 * revoked, deleted or polled by someone else (the refresh route). A change of status is
 * audited (`server.status_change`, by the system): an auditor sees when a Server went away
 * and came back, while the steady polls themselves stay out of the chain.
 */
export async function recordPoll(
  tx: HubQueryable,
  record: RecordEvent,
  serverId: string,
  outcome: PollOutcome,
  { clock, intervalMs }: Pick<PollDeps, "clock" | "intervalMs">,
): Promise<ServerRow | undefined> {
  const current = await findServer(tx, serverId);
  if (!current || current.revokedAt) return current;
  const now = clock();
  const next = afterPoll(current, outcome, now, intervalMs);
  const updated = await updateServer(tx, serverId, { ...next, updatedAt: now });
  if (current.status !== next.status) {
    await record({
      actorType: "system",
      actorId: null,
      action: "server.status_change",
      targetType: "server",
      targetId: serverId,
      details: { from: current.status, to: next.status, failed_polls: next.failedPolls },
    });
  }
  return updated;
}

/** Polls one Server now and records what it found (the poller's step). */
export async function pollServer(
  deps: PollDeps,
  server: Pick<ServerRow, "id" | "endpoint">,
): Promise<ServerRow | undefined> {
  const outcome = await checkServerHealth(server.endpoint, deps.timeoutMs);
  return deps.audit.write((tx, record) => recordPoll(tx, record, server.id, outcome, deps));
}
