import type { ConnectionRow } from "./queries";
import type { DatabaseSettings, DbOptions, DbType, FilesystemSettings } from "./settings";
import type { ConnectionVault } from "./vault";

/** The authenticated-data labels of a connection's sealed fields: a box copied elsewhere does not open. */
export const passwordAad = (id: string) => `connection/${id}/password`;
export const optionsAad = (id: string) => `connection/${id}/options`;

/** A connection's stored options, opened. */
export function storedOptions(row: ConnectionRow, vault: ConnectionVault): DbOptions {
  const sealed = row.database?.optionsSealed;
  return sealed ? (JSON.parse(vault.open(sealed, optionsAad(row.connection.id))) as DbOptions) : {};
}

/** A stored connection's settings with its secrets opened (in memory only, for a check or a Server). */
export function storedSettings(row: ConnectionRow, vault: ConnectionVault): DatabaseSettings | FilesystemSettings {
  const { connection, database: d, filesystem: f } = row;
  if (f) return { kind: "filesystem", path: f.path, readOnly: f.readOnly };
  if (!d) throw new Error(`connection ${connection.id} has no settings row`);
  return {
    kind: "database",
    dbType: d.dbType as DbType,
    host: d.host,
    port: d.port,
    database: d.database ?? "",
    username: d.username,
    password: d.passwordSealed ? vault.open(d.passwordSealed, passwordAad(connection.id)) : null,
    options: storedOptions(row, vault),
  };
}
