import type { Context, MiddlewareHandler } from "hono";
import { RateLimitedError } from "../../shared/errors";
import { HUB_DISPATCH_HEADER, verifyDispatch } from "../../shared/hub-dispatch";
import { requestTokenOf } from "../../shared/request-token";
import { clientAddress } from "../client-address";

/**
 * The budget of the Hub's signed dispatches, per minute, apart from every address's: 1,000
 * requests a second, about 500 executions (each is an execute and a code generation), far
 * beyond what one Server's engine runs (110 executions a second of a 3-row copy measured on
 * 2 cores, docs/performance.md), so a genuine Hub is never throttled by it. It is a bound
 * rather than none only for a stolen dispatch key: that alone runs nothing (each request
 * still needs a capability token the Hub issued for this Server), and with the bound it
 * cannot make this limit go away either.
 */
export const HUB_DISPATCHES_PER_MINUTE = 60_000;

export interface RateLimitOptions {
  perMinute: number;
  /** Which paths are limited (the workflow routes). */
  applies: (path: string) => boolean;
  now?: () => number;
  /**
   * The Hub's dispatch public key, when this Server answers to a Hub (its registration
   * answer names it): a request signed with it is counted in the Hub's budget.
   */
  hubDispatchKey?: () => CryptoKey | undefined;
  /** The Hub's budget per minute: HUB_DISPATCHES_PER_MINUTE unless a test gives a small one. */
  hubDispatchesPerMinute?: number;
}

/**
 * A continuously refilled budget of `perMinute` (a token bucket): constant work per request
 * whatever its size, where a window of timestamps would hold 60,000 of them. Answers 0 when
 * one was taken at `t`, else the whole seconds until one is there.
 */
function minuteBudget(perMinute: number) {
  let left = perMinute;
  let at: number | undefined;
  return (t: number): number => {
    if (at !== undefined) left = Math.min(perMinute, left + (Math.max(0, t - at) * perMinute) / 60_000);
    at = t;
    if (left >= 1) {
      left -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil(((1 - left) * 60) / perMinute));
  };
}

/** True when the request is the Hub's dispatch, signed with its current key for this method, path and token. */
async function isHubDispatch(c: Context, key: CryptoKey | undefined, t: number): Promise<boolean> {
  const header = c.req.header(HUB_DISPATCH_HEADER);
  if (!key || !header) return false;
  // The token the Server's authentication will redeem (X-Weft-Token wins): the signature must bind that one.
  const token = requestTokenOf((name) => c.req.header(name));
  if (!token) return false;
  return verifyDispatch(key, header, { method: c.req.method, path: c.req.path, token }, t);
}

/**
 * A sliding-window limit per client address: at most `perMinute` requests in any 60 s.
 * Past it: 429 with `Retry-After` in whole seconds.
 *
 * The Hub's dispatches are counted apart (`hubDispatchKey`): a Hub sends every execution
 * from one address, two requests each, so under the address's limit one Hub had one
 * execution a second per Server (36 of a burst of 50 refused). This check is outermost,
 * before authentication (docs/server-api.md rule 14), so it cannot know the person; it verifies the Hub's
 * signature locally instead (no call to the Hub, tens of microseconds). A header that is
 * missing, malformed, stale or forged is no error: the request is counted as any other.
 */
export function rateLimit({
  perMinute,
  applies,
  now = Date.now,
  hubDispatchKey,
  hubDispatchesPerMinute = HUB_DISPATCHES_PER_MINUTE,
}: RateLimitOptions): MiddlewareHandler {
  const windowMs = 60_000;
  const hits = new Map<string, number[]>();
  const hubBudget = minuteBudget(hubDispatchesPerMinute);
  let lastSweep = now();
  return async function rateLimitMiddleware(c, next) {
    if (!applies(c.req.path)) return next();
    const t = now();
    if (await isHubDispatch(c, hubDispatchKey?.(), t)) {
      const wait = hubBudget(t);
      if (wait > 0) throw new RateLimitedError(wait);
      return next();
    }
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
