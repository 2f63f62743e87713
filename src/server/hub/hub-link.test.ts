import { afterAll, expect, test } from "bun:test";
import { signDispatch, verifyDispatch } from "../../shared/hub-dispatch";
import { createLogger } from "../../shared/logger";
import { createHubClient } from "./hub-client";
import { createHubLink } from "./hub-link";

/**
 * The dispatch key a Server keeps is the one its Hub's latest registration answer names. A
 * stand-in Hub over real HTTP answers the registration as told: a Hub that changed its key
 * (a new data directory), one from before dispatch keys (no field), one that sends garbage,
 * which the real Hub is not made to produce (its answers are tested in hub/servers/routes.test.ts).
 */
let answer: Record<string, unknown> = {};
const hub = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: () => Response.json(answer, { status: 200 }),
});
afterAll(() => hub.stop(true));

async function hubKey() {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const raw = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64");
  return { privateKey: pair.privateKey, base64: raw };
}

test("the link keeps the dispatch key of the Hub's latest answer, and none when the Hub names none", async () => {
  const logs: Record<string, unknown>[] = [];
  const link = createHubLink({
    client: createHubClient(`http://127.0.0.1:${hub.port}`),
    secret: "registration-secret",
    name: "s1",
    endpoint: () => "http://127.0.0.1:9",
    version: "1",
    logger: createLogger({ sink: (l) => logs.push(JSON.parse(l)) }),
    intervalMs: 3_600_000,
  });
  const request = { method: "POST", path: "/api/workflow/execute", token: "cap" };
  const verifiesWith = async (privateKey: CryptoKey) => {
    const key = link.dispatchKey();
    if (!key) return false;
    return verifyDispatch(key, await signDispatch(privateKey, request, Date.now()), request, Date.now());
  };
  try {
    const first = await hubKey();
    answer = { id: "srv-1", auth_token: "tok", dispatch_key: first.base64 };
    expect(link.dispatchKey()).toBeUndefined();
    await link.start();
    expect(await verifiesWith(first.privateKey)).toBe(true);

    // A heartbeat's answer with another key replaces the first.
    const second = await hubKey();
    answer = { id: "srv-1", auth_token: null, dispatch_key: second.base64 };
    await link.heartbeat();
    expect(await verifiesWith(second.privateKey)).toBe(true);
    expect(await verifiesWith(first.privateKey)).toBe(false);

    // An older Hub names no key: its dispatches count as any client's again.
    answer = { id: "srv-1", auth_token: null };
    await link.heartbeat();
    expect(link.dispatchKey()).toBeUndefined();

    // A key that is not one is not kept, and said so.
    answer = { id: "srv-1", auth_token: null, dispatch_key: Buffer.alloc(12).toString("base64") };
    await link.heartbeat();
    expect(link.dispatchKey()).toBeUndefined();
    expect(logs.some((l) => l.level === "warn" && String(l.msg).includes("dispatch key"))).toBe(true);
  } finally {
    link.stop();
  }
});
