import { expect, test } from "bun:test";
import { manualClock } from "../../../tests/helpers/manual-clock";
import { waitUntil } from "../../../tests/helpers/wait";
import { createLogger } from "../../shared/logger";
import { CapabilityTokenRefusedError, createCapabilityTokens } from "../tokens/capability-tokens";
import { createMemoryTokenStore } from "../tokens/memory-store";
import { startTokenCleanup } from "./token-cleanup";

const reason = (p: Promise<unknown>) =>
  p.then(
    () => "redeemed",
    (e: unknown) => (e instanceof CapabilityTokenRefusedError ? e.reason : Promise.reject(e)),
  );

test("the cleanup task drops tokens once the injected clock passes their expiry, and stops", async () => {
  const time = manualClock("2026-06-01T12:00:00.000Z");
  const tokens = createCapabilityTokens({ store: createMemoryTokenStore(), clock: time.clock, ttlSeconds: 60 });
  const lines: string[] = [];
  const logger = createLogger({ level: "debug", sink: (l) => lines.push(l) });
  const expired = await tokens.issue("u1", "s1");
  time.advance(30_000);
  const live = await tokens.issue("u1", "s1");
  time.advance(30_000); // the first is at its expiry, the second half-way
  const stop = startTokenCleanup({ tokens, logger }, 5);
  try {
    await waitUntil(() => lines.some((l) => l.includes("expired capability tokens dropped")), "a cleanup run");
    // Refused as unknown (gone from the store), no longer as expired.
    expect(await reason(tokens.redeem(expired.token, "s1"))).toBe("unknown");
    expect(await reason(tokens.redeem(live.token, "s1"))).toBe("redeemed");
    expect(JSON.parse(lines.find((l) => l.includes("dropped")) as string)).toMatchObject({ dropped: 1 });
  } finally {
    stop();
  }
  expect(lines.join("\n")).not.toContain(expired.token);
});
