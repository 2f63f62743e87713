/**
 * A connection's settings as the Hub uses them (decrypted, in memory only): what a check
 * probes and, later, what /internal/authorize resolves for a Server.
 */

/** The database kinds a shared connection may be: the Server's readers that talk to a server or a file. */
export const DB_TYPES = ["postgresql", "mysql", "mariadb", "mssql", "sqlite"] as const;
export type DbType = (typeof DB_TYPES)[number];

/** The port a server database listens on when none is given. */
export const DEFAULT_PORTS: Record<Exclude<DbType, "sqlite">, number> = {
  postgresql: 5432,
  mysql: 3306,
  mariadb: 3306,
  mssql: 1433,
};

/**
 * The driver options a connection may carry: `sslmode`, as the Server's readers take it in a
 * URI (libpq's names: src/formats/db/mysql-connection.ts reads the same three; SQL Server's
 * encrypt/trustServerCertificate are derived from it), for a server database only. Anything else is refused (400), so no option can switch a driver feature on.
 */
export const SSLMODES = ["disable", "require", "verify-full"] as const;
export interface DbOptions {
  sslmode?: (typeof SSLMODES)[number];
}

export interface DatabaseSettings {
  kind: "database";
  dbType: DbType;
  /** null for SQLite (a file, no server). */
  host: string | null;
  port: number | null;
  /** The database's name; SQLite: the file's absolute path. */
  database: string;
  username: string | null;
  password: string | null;
  options: DbOptions;
}

export interface FilesystemSettings {
  kind: "filesystem";
  /** An absolute folder path on the Servers' machines (and checked on the Hub's). */
  path: string;
  readOnly: boolean;
}

export type ConnectionSettings = DatabaseSettings | FilesystemSettings;

/** A check's answer: `error` only when not ok, always scrubbed of the connection's secrets. */
export interface CheckResult {
  ok: boolean;
  latencyMs: number;
  error?: string;
}
