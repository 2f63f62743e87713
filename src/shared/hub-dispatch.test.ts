import { describe, expect, test } from "bun:test";
import { DISPATCH_MAX_SKEW_MS, importDispatchPublicKey, signDispatch, verifyDispatch } from "./hub-dispatch";

async function keyPair() {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const raw = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64");
  return { privateKey: pair.privateKey, publicKeyBase64: raw };
}

const NOW = Date.parse("2026-11-28T12:00:00.000Z");
const request = { method: "POST", path: "/api/workflow/execute", token: "capability-token-1" };

describe("Hub dispatch signatures", () => {
  test("what the Hub signs verifies with the public key as the Server imports it", async () => {
    const hub = await keyPair();
    const publicKey = (await importDispatchPublicKey(hub.publicKeyBase64)) as CryptoKey;
    const header = await signDispatch(hub.privateKey, request, NOW);
    expect(header).toMatch(/^\d{13}\.[A-Za-z0-9_-]{86}$/);
    expect(header.startsWith(`${NOW}.`)).toBe(true);
    // The header holds no part of the token (it is a secret; the header is not).
    expect(header).not.toContain("capability");
    expect(await verifyDispatch(publicKey, header, request, NOW)).toBe(true);
    expect(await verifyDispatch(publicKey, header, request, NOW + DISPATCH_MAX_SKEW_MS)).toBe(true);
    expect(await verifyDispatch(publicKey, header, request, NOW - DISPATCH_MAX_SKEW_MS)).toBe(true);
    expect(await verifyDispatch(publicKey, header, { ...request, method: "post" }, NOW)).toBe(true);
  });

  test("another key, path, method or token, a stale or future timestamp, a bent header: not a dispatch", async () => {
    const hub = await keyPair();
    const other = await keyPair();
    const publicKey = (await importDispatchPublicKey(hub.publicKeyBase64)) as CryptoKey;
    const header = await signDispatch(hub.privateKey, request, NOW);
    const [stamp, signature] = header.split(".") as [string, string];
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    const cases: [string, string | undefined, typeof request, number][] = [
      ["signed with another key", await signDispatch(other.privateKey, request, NOW), request, NOW],
      ["another path", header, { ...request, path: "/api/workflow/preview_code" }, NOW],
      ["another method", header, { ...request, method: "GET" }, NOW],
      ["another token", header, { ...request, token: "capability-token-2" }, NOW],
      ["stale", header, request, NOW + DISPATCH_MAX_SKEW_MS + 1],
      ["from the future", header, request, NOW - DISPATCH_MAX_SKEW_MS - 1],
      ["another timestamp under the signature", `${Number(stamp) + 1}.${signature}`, request, NOW],
      ["a changed signature", `${stamp}.${flipped}`, request, NOW],
      ["a short signature", `${stamp}.${signature.slice(1)}`, request, NOW],
      ["no timestamp", `.${signature}`, request, NOW],
      ["not base64url", `${stamp}.${signature.slice(1)}+`, request, NOW],
      ["empty", "", request, NOW],
      ["absent", undefined, request, NOW],
    ];
    for (const [name, given, asked, at] of cases) {
      expect({ name, verified: await verifyDispatch(publicKey, given, asked, at) }).toEqual({ name, verified: false });
    }
  });

  test("a registration answer's key that is not a raw Ed25519 public key is refused", async () => {
    expect(await importDispatchPublicKey("")).toBeNull();
    expect(await importDispatchPublicKey(Buffer.alloc(31, 1).toString("base64"))).toBeNull();
    expect(await importDispatchPublicKey("not base64 at all!")).toBeNull();
    expect(await importDispatchPublicKey((await keyPair()).publicKeyBase64)).not.toBeNull();
  });
});
