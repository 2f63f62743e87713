import { createHash } from "node:crypto";

/**
 * JSON with object keys sorted at every level, so equal values always give equal text
 * (the input of lineage hashes and of the audit chain). `undefined` members are dropped as
 * JSON.stringify does; BigInt becomes its decimal string.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) sorted[key] = sortKeys(member);
    }
    return sorted;
  }
  return value;
}

/** The SHA-256 of a text, as lower-case hex. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
