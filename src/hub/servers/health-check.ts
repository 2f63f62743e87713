import { z } from "zod";
import type { PollOutcome } from "./poll-state";

/**
 * The part of a Server's `GET /api/health/` answer the Hub reads. The Hub does not import
 * the Server's code (src/server), so it states here what it relies on: a version, and the
 * engine's busy and queued counts (load) and its number of processes (capacity); anything
 * else in the answer is ignored, and a Server that reports no engine counts as idle.
 */
const ServerHealthAnswer = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string().min(1).max(100),
  engine: z
    .object({ busy: z.number().int().min(0), queued: z.number().int().min(0), executors: z.number().int().min(0) })
    .partial()
    .optional(),
});

/** Default time a poll waits for an answer. */
export const POLL_TIMEOUT_MS = 5_000;

function failure(err: unknown, timeoutMs: number): string {
  if (err instanceof DOMException && err.name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
  return err instanceof Error ? err.message : String(err);
}

/**
 * Asks the Server at `endpoint` for its health. Any answer other than a 200 with a Weft
 * Server's health body is a failure; latency is measured on the monotonic clock (it is a
 * measurement, not a time of day, so the injected clock has no say in it).
 */
export async function checkServerHealth(endpoint: string, timeoutMs = POLL_TIMEOUT_MS): Promise<PollOutcome> {
  const started = performance.now();
  try {
    const res = await fetch(`${endpoint}/api/health/`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { Accept: "application/json" },
      redirect: "error",
    });
    const text = await res.text();
    const latencyMs = Math.round(performance.now() - started);
    if (res.status !== 200) return { ok: false, error: `health answered HTTP ${res.status}` };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, error: "health answer is not JSON" };
    }
    const parsed = ServerHealthAnswer.safeParse(json);
    if (!parsed.success) return { ok: false, error: "health answer is not a Weft Server's" };
    const engine = parsed.data.engine ?? {};
    return {
      ok: true,
      version: parsed.data.version,
      running: (engine.busy ?? 0) + (engine.queued ?? 0),
      capacity: engine.executors ?? null,
      latencyMs,
    };
  } catch (err) {
    return { ok: false, error: failure(err, timeoutMs) };
  }
}
