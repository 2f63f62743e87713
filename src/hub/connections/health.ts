import type { HubDatabase } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import type { AuditWriter } from "../audit/writer";
import type { ConnectionChecker } from "./probe";
import { findConnection, recordHealth } from "./queries";
import type { CheckResult } from "./settings";
import { storedSettings } from "./stored-settings";
import type { ConnectionVault } from "./vault";

export interface HealthDeps {
  database: HubDatabase;
  audit: AuditWriter;
  clock: Clock;
  vault: () => Promise<ConnectionVault>;
  check: ConnectionChecker;
}

/** Who asked: a person (the check route) or the health poller. */
export type CheckActor = { type: "user"; id: string } | { type: "system" };

/**
 * Checks stored connection `id` and records the outcome (status, latency, scrubbed error) on
 * it. A person's check is audited (`connection.check`); the poller's hourly checks append an
 * event only when the status changes (`connection.health_change`), so the chain records
 * every transition without an event per connection per hour. Undefined when `id` is gone.
 */
export async function checkAndRecord(
  deps: HealthDeps,
  id: string,
  actor: CheckActor,
): Promise<CheckResult | undefined> {
  const row = await findConnection(deps.database, id);
  if (!row) return undefined;
  const vault = await deps.vault();
  let result: CheckResult;
  try {
    result = await deps.check(storedSettings(row, vault));
  } catch {
    // Only the opening of a sealed field throws here (the checker never does).
    result = { ok: false, latencyMs: 0, error: "The stored credentials do not decrypt with this key" };
  }
  const status = result.ok ? ("ok" as const) : ("error" as const);
  const health = { status, checkedAt: deps.clock(), latencyMs: result.latencyMs, error: result.error ?? null };
  const previous = row.connection.healthStatus;
  if (actor.type === "user") {
    await deps.audit.write(async (tx, record) => {
      await recordHealth(tx, id, health);
      await record({
        actorType: "user",
        actorId: actor.id,
        action: "connection.check",
        targetType: "connection",
        targetId: id,
        details: { ok: result.ok, latency_ms: result.latencyMs },
      });
    });
  } else if (previous !== status) {
    await deps.audit.write(async (tx, record) => {
      await recordHealth(tx, id, health);
      await record({
        actorType: "system",
        actorId: null,
        action: "connection.health_change",
        targetType: "connection",
        targetId: id,
        details: { from: previous, to: status, latency_ms: result.latencyMs },
      });
    });
  } else {
    await deps.database.transaction((tx) => recordHealth(tx, id, health));
  }
  return result;
}
