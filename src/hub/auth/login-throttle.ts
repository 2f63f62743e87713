import type { Clock } from "../../shared/clock";

export interface LoginThrottleOptions {
  clock: Clock;
  /** Attempts per username in one window (LOGIN_MAX_ATTEMPTS). */
  maxPerUsername: number;
  /** Attempts per client address in one window (LOGIN_MAX_ATTEMPTS_PER_IP). */
  maxPerAddress: number;
  /** LOGIN_WINDOW_SECONDS. */
  windowSeconds: number;
  /** Most keys kept per map (memory bound); the oldest window goes first past it. */
  maxKeys?: number;
}

interface Window {
  count: number;
  endsAt: number;
}

/**
 * Counts login attempts in fixed windows, per username and per client address, in memory
 * (one Hub replica; a restart forgets, which only ever helps a legitimate user).
 *
 * - Attempts are counted when they start, not when they fail: N parallel guesses cannot
 *   slip past the limit while the first ones are still hashing.
 * - A successful login clears its username's count and gives its address back the attempt it
 *   took, so only failures (and attempts still in flight) use up an address: one office
 *   behind one NAT or proxy shares an address, and its people signing in must not lock it.
 * - Memory is bounded: each map holds at most `maxKeys` windows; a full map first drops the
 *   ended windows, then the oldest. An attacker flooding names can so evict a username's
 *   window early, but every one of those attempts counts against their address.
 */
export class LoginThrottle {
  private readonly byUsername = new Map<string, Window>();
  private readonly byAddress = new Map<string, Window>();
  private readonly maxKeys: number;

  constructor(private readonly options: LoginThrottleOptions) {
    this.maxKeys = options.maxKeys ?? 10_000;
  }

  /**
   * Counts one attempt for `username` from `address`; answers the seconds to wait when either
   * is over its limit (the attempt must then be refused unchecked), or 0 when it may proceed.
   */
  attempt(username: string, address: string): number {
    const now = this.options.clock().getTime();
    const waitUser = this.count(this.byUsername, username, this.options.maxPerUsername, now);
    const waitAddress = this.count(this.byAddress, address, this.options.maxPerAddress, now);
    return Math.max(waitUser, waitAddress);
  }

  /** A successful login: the username's window is forgotten, the address's attempt given back. */
  succeeded(username: string, address: string): void {
    this.byUsername.delete(username);
    const window = this.byAddress.get(address);
    if (window && window.count > 0) window.count--;
  }

  /** How many windows are held (for the memory-bound test). */
  size(): number {
    return this.byUsername.size + this.byAddress.size;
  }

  private count(map: Map<string, Window>, key: string, max: number, now: number): number {
    let window = map.get(key);
    if (!window || window.endsAt <= now) {
      map.delete(key);
      this.makeRoom(map, now);
      window = { count: 0, endsAt: now + this.options.windowSeconds * 1000 };
      map.set(key, window);
    }
    if (window.count >= max) return Math.max(1, Math.ceil((window.endsAt - now) / 1000));
    window.count++;
    return 0;
  }

  private makeRoom(map: Map<string, Window>, now: number): void {
    if (map.size < this.maxKeys) return;
    for (const [key, window] of map) if (window.endsAt <= now) map.delete(key);
    // Maps iterate in insertion order: the first key is the oldest window.
    while (map.size >= this.maxKeys) {
      const oldest = map.keys().next().value;
      if (oldest === undefined) break;
      map.delete(oldest);
    }
  }
}
