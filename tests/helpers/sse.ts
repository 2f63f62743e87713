import { waitUntil } from "./wait";

/** One Server-Sent Event as a client parses it. */
export interface SseEvent {
  id?: number;
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: events are checked field by field
  data: any;
}

/**
 * Reads an SSE answer in the background, frame by frame, as a browser's EventSource would:
 * `events` grows as they come, `comments` counts comment lines (heartbeats), `closed` says
 * when the Hub ended the stream.
 */
export function readSse(res: Response) {
  const events: SseEvent[] = [];
  const state = { comments: 0, closed: false };
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let pending = "";
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      let end = pending.indexOf("\n\n");
      while (end >= 0) {
        const frame = pending.slice(0, end);
        pending = pending.slice(end + 2);
        end = pending.indexOf("\n\n");
        if (frame.startsWith(":")) {
          state.comments++;
          continue;
        }
        const field = (name: string) =>
          frame
            .split("\n")
            .find((l) => l.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        const id = field("id");
        events.push({
          id: id === undefined ? undefined : Number(id),
          event: field("event") ?? "message",
          data: JSON.parse(field("data") ?? "null"),
        });
      }
    }
    state.closed = true;
  })();
  return {
    events,
    state,
    /** Waits until `check` holds of the events seen so far. */
    until: (check: (events: SseEvent[]) => boolean, what: string) => waitUntil(() => check(events), what),
    close: async () => {
      await reader.cancel().catch(() => undefined);
      await pump;
    },
  };
}

/** A repeating timer the test fires by hand (the heartbeats of runners and streams). */
export function manualEvery() {
  const timers = new Set<{ ms: number; tick: () => void }>();
  return {
    every: (ms: number, tick: () => void) => {
      const timer = { ms, tick };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    /** Fires every live timer of period `ms` once. */
    fire: (ms: number) => {
      for (const t of [...timers]) if (t.ms === ms) t.tick();
    },
    count: (ms: number) => [...timers].filter((t) => t.ms === ms).length,
  };
}
