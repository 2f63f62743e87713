import { roleAtLeast } from "../../shared/roles";
import type { EventBroker, HubEvent } from "../events/broker";
import type { SessionUser } from "../guards";
import type { Every } from "./runtime";

/** A comment line every 15 s keeps proxies from closing an idle stream. */
export const SSE_HEARTBEAT_MS = 15_000;
/** Events a client may have waiting before it is dropped (a slow client never makes the Hub buffer without bound). */
export const SSE_CLIENT_QUEUE = 500;

export interface SseDeps {
  events: EventBroker;
  every: Every;
  queueSize?: number;
}

const encoder = new TextEncoder();
const frame = (id: number | undefined, type: string, data: unknown) =>
  encoder.encode(`${id === undefined ? "" : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);

/** Parses a Last-Event-ID (absent or not a number: no resume). */
export function lastEventId(value: string | undefined | null): number | undefined {
  if (!value || !/^\d{1,16}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/**
 * The execution stream of one client (decisions.md "Execution stream"): the events it may
 * see (its own executions; auditors and above all), each as `id:`, `event:`, `data:` JSON.
 * With `after` (Last-Event-ID) it first replays what it missed from the broker's buffer;
 * when the buffer no longer reaches back that far, it says so with `stream.reset` (reload
 * the list, then follow). Its queue is bounded: a client that does not read is sent
 * `stream.dropped` and closed, and it is the client's job to reconnect.
 */
export function executionStream(deps: SseDeps, user: SessionUser, after?: number): ReadableStream<Uint8Array> {
  const mayWatch = (e: HubEvent) => roleAtLeast(user.role, "auditor") || e.data.user_id === user.id;
  const queueSize = deps.queueSize ?? SSE_CLIENT_QUEUE;
  let stop = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true;
        // The first event seen (replayed or live) tells whether the resume has a hole.
        let checked = after === undefined;
        const close = () => {
          if (!open) return;
          open = false;
          stop();
          try {
            controller.close();
          } catch {
            // already closed by the client
          }
        };
        const send = (e: HubEvent) => {
          if (!open) return;
          if (!checked) {
            checked = true;
            if (after !== undefined && e.id > after + 1) {
              controller.enqueue(frame(undefined, "stream.reset", { reason: "missed_events", last_event_id: after }));
            }
          }
          if (!mayWatch(e)) return;
          if ((controller.desiredSize ?? 1) <= 0) {
            controller.enqueue(frame(undefined, "stream.dropped", { reason: "slow_client", queued: queueSize }));
            close();
            return;
          }
          controller.enqueue(frame(e.id, e.type, e.data));
        };
        const subscription = deps.events.subscribe(send, after === undefined ? {} : { after });
        const stopBeat = deps.every(SSE_HEARTBEAT_MS, () => {
          if (open && (controller.desiredSize ?? 1) > 0) controller.enqueue(encoder.encode(": heartbeat\n\n"));
        });
        stop = () => {
          subscription.unsubscribe();
          stopBeat();
        };
        controller.enqueue(encoder.encode(": connected\n\n"));
        for (const e of subscription.replayed) send(e);
      },
      cancel() {
        stop();
      },
    },
    new CountQueuingStrategy({ highWaterMark: queueSize }),
  );
}
