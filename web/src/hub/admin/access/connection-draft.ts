/**
 * A connection form's state and the Hub requests made from it: create, test (unsaved
 * settings) and update (only what changed; a password left empty keeps the stored one).
 * Pure, so the rules are tested without a browser.
 */

import { type ConnectionKind, KINDS, kindOf } from "./connection-kinds";
import type { ConnectionCreate, ConnectionTest, ConnectionUpdate, HubConnection } from "./connections-api";

export type SslMode = "" | "disable" | "require" | "verify-full";

export interface ConnectionDraft {
  kind: ConnectionKind;
  name: string;
  description: string;
  host: string;
  /** As typed: empty means the kind's default port. */
  port: string;
  /** The database's name (SQLite: the file's absolute path). */
  database: string;
  username: string;
  /** Typed now; never filled from the Hub (it sends none). Empty on an edit: keep the stored one. */
  password: string;
  /** Edit only: remove the stored password. */
  clearPassword: boolean;
  sslmode: SslMode;
  /** A folder's absolute path. */
  path: string;
  readOnly: boolean;
}

export function emptyDraft(kind: ConnectionKind = "postgresql"): ConnectionDraft {
  return {
    kind,
    name: "",
    description: "",
    host: "",
    port: "",
    database: "",
    username: "",
    password: "",
    clearPassword: false,
    sslmode: "",
    path: "",
    readOnly: false,
  };
}

/** The form of a stored connection, to edit it (with an empty password). */
export function draftOf(c: HubConnection): ConnectionDraft {
  return {
    ...emptyDraft(kindOf(c)),
    name: c.name,
    description: c.description ?? "",
    host: c.host ?? "",
    port: c.port === null || c.port === undefined ? "" : String(c.port),
    database: c.database ?? "",
    username: c.username ?? "",
    sslmode: c.options?.sslmode ?? "",
    path: c.path ?? "",
    readOnly: c.read_only ?? false,
  };
}

const isAbsolute = (p: string) => p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p);

/** What keeps the form from being sent, in words (undefined: nothing). The Hub checks again. */
export function draftProblem(d: ConnectionDraft, { needsName = true } = {}): string | undefined {
  if (needsName && !d.name.trim()) return "Give the connection a name.";
  if (d.kind === "filesystem") return isAbsolute(d.path) ? undefined : "The folder must be an absolute path.";
  if (d.kind === "sqlite") return isAbsolute(d.database.trim()) ? undefined : "The file must be an absolute path.";
  if (!d.host.trim()) return "Give the server's host name or address.";
  if (/[\s/@?#\\]/.test(d.host.trim())) return "The host is a name or an address only (no slashes, spaces or @).";
  const port = d.port.trim();
  if (port && !(Number.isInteger(Number(port)) && Number(port) >= 1 && Number(port) <= 65_535)) {
    return "The port is a number from 1 to 65535.";
  }
  if (!d.database.trim()) return "Give the database's name.";
  return undefined;
}

/** The settings part of a create or test request (no name). */
export function settingsBody(d: ConnectionDraft): ConnectionTest {
  if (d.kind === "filesystem") return { type: "filesystem", path: d.path, read_only: d.readOnly };
  if (!KINDS[d.kind].server) return { type: "database", db_type: d.kind, database: d.database.trim() };
  const body: ConnectionTest = { type: "database", db_type: d.kind, host: d.host.trim(), database: d.database.trim() };
  if (d.port.trim()) body.port = Number(d.port.trim());
  if (d.username.trim()) body.username = d.username.trim();
  if (d.password) body.password = d.password;
  if (d.sslmode) body.options = { sslmode: d.sslmode };
  return body;
}

export function createBody(d: ConnectionDraft): ConnectionCreate {
  const description = d.description.trim();
  return { ...settingsBody(d), name: d.name.trim(), ...(description ? { description } : {}) } as ConnectionCreate;
}

/**
 * The PATCH of an edit: each field that differs from the stored connection (cleared ones as
 * null), a password only when one was typed (or null when asked to remove it).
 */
export function updateBody(d: ConnectionDraft, stored: HubConnection): ConnectionUpdate {
  const was = draftOf(stored);
  const patch: ConnectionUpdate = {};
  const text = (now: string, before: string) => (now.trim() === before.trim() ? undefined : now.trim() || null);
  if (d.name.trim() !== was.name) patch.name = d.name.trim();
  const description = text(d.description, was.description);
  if (description !== undefined) patch.description = description;
  if (d.kind === "filesystem") {
    if (d.path !== was.path) patch.path = d.path;
    if (d.readOnly !== was.readOnly) patch.read_only = d.readOnly;
    return patch;
  }
  if (d.kind !== was.kind) patch.db_type = d.kind;
  if (d.database.trim() !== was.database) patch.database = d.database.trim();
  // A file keeps no server, account or options: the Hub drops them when a server kind becomes SQLite.
  if (!KINDS[d.kind].server) return patch;
  const host = text(d.host, was.host);
  if (host !== undefined) patch.host = host;
  const port = text(d.port, was.port);
  if (port !== undefined) patch.port = port === null ? null : Number(port);
  const username = text(d.username, was.username);
  if (username !== undefined) patch.username = username;
  if (d.password) patch.password = d.password;
  else if (d.clearPassword) patch.password = null;
  if (d.sslmode !== was.sslmode) patch.options = d.sslmode ? { sslmode: d.sslmode } : null;
  return patch;
}
