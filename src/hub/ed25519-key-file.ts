import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * An Ed25519 key pair made from a 32-byte seed, with the public half in the forms we export.
 * The Hub keeps two: the audit checkpoint key (audit/signing-key.ts) and the dispatch key
 * (servers/dispatch-key.ts); each is a setting's value or a seed file in the data directory.
 */
export interface Ed25519Key {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The raw 32-byte public key, base64. */
  publicKeyBase64: string;
  /** SHA-256 (hex) of the raw public key: names the key. */
  keyId: string;
}

/** PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410): WebCrypto imports private keys only so. */
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** The 32-byte seed in `text` (base64), or null when it is not one. */
export function seedOf(text: string): Buffer | null {
  const seed = Buffer.from(text.trim(), "base64");
  return seed.length === 32 ? seed : null;
}

export async function keyFromSeed(seed: Buffer): Promise<Ed25519Key> {
  const pkcs8 = Buffer.concat([PKCS8_ED25519_PREFIX, seed]);
  const privateKey = await crypto.subtle.importKey("pkcs8", pkcs8, { name: "Ed25519" }, true, ["sign"]);
  // The public half comes from the private key's JWK (`x`), so one secret defines both.
  const jwk = await crypto.subtle.exportKey("jwk", privateKey);
  const raw = Buffer.from(jwk.x ?? "", "base64url");
  const publicKey = await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, true, ["verify"]);
  return {
    privateKey,
    publicKey,
    publicKeyBase64: raw.toString("base64"),
    keyId: createHash("sha256").update(raw).digest("hex"),
  };
}

/**
 * The text of the seed file at `path`, generating one first (mode 0600, its folder 0700) when
 * there is none; `onGenerated` is told when this call wrote it.
 */
export function readOrCreateSeedFile(path: string, onGenerated: () => void): string {
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const seed = Buffer.from(crypto.getRandomValues(new Uint8Array(32)));
    // "wx": never overwrite a key another start wrote meanwhile (what it signed names it).
    try {
      writeFileSync(path, `${seed.toString("base64")}\n`, { flag: "wx", mode: 0o600 });
      onGenerated();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  chmodSync(path, 0o600);
  return readFileSync(path, "utf8");
}
