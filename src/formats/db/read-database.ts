import type pl from "nodejs-polars";
import { type DatabaseDescription, type DatabaseRequest, requestSql } from "./db-request";
import { describeMssql, readMssql } from "./mssql";
import { describeMysql, readMysql } from "./mysql";
import { describePostgres, readPostgres } from "./postgres";
import { describeSqlite, readSqlite } from "./sqlite";

export type { DatabaseColumn, DatabaseDescription, DatabaseRequest, DatabaseType } from "./db-request";

/**
 * Reads a read-only query or a whole table into a frame with faithful types (README.md,
 * "Reading databases"). The SQL passes the read-only policy first (a refusal is a
 * ValidationError), then runs on a read-only connection; a database that cannot be reached
 * or refuses the query is a DataSourceError. Aborting `signal` cancels the query on the
 * server and rejects with the signal's reason.
 */
export async function readDatabase(request: DatabaseRequest): Promise<pl.DataFrame> {
  const sql = requestSql(request);
  const { uri, maxRows, signal } = request;
  switch (request.type) {
    case "postgresql":
      return await readPostgres(uri, sql, maxRows, signal);
    case "mysql":
      return await readMysql(uri, sql, maxRows, signal);
    case "sqlite":
      return await readSqlite(uri, sql, maxRows, signal);
    case "mssql":
      return await readMssql(uri, sql, maxRows, signal);
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
      return await describeMysql(uri, sql, signal);
    case "sqlite":
      return await describeSqlite(uri, sql, signal);
    case "mssql":
      return await describeMssql(uri, sql, signal);
  }
}
