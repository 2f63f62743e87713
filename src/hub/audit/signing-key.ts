import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Logger } from "../../shared/logger";

/** An Ed25519 key pair for audit checkpoints, with the public half in the forms we export. */
export interface AuditSigningKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The raw 32-byte public key, base64 (what GET /audit/checkpoints answers). */
  publicKeyBase64: string;
  /** SHA-256 (hex) of the raw public key: names the key a checkpoint was signed with. */
  keyId: string;
}

/** PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410): WebCrypto imports private keys only so. */
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** Thrown for an AUDIT_SIGNING_KEY or key file that is not a 32-byte base64 seed. */
export class AuditKeyError extends Error {
  override readonly name = "AuditKeyError";
}

function parseSeed(text: string, source: string): Buffer {
  const seed = Buffer.from(text.trim(), "base64");
  if (seed.length !== 32) {
    throw new AuditKeyError(`${source} must be 32 random bytes in base64 (e.g. openssl rand -base64 32)`);
  }
  return seed;
}

async function keyFromSeed(seed: Buffer): Promise<AuditSigningKey> {
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

export interface LoadSigningKeyInput {
  /** AUDIT_SIGNING_KEY, when set: a base64 32-byte seed. */
  configured?: string;
  /** Where a generated key is kept (the data directory's audit/signing.key). */
  path: string;
  logger: Logger;
}

/**
 * The checkpoint signing key: AUDIT_SIGNING_KEY when given; else the key file, generated
 * once (mode 0600) with a warning, since a key inside the data directory protects against
 * someone who can change the database but not someone who can read the disk.
 */
export async function loadSigningKey({ configured, path, logger }: LoadSigningKeyInput): Promise<AuditSigningKey> {
  if (configured) return keyFromSeed(parseSeed(configured, "AUDIT_SIGNING_KEY"));
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const seed = Buffer.from(crypto.getRandomValues(new Uint8Array(32)));
    // "wx": never overwrite a key another start wrote meanwhile (the checkpoints name it).
    try {
      writeFileSync(path, `${seed.toString("base64")}\n`, { flag: "wx", mode: 0o600 });
      logger.warn("AUDIT_SIGNING_KEY is not set: generated an audit checkpoint signing key; back it up", { path });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
  }
  chmodSync(path, 0o600);
  return keyFromSeed(parseSeed(readFileSync(path, "utf8"), `the audit signing key file ${path}`));
}
