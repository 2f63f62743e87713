import { join } from "node:path";
import type { Logger } from "../../shared/logger";
import { type Ed25519Key, keyFromSeed, readOrCreateSeedFile, seedOf } from "../ed25519-key-file";

/**
 * The key the Hub signs its dispatches to Servers with (shared/hub-dispatch.ts): a Server's
 * rate limit counts a request so signed apart from its address's other requests. Servers
 * learn the public half in their registration answer. A key of its own, not the audit key:
 * it is used on every dispatch and can be replaced at any time (Servers adopt the new one at
 * their next heartbeat, within 30 s), while the audit key names years of checkpoints.
 */
export type DispatchSigningKey = Ed25519Key;

/** Thrown for a DISPATCH_SIGNING_KEY or key file that is not a 32-byte base64 seed. */
export class DispatchKeyError extends Error {
  override readonly name = "DispatchKeyError";
}

/** Where a generated dispatch key is kept, in the data directory. */
export function dispatchKeyPath(dataDir: string): string {
  return join(dataDir, "dispatch-signing.key");
}

export interface LoadDispatchKeyInput {
  /** DISPATCH_SIGNING_KEY, when set: a base64 32-byte seed (the same on every replica). */
  configured?: string;
  path: string;
  logger: Logger;
}

function parseSeed(text: string, source: string): Buffer {
  const seed = seedOf(text);
  if (!seed) throw new DispatchKeyError(`${source} must be 32 random bytes in base64 (e.g. openssl rand -base64 32)`);
  return seed;
}

/**
 * DISPATCH_SIGNING_KEY when given; else the key file, generated once (mode 0600). Generated
 * without a warning, unlike the audit key: nothing signed with it outlives a minute, so a
 * lost key costs nothing but a new one. Several replicas with a data directory each have a
 * key each, and a Server knows one Hub key at a time: give them one DISPATCH_SIGNING_KEY.
 */
export async function loadDispatchKey({ configured, path, logger }: LoadDispatchKeyInput): Promise<DispatchSigningKey> {
  if (configured) return keyFromSeed(parseSeed(configured, "DISPATCH_SIGNING_KEY"));
  const text = readOrCreateSeedFile(path, () => logger.info("generated the Hub's dispatch signing key", { path }));
  return keyFromSeed(parseSeed(text, `the dispatch signing key file ${path}`));
}

/** The Hub's dispatch key, loaded (or generated) on first use and kept. */
export function dispatchKeySource(input: LoadDispatchKeyInput): () => Promise<DispatchSigningKey> {
  let loading: Promise<DispatchSigningKey> | undefined;
  return () => {
    loading ??= loadDispatchKey(input);
    return loading;
  };
}
