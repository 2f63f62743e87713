import type { Logger } from "../../shared/logger";
import type { CapabilityTokens } from "../tokens/capability-tokens";

export interface TokenCleanupDeps {
  tokens: CapabilityTokens;
  logger: Logger;
}

/** Expired tokens are refused on their own; cleanup only keeps the store from growing. */
export const TOKEN_CLEANUP_INTERVAL_MS = 60_000;

/**
 * Starts the token store cleanup (hub.md "Background work"): every minute it drops the
 * tokens whose expiry has passed by the injected clock, in whichever store is in use.
 * Answers its stop.
 */
export function startTokenCleanup(deps: TokenCleanupDeps, intervalMs = TOKEN_CLEANUP_INTERVAL_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deps.tokens
      .dropExpired()
      .then((dropped) => {
        if (dropped > 0) deps.logger.debug("expired capability tokens dropped", { dropped });
      })
      .catch((err: unknown) => deps.logger.error("capability token cleanup failed", { error: err }))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
