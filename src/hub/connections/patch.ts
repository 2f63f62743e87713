import type { z } from "@hono/zod-openapi";
import { ValidationError } from "../../shared/errors";
import { completeDatabase } from "./normalize";
import type { ConnectionRow, DatabaseInsert, FilesystemInsert } from "./queries";
import type { ConnectionUpdateRequest } from "./schemas";
import type { DbType } from "./settings";
import { optionsAad, passwordAad } from "./stored-settings";
import type { ConnectionVault } from "./vault";

type Patch = z.infer<typeof ConnectionUpdateRequest>;

const DATABASE_FIELDS = ["db_type", "host", "port", "database", "username", "password", "options"] as const;
const FILESYSTEM_FIELDS = ["path", "read_only"] as const;
/** Stands in for a kept password while the merged settings are checked (it is never stored). */
const KEPT = "\u0000kept";

/**
 * The settings columns a PATCH changes, checked as a whole (a PostgreSQL connection turned
 * into SQLite loses its server, account and options; one turned from SQLite into a server
 * kind needs a host), with a new password or new options sealed. A field of the other kind
 * is refused (400): a connection's kind does not change.
 */
export function patchedSettings(row: ConnectionRow, patch: Patch, vault: ConnectionVault) {
  const given = (fields: readonly string[]) =>
    fields.filter((f) => (patch as Record<string, unknown>)[f] !== undefined);
  const id = row.connection.id;
  if (row.filesystem) {
    const wrong = given(DATABASE_FIELDS);
    if (wrong.length > 0) throw new ValidationError(`${wrong[0]}: a filesystem connection has no such setting`);
    const filesystem: Partial<FilesystemInsert> = {};
    if (patch.path !== undefined) filesystem.path = patch.path;
    if (patch.read_only !== undefined) filesystem.readOnly = patch.read_only;
    return { rows: { filesystem }, changed: given(FILESYSTEM_FIELDS) };
  }
  const d = row.database;
  if (!d) throw new Error(`connection ${id} has no settings row`);
  const wrong = given(FILESYSTEM_FIELDS);
  if (wrong.length > 0) throw new ValidationError(`${wrong[0]}: a database connection has no such setting`);
  const changed = given(DATABASE_FIELDS);
  if (changed.length === 0) return { rows: {}, changed };
  const dbType = patch.db_type ?? (d.dbType as DbType);
  // Becoming a file: the server's fields go unless the patch sets them (completeDatabase refuses those).
  const toFile = dbType === "sqlite" && d.dbType !== "sqlite";
  const keep = <T>(value: T | undefined, stored: T | null) => (value !== undefined ? value : toFile ? null : stored);
  const password = keep(patch.password, d.passwordSealed === null ? null : KEPT);
  const options = patch.options === undefined ? {} : (patch.options ?? {});
  const settings = completeDatabase({
    dbType,
    host: keep(patch.host, d.host),
    port: keep(patch.port, d.port),
    database: patch.database ?? d.database ?? "",
    username: keep(patch.username, d.username),
    password,
    options,
  });
  const database: Partial<DatabaseInsert> = {
    dbType: settings.dbType,
    host: settings.host,
    port: settings.port,
    database: settings.database,
    username: settings.username,
  };
  if (settings.password === null) database.passwordSealed = null;
  else if (settings.password !== KEPT) database.passwordSealed = vault.seal(settings.password, passwordAad(id));
  if (patch.options !== undefined || toFile) {
    database.optionsSealed =
      Object.keys(settings.options).length > 0 ? vault.seal(JSON.stringify(settings.options), optionsAad(id)) : null;
  }
  return { rows: { database }, changed };
}
