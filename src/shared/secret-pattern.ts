/** Secrets shorter than this are matched as whole tokens only (see secretPattern). */
const SHORT_SECRET = 6;

/**
 * Where a secret occurs in a message, for masking it. A long one anywhere; a short one (user
 * "u", password "pw") only as a token of its own, so "Could not connect" keeps its letters
 * while `password "pw"` loses them. The Server's connection test and the Hub's connection
 * checks both scrub their drivers' messages with it.
 */
export function secretPattern(secret: string): RegExp {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (secret.length >= SHORT_SECRET) return new RegExp(escaped, "gu");
  const word = /^[\p{L}\p{N}_]/u;
  const before = word.test(secret) ? "(?<![\\p{L}\\p{N}_])" : "";
  const after = word.test(secret.slice(-1)) ? "(?![\\p{L}\\p{N}_])" : "";
  return new RegExp(`${before}${escaped}${after}`, "gu");
}
