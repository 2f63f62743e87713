import type { ConnectionRow } from "./queries";
import type { DatabaseSettings } from "./settings";
import { storedSettings } from "./stored-settings";
import type { ConnectionVault } from "./vault";

/**
 * A connection as `/internal/authorize` hands it to a Server: a database as the driver URI
 * the Server's readers take (credentials inside: for the Server's reader only), a folder as
 * its path. The only place a Hub credential leaves the Hub.
 */
export type ServerConnection =
  | { id: string; type: "database"; db_type: DatabaseSettings["dbType"]; source_type: string; uri: string }
  | { id: string; type: "filesystem"; path: string; read_only: boolean };

/** The Input tool's `source_type` that reads a database kind (MariaDB speaks MySQL's protocol). */
export function sourceTypeOf(dbType: DatabaseSettings["dbType"]): string {
  return dbType === "mariadb" ? "mysql" : dbType;
}

const enc = encodeURIComponent;

/**
 * The URI the Server's reader of `settings.dbType` opens (src/formats/db/*): user and
 * password percent-encoded, an IPv6 host bracketed, `sslmode` as the PostgreSQL and MySQL
 * readers read it and as SQL Server's `encrypt`/`trustServerCertificate` (the check's own
 * mapping, probe-database.ts). SQLite: `sqlite://<absolute path>`.
 */
export function databaseUri(settings: DatabaseSettings): string {
  if (settings.dbType === "sqlite") return `sqlite://${settings.database}`;
  const host = settings.host?.includes(":") ? `[${settings.host}]` : (settings.host ?? "localhost");
  const account = settings.username
    ? `${enc(settings.username)}${settings.password ? `:${enc(settings.password)}` : ""}@`
    : "";
  const mode = settings.options.sslmode;
  if (settings.dbType === "mssql") {
    const query = mode === "disable" ? "?encrypt=false" : mode === "require" ? "?trustServerCertificate=true" : "";
    return `mssql://${account}${host}:${settings.port ?? 1433}/${enc(settings.database)}${query}`;
  }
  const scheme = settings.dbType === "postgresql" ? "postgresql" : "mysql";
  const port = settings.port ?? (settings.dbType === "postgresql" ? 5432 : 3306);
  const query = mode ? `?sslmode=${mode}` : "";
  return `${scheme}://${account}${host}:${port}/${enc(settings.database)}${query}`;
}

/** A stored connection resolved for a Server (its secrets opened in memory for this answer only). */
export function serverConnection(row: ConnectionRow, vault: ConnectionVault): ServerConnection {
  const settings = storedSettings(row, vault);
  const id = row.connection.id;
  if (settings.kind === "filesystem")
    return { id, type: "filesystem", path: settings.path, read_only: settings.readOnly };
  return {
    id,
    type: "database",
    db_type: settings.dbType,
    source_type: sourceTypeOf(settings.dbType),
    uri: databaseUri(settings),
  };
}
