import type { Logger } from "../../shared/logger";
import { type Ed25519Key, keyFromSeed, readOrCreateSeedFile, seedOf } from "../ed25519-key-file";

/** An Ed25519 key pair for audit checkpoints (`publicKeyBase64` is what GET /audit/checkpoints answers). */
export type AuditSigningKey = Ed25519Key;

/** Thrown for an AUDIT_SIGNING_KEY or key file that is not a 32-byte base64 seed. */
export class AuditKeyError extends Error {
  override readonly name = "AuditKeyError";
}

function parseSeed(text: string, source: string): Buffer {
  const seed = seedOf(text);
  if (!seed) throw new AuditKeyError(`${source} must be 32 random bytes in base64 (e.g. openssl rand -base64 32)`);
  return seed;
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
  const text = readOrCreateSeedFile(path, () =>
    logger.warn("AUDIT_SIGNING_KEY is not set: generated an audit checkpoint signing key; back it up", { path }),
  );
  return keyFromSeed(parseSeed(text, `the audit signing key file ${path}`));
}
