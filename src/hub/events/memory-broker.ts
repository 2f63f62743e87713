import type { EventBroker, HubEvent } from "./broker";

/** How many recent events a reconnecting client can resume from (Last-Event-ID). */
export const REPLAY_BUFFER_SIZE = 1000;

/**
 * The in-memory broker (EVENT_BROKER_BACKEND=memory, one Hub replica): ids increase by one
 * per event, starting from the start time in microseconds, so a restarted Hub's ids are above
 * its predecessor's and a client resuming across the restart sees a gap (and is told to
 * reload) instead of waiting for ids it already has. The last `bufferSize` events are kept
 * for replay. A
 * listener that throws is logged by the caller's own code, never here: delivery to the
 * others goes on.
 */
export function createMemoryBroker({
  bufferSize = REPLAY_BUFFER_SIZE,
  firstId = Date.now() * 1000,
}: {
  bufferSize?: number;
  firstId?: number;
} = {}): EventBroker {
  const buffer: HubEvent[] = [];
  const listeners = new Set<(e: HubEvent) => void>();
  let nextId = firstId;
  let closed = false;
  return {
    async publish(type, data) {
      if (closed) return;
      const event: HubEvent = { id: nextId++, type, data };
      buffer.push(event);
      if (buffer.length > bufferSize) buffer.shift();
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          // One subscriber's failure is its own (the SSE route drops that client).
        }
      }
    },
    subscribe(listener, opts = {}) {
      const after = opts.after;
      const replayed = after === undefined ? [] : buffer.filter((e) => e.id > after);
      listeners.add(listener);
      return { replayed, unsubscribe: () => listeners.delete(listener) };
    },
    async close() {
      closed = true;
      listeners.clear();
    },
  };
}
