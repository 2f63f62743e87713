import type pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { type DatabaseDescription, type DatabaseRequest, requestSql } from "./db-request";
import { describePostgres, readPostgres } from "./postgres";
import { describeSqlite, readSqlite } from "./sqlite";

/**
 * The SQL Server and MySQL readers are loaded on first use: their drivers (tedious with its
 * Azure libraries, mysql2) made every engine process larger whether it read a database or
 * not (measured, each imported into a bare Bun: tedious +35 MiB resident, mysql2 +19).
 * PostgreSQL and SQLite are Bun's own and cost nothing to load.
 */
const mssql = () => import("./mssql");
const mysql = () => import("./mysql");

export type { DatabaseColumn, DatabaseDescription, DatabaseRequest, DatabaseType } from "./db-request";

/**
 * Reads a read-only query or a whole table into a frame with faithful types (README.md,
 * "Reading databases"). The SQL passes the read-only policy first (a refusal is a
 * ValidationError), then runs on a read-only connection; a database that cannot be reached
 * or refuses the query is a DataSourceError. Aborting `signal` cancels the query on the
 * server and rejects with the signal's reason.
 */
export async function readDatabase(request: DatabaseRequest): Promise<pl.DataFrame> {
  return await readChecked(request, requestSql(request), request.maxRows);
}

/**
 * The rows a read would give, counted by the database (`SELECT COUNT(*) FROM (<sql>) AS q`)
 * so none are sent. A statement the database will not take as a derived table (SHOW, a
 * repeated column name, SQL Server's CTEs and ORDER BY) is read whole and counted instead.
 */
export async function countDatabaseRows(request: DatabaseRequest): Promise<number> {
  const sql = requestSql(request);
  const count = request.type === "mssql" ? "COUNT_BIG(*)" : "COUNT(*)";
  try {
    const counted = await readChecked(request, `SELECT ${count} AS n FROM (${sql}\n) AS q`, 1);
    return Number(counted.getColumn("n").get(0));
  } catch (err) {
    if (!(err instanceof DataSourceError)) throw err;
    return (await readChecked(request, sql, undefined)).height;
  }
}

/** Runs SQL that passed the policy (or Weft's own around it) with the request's reader. */
async function readChecked(request: DatabaseRequest, sql: string, maxRows: number | undefined) {
  const { uri, signal } = request;
  switch (request.type) {
    case "postgresql":
      return await readPostgres(uri, sql, maxRows, signal);
    case "mysql":
      return await (await mysql()).readMysql(uri, sql, maxRows, signal);
    case "sqlite":
      return await readSqlite(uri, sql, maxRows, signal);
    case "mssql":
      return await (await mssql()).readMssql(uri, sql, maxRows, signal);
  }
}

/**
 * The columns a read would give, without running the whole query where the database allows:
 * PostgreSQL and MySQL describe `SELECT * FROM (...) LIMIT 0`; SQL Server asks
 * sp_describe_first_result_set; SQLite prepares the statement
 * and reads the declared types, and reads up to 100 rows only for columns without one
 * (expressions). On SQLite a read can still widen a column whose values disagree with its
 * declared type (README.md).
 */
export async function describeDatabase(request: DatabaseRequest): Promise<DatabaseDescription> {
  const sql = requestSql(request);
  const { uri, signal } = request;
  switch (request.type) {
    case "postgresql":
      return await describePostgres(uri, sql, signal);
    case "mysql":
      return await (await mysql()).describeMysql(uri, sql, signal);
    case "sqlite":
      return await describeSqlite(uri, sql, signal);
    case "mssql":
      return await (await mssql()).describeMssql(uri, sql, signal);
  }
}
