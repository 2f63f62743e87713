import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { HubDatabase } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { ConnectionKeyMismatchError, newKdfParams, type SealedSecret, SecretBox } from "../../shared/connection-crypto";
import { FeatureDisabledError } from "../../shared/errors";
import type { Logger } from "../../shared/logger";

/**
 * Seals and opens connection credentials (AES-256-GCM, src/shared/connection-crypto.ts, the
 * Server's store uses the same box). The key is CONNECTION_ENCRYPTION_KEY, or a random one
 * generated once into the data directory (0600) with a warning. The scrypt salt and the key
 * check live in `hub_settings`, so every Hub sharing a PostgreSQL derives the same key from
 * the same passphrase, and a wrong passphrase is refused (503) before any secret is read.
 */
export interface ConnectionVault {
  /** The sealed box of `plaintext` as stored (JSON text). `aad` binds it to its row and field. */
  seal(plaintext: string, aad: string): string;
  /** The plaintext of a stored box; throws when it does not authenticate (wrong row, altered). */
  open(stored: string, aad: string): string;
}

/** The generated key's file in the data directory (when CONNECTION_ENCRYPTION_KEY is not set). */
export const GENERATED_KEY_FILE = "connection-encryption.key";
/** The hub_settings row holding the salt and the key check (no secret). */
export const VAULT_SETTING = "connection_vault";

const Sealed = z.object({ nonce: z.string(), data: z.string(), tag: z.string() });
const VaultSetting = z.object({
  kdf: z.object({ name: z.literal("scrypt"), salt: z.string(), N: z.number(), r: z.number(), p: z.number() }),
  check: Sealed,
});

export interface VaultDeps {
  database: HubDatabase;
  clock: Clock;
  logger: Logger;
  dataDir: string;
  /** CONNECTION_ENCRYPTION_KEY, when set. */
  key?: string;
}

/** The passphrase: the setting, else the data directory's generated key (made on first need). */
function passphrase({ key, dataDir, logger }: VaultDeps): string {
  if (key) return key;
  const file = join(dataDir, GENERATED_KEY_FILE);
  try {
    return readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const generated = randomBytes(32).toString("base64url");
  try {
    // "wx": a concurrent opener that got there first wins; its key is read below.
    writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: "wx" });
    logger.warn(
      "CONNECTION_ENCRYPTION_KEY is not set: generated a connection key into the data directory; " +
        "back it up with the database (connection credentials cannot be read without it)",
      { file },
    );
    return generated;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return readFileSync(file, "utf8").trim();
  }
}

/** The salt and key check of this database, written by the first Hub that needs them. */
async function vaultSetting(deps: VaultDeps, box: (kdf: z.infer<typeof VaultSetting>["kdf"]) => SecretBox) {
  const { database, clock } = deps;
  const { hubSettings } = database.t;
  const read = async () => {
    const rows = await database.db
      .select({ value: hubSettings.value })
      .from(hubSettings)
      .where(eq(hubSettings.key, VAULT_SETTING));
    return rows[0] ? VaultSetting.parse(JSON.parse(rows[0].value)) : undefined;
  };
  const found = await read();
  if (found) return found;
  const kdf = newKdfParams();
  const value = JSON.stringify({ kdf, check: box(kdf).makeKeyCheck() });
  // Key bookkeeping, not a person's write: not audited. Two Hubs racing keep the first row.
  await database.transaction((tx) =>
    tx.db.insert(tx.t.hubSettings).values({ key: VAULT_SETTING, value, updatedAt: clock() }).onConflictDoNothing(),
  );
  const stored = await read();
  if (!stored) throw new Error("the connection vault setting was not stored");
  return stored;
}

/** Derives the key and checks it against the database's key check (ConnectionKeyMismatchError, 503). */
export async function openConnectionVault(deps: VaultDeps): Promise<ConnectionVault> {
  const secret = passphrase(deps);
  const boxes = new Map<string, SecretBox>();
  const box = (kdf: z.infer<typeof VaultSetting>["kdf"]) => {
    const made = boxes.get(kdf.salt) ?? SecretBox.derive(secret, kdf);
    boxes.set(kdf.salt, made);
    return made;
  };
  const setting = await vaultSetting(deps, box);
  const key = box(setting.kdf);
  try {
    key.verifyKeyCheck(setting.check);
  } catch (err) {
    if (!(err instanceof ConnectionKeyMismatchError)) throw err;
    throw new FeatureDisabledError(
      "The Hub's connection credentials were sealed with another CONNECTION_ENCRYPTION_KEY " +
        "(or another generated key file): set the key they were sealed with",
    );
  }
  return {
    seal: (plaintext, aad) => JSON.stringify(key.seal(plaintext, aad)),
    open: (stored, aad) => {
      const opened = key.tryOpen(Sealed.parse(JSON.parse(stored)) satisfies SealedSecret, aad);
      if (opened === null) throw new Error(`a sealed connection secret (${aad}) does not authenticate`);
      return opened;
    },
  };
}

/** Opens the vault on first use and keeps it (the key derivation is paid once per holder). */
export function lazyVault(deps: VaultDeps): () => Promise<ConnectionVault> {
  let opening: Promise<ConnectionVault> | undefined;
  return () => {
    opening ??= openConnectionVault(deps).catch((err) => {
      opening = undefined; // a fixed key (or database) is tried again on the next call
      throw err;
    });
    return opening;
  };
}
