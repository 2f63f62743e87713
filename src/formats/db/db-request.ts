import type pl from "nodejs-polars";
import { DataSourceError, ValidationError } from "../../shared/errors";
import { quoteMssqlTableName } from "./mssql-table-name";
import { checkReadOnlySql } from "./sql-policy";
import { quoteTableName } from "./table-name";

/** The databases Weft reads. */
export const DATABASE_TYPES = ["postgresql", "mysql", "sqlite", "mssql"] as const;
export type DatabaseType = (typeof DATABASE_TYPES)[number];

/** One read: a read-only `query` or a whole `table` (exactly one), through `uri`. */
export interface DatabaseRequest {
  type: DatabaseType;
  /** `postgresql://user:pass@host:5432/db`, `mysql://...`, `mssql://...` (mssql-uri.ts), `sqlite:/path/file.db` or a plain path. */
  uri: string;
  query?: string;
  /** A table name, optionally schema-qualified; quoted by Weft (see table-name.ts). */
  table?: string;
  /** Read at most this many rows (a preview); absent means every row. */
  maxRows?: number;
  /** Aborting cancels the query on the server and rejects with `signal.reason`. */
  signal?: AbortSignal;
}

/** A column as the database describes it. */
export interface DatabaseColumn {
  name: string;
  /** The database's name of the type, e.g. `numeric(10,2)`, `integer[]`, `DATETIME`. */
  databaseType: string;
}

/** What a read will give, found without running the whole query. */
export interface DatabaseDescription {
  columns: DatabaseColumn[];
  /** A frame of no rows with the column types a read gives (Binary included, which has no JS DataType). */
  frame: pl.DataFrame;
}

/**
 * The statement a request runs, checked by the read-only policy (docs/server-api.md rule 10): the
 * query, or `SELECT * FROM <table>` with the name quoted for the dialect. Throws a
 * ValidationError for a refused query, both or neither of query and table, or a bad maxRows.
 */
export function requestSql(request: DatabaseRequest): string {
  const { query, table, type, maxRows } = request;
  if (!(DATABASE_TYPES as readonly string[]).includes(type)) {
    throw new ValidationError(`Unknown database type "${type}" (one of ${DATABASE_TYPES.join(", ")})`);
  }
  if (maxRows !== undefined && (!Number.isSafeInteger(maxRows) || maxRows < 0)) {
    throw new ValidationError(`maxRows must be a whole number >= 0, got ${maxRows}`);
  }
  const hasQuery = query !== undefined && query.trim() !== "";
  const hasTable = table !== undefined && table !== "";
  if (hasQuery === hasTable) {
    throw new ValidationError(`A ${type} source needs either a query or a table${hasQuery ? ", not both" : ""}`);
  }
  const quote = (name: string) => (type === "mssql" ? quoteMssqlTableName(name) : quoteTableName(name, type));
  const sql = hasQuery ? String(query) : `SELECT * FROM ${quote(String(table))}`;
  return checkReadOnlySql(sql, type);
}

/** Rejects with the signal's reason when it is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

/** What an aborted read rejects with: the signal's reason, or an AbortError. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The read was aborted", "AbortError");
}

/** `host:port/database` of a server URI, for messages: never the user or password. */
export function describeServer(url: URL): string {
  return `${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
}

/** A server URI parsed, with a scheme of the type's; the message never repeats the URI (it may hold a password). */
export function parseServerUri(uri: string, type: "postgresql" | "mysql", schemes: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new DataSourceError(`The ${type} connection URI is not a valid URI (expected ${schemes[0]}//host/db)`);
  }
  if (!schemes.includes(url.protocol)) {
    throw new DataSourceError(
      `The ${type} connection URI must start with ${schemes.map((s) => `${s}//`).join(" or ")} (got ${url.protocol}//)`,
    );
  }
  return url;
}
