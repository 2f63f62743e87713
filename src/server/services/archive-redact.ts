import { MASK, redactUris } from "../../shared/uri-secrets";
import { scrubCredentials } from "./connection-test";

/**
 * What an archive entry may not keep: the archive is a file on disk, readable by anyone who
 * can read the data directory, so no password may reach it. A database Input sent by a
 * client carries `connection: {uri}` with the password inside; the entry keeps the URI
 * (it says which database was read) with the password replaced by `***`.
 */

/** Keys whose value is a secret whatever it looks like (`password`, `api_key`, `token`...). */
const SECRET_KEY_RE = /pass(word|wd|phrase)?$|^pwd$|secret|token|api[_-]?key|private[_-]?key|credential/i;

/** Every string of `value` that names a URI (`scheme://...`), to scrub messages with. */
export function urisIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (typeof value === "string") {
    if (value.includes("://")) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) urisIn(item, found);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) urisIn(item, found);
  }
  return found;
}

/**
 * A deep copy of `value` fit for the archive: a member whose key names a secret is `***`,
 * and every string has its URIs' passwords masked. Other text is kept as sent.
 */
export function redactForArchive<T>(value: T): T {
  const walk = (v: unknown, key?: string): unknown => {
    if (key !== undefined && SECRET_KEY_RE.test(key) && (typeof v === "string" || typeof v === "number")) {
      return MASK;
    }
    if (typeof v === "string") return redactUris(v);
    if (Array.isArray(v)) return v.map((item) => walk(item));
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item, k)]));
    }
    return v;
  };
  return walk(value) as T;
}

/**
 * A message (an error's detail) without the users and passwords of `uris`: drivers quote
 * them ("password authentication failed for user ..."), as connection-test.ts knows.
 */
export function scrubMessage(message: string, uris: Iterable<string>): string {
  let out = message;
  for (const uri of uris) out = scrubCredentials(out, uri);
  return redactUris(out);
}
