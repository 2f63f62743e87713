import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";
import { FeatureDisabledError } from "./errors";

/**
 * Encryption of the stored connection credentials: AES-256-GCM with a key derived from
 * CONNECTION_ENCRYPTION_KEY by scrypt. The salt is random per store and kept in the store
 * file (so the same passphrase gives a different key in every data directory); every secret
 * gets a fresh 12-byte nonce and keeps its 16-byte authentication tag, so a wrong key or an
 * altered file is detected instead of decrypting to garbage.
 */

/** How the key was derived; written into the store file beside the secrets. */
export interface KdfParams {
  name: "scrypt";
  /** base64, 16 random bytes. */
  salt: string;
  N: number;
  r: number;
  p: number;
}

/** One encrypted value; every field is base64. */
export interface SealedSecret {
  nonce: string;
  data: string;
  tag: string;
}

/** The store was written with another key: every route says so until the key is fixed (503). */
export class ConnectionKeyMismatchError extends FeatureDisabledError {
  constructor() {
    super(
      "The connection store was written with another CONNECTION_ENCRYPTION_KEY: " +
        "set the key it was written with (or move connections.json away to start a new store)",
    );
  }
}

// scrypt at 32 MiB of memory: slow enough to make guessing a weak passphrase expensive, and
// paid once per store (the derived key is kept).
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
const SCRYPT_MAXMEM = 64 * 1024 * 1024;
const NONCE_BYTES = 12;
const KEY_BYTES = 32;
/** A known plaintext sealed into every store, so a wrong key is found before any secret is read. */
const KEY_CHECK_TEXT = "weft connection store key check";
const KEY_CHECK_AAD = "key-check";

/** Fresh derivation parameters (a new random salt) for a new store. */
export function newKdfParams(): KdfParams {
  return { name: "scrypt", salt: randomBytes(16).toString("base64"), ...SCRYPT };
}

/** An AES-256-GCM key derived from a passphrase; seals and opens secrets. */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** Derives the key from the passphrase and the store's parameters (scrypt, synchronous). */
  static derive(passphrase: string, params: KdfParams): SecretBox {
    const key = scryptSync(passphrase, Buffer.from(params.salt, "base64"), KEY_BYTES, {
      N: params.N,
      r: params.r,
      p: params.p,
      maxmem: SCRYPT_MAXMEM,
    });
    return new SecretBox(key);
  }

  /**
   * Encrypts `plaintext` with a fresh nonce. `aad` (e.g. `<connection id>/password`) is
   * authenticated, not stored: a secret copied onto another connection or field won't open.
   */
  seal(plaintext: string, aad: string): SealedSecret {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, nonce);
    cipher.setAAD(Buffer.from(aad, "utf8"));
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return {
      nonce: nonce.toString("base64"),
      data: data.toString("base64"),
      tag: cipher.getAuthTag().toString("base64"),
    };
  }

  /** The plaintext, or null when the key, the aad or the ciphertext do not authenticate. */
  tryOpen(sealed: SealedSecret, aad: string): string | null {
    const nonce = Buffer.from(sealed.nonce, "base64");
    const tag = Buffer.from(sealed.tag, "base64");
    if (nonce.length !== NONCE_BYTES || tag.length !== 16) return null;
    const decipher = createDecipheriv("aes-256-gcm", this.key, nonce);
    decipher.setAAD(Buffer.from(aad, "utf8"));
    decipher.setAuthTag(tag);
    const head = decipher.update(Buffer.from(sealed.data, "base64"));
    try {
      // final() is where GCM checks the tag; its only failure is "unable to authenticate data".
      return Buffer.concat([head, decipher.final()]).toString("utf8");
    } catch {
      return null;
    }
  }

  /** The key check written into a new store. */
  makeKeyCheck(): SealedSecret {
    return this.seal(KEY_CHECK_TEXT, KEY_CHECK_AAD);
  }

  /** Throws ConnectionKeyMismatchError unless this key sealed `check`. */
  verifyKeyCheck(check: SealedSecret): void {
    if (this.tryOpen(check, KEY_CHECK_AAD) !== KEY_CHECK_TEXT) throw new ConnectionKeyMismatchError();
  }
}
