import { MASK, redactUris } from "../../shared/uri-secrets";

/** Secrets shorter than this are matched as whole tokens only (see secretPattern). */
const SHORT_SECRET = 6;

/**
 * Where a secret occurs. A long one anywhere; a short one ("pw") only as a token of its own,
 * so "Could not connect" keeps its letters while `password "pw"` loses them.
 */
function secretPattern(secret: string): RegExp {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (secret.length >= SHORT_SECRET) return new RegExp(escaped, "gu");
  const word = /^[\p{L}\p{N}_]/u;
  const before = word.test(secret) ? "(?<![\\p{L}\\p{N}_])" : "";
  const after = word.test(secret.slice(-1)) ? "(?![\\p{L}\\p{N}_])" : "";
  return new RegExp(`${before}${escaped}${after}`, "gu");
}

/**
 * `message` as a person may read it: the passwords of any URI inside it masked
 * (src/shared/uri-secrets.ts), and each of `secrets` (the connection's password and secret
 * options, as given and percent-encoded) masked wherever it appears, because drivers and
 * hostile servers may quote what they were sent. Longest first, so a secret containing a
 * shorter one is masked whole.
 */
export function scrubSecrets(message: string, secrets: readonly (string | undefined)[]): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  let scrubbed = redactUris(message);
  for (const form of [...forms].sort((a, b) => b.length - a.length)) {
    scrubbed = scrubbed.replace(secretPattern(form), MASK);
  }
  return scrubbed;
}
