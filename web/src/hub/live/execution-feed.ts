import { type Accessor, createSignal } from "solid-js";
import { ApiError } from "../../lib/api";
import type { HubClient } from "../../lib/hub-api";
import { SseDecoder, type SseEvent } from "./sse-decoder";

/** Waits before reconnecting after the stream broke: quick at first, then every 15 s at most. */
const RETRY_MS = [1_000, 2_000, 5_000, 15_000];

/**
 * One live stream of the Hub's execution events (`GET /executions/stream`, SSE read through
 * fetch so the session goes as a bearer, never in a URL) for every part of the app that shows
 * executions. It is open while anything listens, and resumes with Last-Event-ID after a break.
 * Besides the Hub's events, listeners hear `stream.open` at each (re)connection and the Hub's
 * `stream.reset` when events were missed: both mean "load the list again, then follow".
 * A 401 (the session ended) stops it until `restart()` (the next sign-in).
 */
export interface ExecutionFeed {
  subscribe(listener: (event: SseEvent) => void): () => void;
  /** Whether the stream is open now (the UI may say "live" or "reconnecting"). */
  connected: Accessor<boolean>;
  /** True from a 401 (the session ended) until `restart()`: the feed does not try again alone. */
  ended: Accessor<boolean>;
  restart(): void;
}

export function createExecutionFeed(hub: Pick<HubClient, "respond">, retryMs = RETRY_MS): ExecutionFeed {
  const listeners = new Set<(event: SseEvent) => void>();
  const [connected, setConnected] = createSignal(false);
  const [ended, setEnded] = createSignal(false);
  let running = false;
  let lastId: number | undefined;
  let abort: AbortController | undefined;
  const emit = (event: SseEvent) => {
    for (const listener of [...listeners]) listener(event);
  };

  async function readOnce(signal: AbortSignal): Promise<void> {
    const headers: Record<string, string> = { Accept: "text/event-stream" };
    if (lastId !== undefined) headers["Last-Event-ID"] = String(lastId);
    const res = await hub.respond("GET", "/executions/stream", { headers, signal });
    if (!res.body) return;
    setConnected(true);
    emit({ type: "stream.open", data: {} });
    const reader = res.body.getReader();
    const decoder = new SseDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (const event of decoder.push(value)) {
        if (event.id !== undefined) lastId = event.id;
        emit(event);
      }
    }
  }

  async function loop(): Promise<void> {
    running = true;
    let failures = 0;
    while (listeners.size > 0 && !ended()) {
      abort = new AbortController();
      try {
        await readOnce(abort.signal);
        failures = 0;
      } catch (err) {
        // Aborted because nobody listened; someone may have come back since: the loop decides.
        if (abort.signal.aborted) continue;
        if (err instanceof ApiError && err.status === 401) setEnded(true);
        failures++;
      } finally {
        setConnected(false);
      }
      if (listeners.size === 0 || ended()) break;
      await new Promise((resolve) => setTimeout(resolve, retryMs[Math.min(failures, retryMs.length - 1)]));
    }
    running = false;
  }

  const ensure = () => {
    if (!running && !ended() && listeners.size > 0) void loop();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      ensure();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) abort?.abort();
      };
    },
    connected,
    ended,
    restart() {
      setEnded(false);
      ensure();
    },
  };
}
