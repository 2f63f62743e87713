import type { MiddlewareHandler } from "hono";
import { RateLimitedError } from "../../shared/errors";
import { clientAddress } from "../client-address";

export interface RateLimitOptions {
  perMinute: number;
  /** Which paths are limited (the workflow routes). */
  applies: (path: string) => boolean;
  now?: () => number;
}

/**
 * A sliding-window limit per client address: at most `perMinute` requests in any 60 s.
 * Past it: 429 with `Retry-After` in whole seconds.
 */
export function rateLimit({ perMinute, applies, now = Date.now }: RateLimitOptions): MiddlewareHandler {
  const windowMs = 60_000;
  const hits = new Map<string, number[]>();
  let lastSweep = now();
  return async function rateLimitMiddleware(c, next) {
    if (!applies(c.req.path)) return next();
    const t = now();
    if (t - lastSweep > windowMs) {
      for (const [key, times] of hits) if ((times.at(-1) ?? 0) <= t - windowMs) hits.delete(key);
      lastSweep = t;
    }
    const key = clientAddress(c);
    const times = (hits.get(key) ?? []).filter((x) => x > t - windowMs);
    if (times.length >= perMinute) {
      hits.set(key, times);
      const oldest = times[0] ?? t;
      throw new RateLimitedError(Math.max(1, Math.ceil((oldest + windowMs - t) / 1000)));
    }
    times.push(t);
    hits.set(key, times);
    return next();
  };
}
