import type { SQL } from "bun";
import type { Logger } from "../../shared/logger";
import type { EventBroker, HubEvent } from "./broker";

export interface PgBrokerOptions {
  /** The Hub's PostgreSQL client: NOTIFY runs on its pool; LISTEN opens one dedicated connection of it. */
  client: SQL;
  logger: Logger;
  /** The NOTIFY channel (tests give each broker pair their own). */
  channel?: string;
  /** How many recent events are kept for a client that resumes with Last-Event-ID. */
  bufferSize?: number;
  /**
   * The id of the first event this replica receives: by default its start time in
   * microseconds, as the memory broker's, so a restarted replica numbers above what it sent
   * before the restart and a client resuming from an old id is told it missed events
   * (sse.ts's `stream.reset`) instead of being given nothing, or other events, under ids it
   * already saw.
   */
  firstId?: number;
}

export const DEFAULT_CHANNEL = "weft_hub_events";
const DEFAULT_BUFFER = 1000;

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. An event above this travels
 * without its extra fields: `execution_id`, `status`, `user_id` and `truncated: true` (the
 * stream client reads the execution, or its logs, for the rest). Execution events are ids
 * and small facts, so this is rare: a long log line.
 */
export const MAX_PAYLOAD_BYTES = 7900;

const TYPES = new Set<HubEvent["type"]>(["execution.created", "execution.updated", "execution.tool", "execution.log"]);

/** The wire form of an event: what NOTIFY carries (no id: each replica numbers what it receives). */
export function encodeEvent(type: HubEvent["type"], data: HubEvent["data"]): string {
  const full = JSON.stringify({ type, data });
  if (Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES) return full;
  const { execution_id, status, user_id } = data;
  return JSON.stringify({ type, data: { execution_id, status, user_id, truncated: true } });
}

function decodeEvent(payload: string): Omit<HubEvent, "id"> | undefined {
  try {
    const parsed = JSON.parse(payload) as Omit<HubEvent, "id">;
    if (!TYPES.has(parsed.type) || typeof parsed.data?.execution_id !== "string") return undefined;
    return parsed;
  } catch {
    return undefined;
  }
}

/**
 * The event broker of several Hub replicas (EVENT_BROKER_BACKEND=postgresql): `publish`
 * NOTIFYs the channel, and every replica's broker (this one included) LISTENs, numbers what
 * arrives and hands it to its subscribers, so a stream client of any replica sees every
 * replica's events. PostgreSQL delivers notifications in commit order to every listener.
 *
 * Ids are this replica's: increasing by one in the order it received the events (from its
 * start time in microseconds, so they grow across restarts), kept in a bounded
 * buffer for `subscribe({after})` (Last-Event-ID). A client that reconnects to ANOTHER replica
 * resumes by that replica's numbering, so behind a load balancer keep stream clients on one
 * replica (sticky sessions) for an exact resume. An event published while this replica's
 * LISTEN connection was down (Bun reconnects it) is not seen here.
 */
export async function createPgBroker({
  client,
  logger,
  channel = DEFAULT_CHANNEL,
  bufferSize = DEFAULT_BUFFER,
  firstId = Date.now() * 1000,
}: PgBrokerOptions): Promise<EventBroker> {
  let nextId = firstId;
  const buffer: HubEvent[] = [];
  const listeners = new Set<(e: HubEvent) => void>();

  const receive = (payload: string) => {
    const decoded = decodeEvent(payload);
    if (!decoded) {
      logger.warn("ignored a notification that is not an execution event", { channel });
      return;
    }
    const event: HubEvent = { id: nextId++, ...decoded };
    buffer.push(event);
    if (buffer.length > bufferSize) buffer.shift();
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        logger.error("event subscriber failed", { error: err, event_id: event.id });
      }
    }
  };

  // Resolves once PostgreSQL acknowledged the LISTEN: nothing published after start is missed.
  const subscription = await client.listen(channel, receive, () =>
    logger.debug("listening for execution events", { channel }),
  );
  let closed = false;

  return {
    async publish(type, data) {
      if (closed) throw new Error("the event broker is closed");
      await client.notify(channel, encodeEvent(type, data));
    },
    subscribe(listener, opts = {}) {
      const { after } = opts;
      const replayed = after === undefined ? [] : buffer.filter((e) => e.id > after);
      listeners.add(listener);
      return { replayed, unsubscribe: () => listeners.delete(listener) };
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await subscription.unlisten();
    },
  };
}
