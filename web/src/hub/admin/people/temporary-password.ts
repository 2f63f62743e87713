/** Letters and digits that cannot be misread for one another (no 0/O, 1/l/I). */
const ALPHABET = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/**
 * A password to hand to a person once (a reset, a new account): 18 characters from the
 * browser's cryptographic generator, above the Hub's 12-character minimum. Rejection sampling
 * keeps every character equally likely.
 */
export function temporaryPassword(length = 18): string {
  const out: string[] = [];
  const limit = 256 - (256 % ALPHABET.length);
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out.push(ALPHABET[byte % ALPHABET.length] as string);
    }
  }
  return out.join("");
}
