/**
 * Passwords inside connection URIs, shared by the Server (the archive masks them) and the
 * web UI (it warns when a workflow would keep one as typed). No imports: the UI bundles it.
 */

/** What a masked secret reads as. */
export const MASK = "***";

/**
 * `scheme://user:password@` anywhere in a string: the password group is replaced. The group
 * runs to the last `@` before a blank, so a password with an unencoded `@` or `/` is masked
 * whole (masking too much is harmless; too little is not).
 */
const USERINFO_RE = /([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]*):(\S*)@/gi;

/** `password=...` in a URI's query (libpq's `?password=`, `sslpassword=`, `?token=`...). */
const QUERY_SECRET_RE = /([?&;](?:[a-z_]*pass(?:word)?|pwd|[a-z_]*secret|[a-z_]*token|[a-z_]*key)=)[^&#\s]*/gi;

/** A string without the passwords of the URIs inside it (other strings are left as they are). */
export function redactUris(text: string): string {
  if (!text.includes("://")) return text;
  return text.replace(USERINFO_RE, `$1:${MASK}@`).replace(QUERY_SECRET_RE, `$1${MASK}`);
}

/** Whether `text` holds a URI with a password (`user:password@`, `?password=`, a token...). */
export function hasUriSecret(text: string): boolean {
  return redactUris(text) !== text;
}
