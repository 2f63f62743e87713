import type { HubConnection } from "./connections-api";

/** The database kinds the Hub supports (its `DB_TYPES`, as its connection schema names them). */
type DbType = NonNullable<HubConnection["db_type"]>;
/** What a connection form offers: each database kind the Hub supports, and a folder. */
export type ConnectionKind = DbType | "filesystem";

export interface KindInfo {
  label: string;
  /** A database on a server: host, port, account, password and TLS apply. */
  server: boolean;
  /** The port a server database listens on when none is given (the Hub's default too). */
  defaultPort?: number;
}

/**
 * Every kind, in the order the form lists them. A `Record` over the Hub's `DB_TYPES`: a
 * database kind added to the Hub fails the type check here until the form knows it.
 */
export const KINDS: Record<ConnectionKind, KindInfo> = {
  postgresql: { label: "PostgreSQL", server: true, defaultPort: 5432 },
  mysql: { label: "MySQL", server: true, defaultPort: 3306 },
  mariadb: { label: "MariaDB", server: true, defaultPort: 3306 },
  mssql: { label: "SQL Server", server: true, defaultPort: 1433 },
  sqlite: { label: "SQLite file", server: false },
  filesystem: { label: "Folder", server: false },
};

export const KIND_ORDER = Object.keys(KINDS) as ConnectionKind[];

/** The kinds a stored connection may become by editing: its type (database or folder) stays. */
export function editableKinds(kind: ConnectionKind): ConnectionKind[] {
  return kind === "filesystem" ? ["filesystem"] : KIND_ORDER.filter((k) => k !== "filesystem");
}

export function kindOf(c: Pick<HubConnection, "type" | "db_type">): ConnectionKind {
  return c.type === "filesystem" ? "filesystem" : (c.db_type ?? "postgresql");
}

/**
 * Where a connection points, in one line: `host:port/database` for a server database, the
 * file or folder for the others. Never a secret (the Hub sends none).
 */
export function whereText(c: HubConnection): string {
  const kind = kindOf(c);
  if (kind === "filesystem") return c.path ?? "";
  if (!KINDS[kind].server) return c.database ?? "";
  const host = c.host ?? "";
  const port = c.port ?? KINDS[kind].defaultPort;
  return `${host}${port ? `:${port}` : ""}/${c.database ?? ""}`;
}
