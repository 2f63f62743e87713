import type { AuditEvent } from "../audit/audit-api";
import type { NameKind, Names } from "./names";

/** What one sentence reads from its event: the details as text, names, the actor. */
export interface Said {
  e: AuditEvent;
  names: Names;
  /** A detail as text ("" when absent). */
  d(key: string): string;
  /** A detail as a list of texts. */
  list(key: string): string[];
  /** Who did it: a username, `Server “x”`, or "The Hub". */
  actor: string;
  /** The target's name, quoted (`“Sales”`), from the names, else a detail, else `fallback`. */
  target(kind: NameKind, fallback: string, detail?: string): string;
}

/** `“text”`: names of things read as names in a sentence. */
export const q = (text: string) => `“${text}”`;

/** The first 8 characters of an id: enough to tell runs apart in a sentence. */
export const shortId = (id: string | null | undefined) => (id ? id.slice(0, 8) : "?");

/** `a, b and c`. */
export function andList(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Field names as words: `grant_groups` → "grant groups". */
export const words = (names: string[]) => andList(names.map((n) => n.replaceAll("_", " ")));

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function actorOf(e: AuditEvent, names: Names): string {
  if (e.actor_type === "system") return "The Hub";
  if (e.actor_type === "server") {
    const name = names.of("server", e.actor_id) ?? text(e.details.server_name) ?? "";
    return name ? `Server ${q(name)}` : "A Server";
  }
  // A login event records the username; a deleted account's other events have no name left.
  return names.of("user", e.actor_id) ?? (text(e.details.username) || "A deleted user");
}

export function said(e: AuditEvent, names: Names): Said {
  const d = (key: string) => text(e.details[key]);
  return {
    e,
    names,
    d,
    list: (key) => {
      const v = e.details[key];
      return Array.isArray(v) ? v.map(text) : [];
    },
    actor: actorOf(e, names),
    target: (kind, fallback, detail = "name") => {
      const name = names.of(kind, e.target_id) ?? d(detail);
      return name ? q(name) : fallback;
    },
  };
}
