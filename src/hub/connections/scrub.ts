import { secretPattern } from "../../shared/secret-pattern";
import { MASK, redactUris } from "../../shared/uri-secrets";

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
