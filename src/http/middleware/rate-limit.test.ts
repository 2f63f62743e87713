import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { HUB_DISPATCH_HEADER, signDispatch } from "../../shared/hub-dispatch";
import { createLogger } from "../../shared/logger";
import { createErrorHandler } from "../error-handler";
import { rateLimit } from "./rate-limit";

/*
 * The limit with its clock in the test's hand: every request is one client address ("local"
 * in process), as every dispatch of a Hub is. The Hub's dispatches are signed as
 * hub/executions/server-calls.ts signs them; ordinary and forged requests share the address.
 */
const EXECUTE = "/api/workflow/execute";

async function ed25519() {
  return (await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"])) as CryptoKeyPair;
}

function limitedApp(options: { perMinute: number; hubKey?: () => CryptoKey | undefined; hubPerMinute?: number }) {
  let t = Date.parse("2026-11-28T12:00:00.000Z");
  const app = new Hono();
  app.onError(createErrorHandler(createLogger({ sink: () => {} })));
  app.use(
    "*",
    rateLimit({
      perMinute: options.perMinute,
      applies: (path) => path.startsWith("/api/workflow/"),
      now: () => t,
      hubDispatchKey: options.hubKey,
      hubDispatchesPerMinute: options.hubPerMinute,
    }),
  );
  app.post("/api/*", (c) => c.json({ ok: true }));
  const send = async (headers: Record<string, string> = {}, path = EXECUTE) =>
    (await app.request(path, { method: "POST", headers })).status;
  return {
    send,
    advance: (ms: number) => {
      t += ms;
    },
    now: () => t,
  };
}

/** A dispatch's headers: its token as bearer and the signature over them, made at `at`. */
async function dispatch(privateKey: CryptoKey, token: string, at: number, path = EXECUTE) {
  const signature = await signDispatch(privateKey, { method: "POST", path, token }, at);
  return { Authorization: `Bearer ${token}`, [HUB_DISPATCH_HEADER]: signature };
}

describe("the rate limit and the Hub's dispatches", () => {
  test("verified dispatches are counted apart: the address's budget stays for its other requests", async () => {
    const hub = await ed25519();
    const limit = limitedApp({ perMinute: 2, hubKey: () => hub.publicKey });
    for (let i = 0; i < 10; i++)
      expect(await limit.send(await dispatch(hub.privateKey, `tok-${i}`, limit.now()))).toBe(200);
    const ordinary = { Authorization: "Bearer someone" };
    expect([await limit.send(ordinary), await limit.send(ordinary), await limit.send(ordinary)]).toEqual([
      200, 200, 429,
    ]);
    // Past the address's limit, the Hub's dispatches still pass.
    expect(await limit.send(await dispatch(hub.privateKey, "tok-late", limit.now()))).toBe(200);
  });

  test("forged, stale, re-pathed or re-tokened headers are counted in the address's budget, never refused for it", async () => {
    const hub = await ed25519();
    const thief = await ed25519();
    const limit = limitedApp({ perMinute: 5, hubKey: () => hub.publicKey });
    const good = await dispatch(hub.privateKey, "tok-a", limit.now());
    const attempts = [
      await dispatch(thief.privateKey, "tok-b", limit.now()),
      await dispatch(hub.privateKey, "tok-c", limit.now() - 61_000),
      { ...good, Authorization: "Bearer tok-other" },
      // X-Weft-Token is the token the Server redeems: the signature must be over that one.
      { ...good, "X-Weft-Token": "tok-fresh" },
      { Authorization: "Bearer tok-d", [HUB_DISPATCH_HEADER]: "not-a-signature" },
    ];
    for (const headers of attempts) expect(await limit.send(headers)).toBe(200);
    expect(await limit.send(good, "/api/workflow/preview_code")).toBe(429);
    // The genuine one, on its own path, is still a dispatch.
    expect(await limit.send(good)).toBe(200);
  });

  test("without the Hub's key (not yet registered, or an older Hub) every request counts by address", async () => {
    const hub = await ed25519();
    let known: CryptoKey | undefined;
    const limit = limitedApp({ perMinute: 1, hubKey: () => known });
    expect(await limit.send(await dispatch(hub.privateKey, "t1", limit.now()))).toBe(200);
    expect(await limit.send(await dispatch(hub.privateKey, "t2", limit.now()))).toBe(429);
    known = hub.publicKey;
    expect(await limit.send(await dispatch(hub.privateKey, "t3", limit.now()))).toBe(200);
  });

  test("the Hub's budget is bounded too, and refills with time", async () => {
    const hub = await ed25519();
    const limit = limitedApp({ perMinute: 100, hubKey: () => hub.publicKey, hubPerMinute: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push(await limit.send(await dispatch(hub.privateKey, `b${i}`, limit.now())));
    expect(statuses).toEqual([200, 200, 200, 429]);
    limit.advance(20_000); // a third of a minute: one more of three
    expect(await limit.send(await dispatch(hub.privateKey, "b4", limit.now()))).toBe(200);
    expect(await limit.send(await dispatch(hub.privateKey, "b5", limit.now()))).toBe(429);
    // The address's own budget was never touched by them.
    expect(await limit.send({ Authorization: "Bearer someone" })).toBe(200);
  });
});
