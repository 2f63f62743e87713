import { createHash } from "node:crypto";
import { checkAndRecord } from "../connections/health";
import { type ConnectionChecker, createConnectionChecker } from "../connections/probe";
import { connectionsCheckedBefore } from "../connections/queries";
import type { HubDeps } from "../deps";

export interface ConnectionPollerOptions {
  /** How often each connection is checked: about hourly. */
  everyMs?: number;
  /** Each connection's turn moves by up to ±jitterMs/2, so checks spread out instead of bunching. */
  jitterMs?: number;
  /** How often the poller looks for connections whose turn has come (real time). */
  tickMs?: number;
  /** The first look's delay (real time), so start-up is not slowed. */
  firstMs?: number;
  /** Most connections checked in one look (one at a time); the rest wait for the next. */
  batch?: number;
  check?: ConnectionChecker;
  /** Told after each look how many connections it checked (observability; tests wait on it). */
  afterLook?: (checked: number) => void;
}

/** A stable offset in [-jitterMs/2, jitterMs/2) for one connection's next turn. */
export function jitterOf(id: string, checkedAt: Date, jitterMs: number): number {
  const digest = createHash("sha256").update(`${id}@${checkedAt.getTime()}`).digest();
  return Math.floor((digest.readUInt32BE(0) / 2 ** 32 - 0.5) * jitterMs);
}

/**
 * The connection health poller (hub.md: about hourly). Every `tickMs` it takes the
 * connections whose turn has come by the injected clock (never checked, or last checked
 * `everyMs` ± jitter ago), checks them one at a time with the real drivers (each check
 * bounded by the checker's timeout) and records status, latency and the scrubbed error
 * (connections/health.ts). Looks never overlap: the next is planned when one ends. A
 * failing look (the key does not open the vault) is logged and the next runs as planned.
 * Answers its stop.
 */
export function startConnectionPoller(deps: HubDeps, options: ConnectionPollerOptions = {}): () => void {
  const { everyMs = 3_600_000, jitterMs = 600_000, tickMs = 60_000, firstMs = 10_000, batch = 20 } = options;
  const check = options.check ?? createConnectionChecker();
  const health = { ...deps, check };
  const log = deps.logger.child({ task: "connection-poller" });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const look = async (): Promise<number> => {
    let checked = 0;
    const now = deps.clock();
    // Every connection whose turn may have come (the earliest jitter), then each one's own turn.
    const latest = new Date(now.getTime() - everyMs + jitterMs / 2);
    const candidates = await connectionsCheckedBefore(deps.database, latest, batch);
    for (const { id, checkedAt } of candidates) {
      if (stopped) return checked;
      if (checkedAt && checkedAt.getTime() + everyMs + jitterOf(id, checkedAt, jitterMs) > now.getTime()) continue;
      const result = await checkAndRecord(health, id, { type: "system" });
      if (!result) continue;
      checked++;
      log.debug("connection checked", { connection_id: id, ok: result.ok, latency_ms: result.latencyMs });
    }
    return checked;
  };

  const plan = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(async () => {
      let checked = 0;
      try {
        checked = await look();
      } catch (err) {
        log.error("connection health poll failed", { error: err });
      }
      options.afterLook?.(checked);
      plan(tickMs);
    }, ms);
    timer.unref();
  };
  plan(firstMs);

  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
