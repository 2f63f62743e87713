import { SQL } from "bun";
import pl from "nodejs-polars";
import { DataSourceError, WeftError } from "../../shared/errors";
import { uniqueNames } from "../unique-names";
import { BATCH_ROWS } from "./column-builders";
import { abortReason, type DatabaseDescription, describeServer, parseServerUri, throwIfAborted } from "./db-request";
import { MysqlValueError, mysqlColumnReader } from "./mysql-types";
import { lexSql } from "./sql-lexer";
import { readingsOf } from "./sql-readings";

// Tested against MariaDB in mysql-server.test.ts; see README.md, "Left to do".

type Connection = Awaited<ReturnType<SQL["reserve"]>>;
type ResultColumn = { name: string; type: number; flags?: number };

/**
 * Reads a checked read-only statement from MySQL or MariaDB into a frame, in a READ ONLY
 * transaction of a read-only session. Values come through the text protocol, so each is
 * parsed from the text MySQL wrote (exact 64-bit integers, microseconds). Bun's MySQL
 * client has no cursor or stream, so the whole result (at most `maxRows`) is held once as
 * rows before it becomes columns.
 */
export async function readMysql(uri: string, sql: string, maxRows?: number, signal?: AbortSignal) {
  return await inReadOnlyTransaction(uri, signal, async (connection) => {
    const text = isUtility(sql)
      ? sql
      : `SELECT * FROM (${sql}\n) AS q${maxRows === undefined ? "" : ` LIMIT ${maxRows}`}`;
    const result = await run(connection, connection.unsafe(text).simple().raw(), signal);
    const columns = (result.columns ?? []) as ResultColumn[];
    const names = uniqueNames(columns.map((column) => column.name));
    const readers = columns.map((column, i) => mysqlColumnReader(names[i] as string, column.type, column.flags ?? 0));
    const rows = (result as unknown as (Uint8Array | null)[][]).slice(0, maxRows);
    for (const [r, row] of rows.entries()) {
      for (const [c, reader] of readers.entries()) {
        const value = row[c];
        if (value === null || value === undefined) {
          reader.builder.pushNull();
          continue;
        }
        try {
          reader.read(value);
        } catch (error) {
          if (!(error instanceof MysqlValueError)) throw error;
          throw new DataSourceError(`Column "${reader.builder.name}" at row ${r + 1} ${error.message}`);
        }
      }
      if ((r + 1) % BATCH_ROWS === 0) for (const reader of readers) reader.builder.flush();
    }
    return pl.DataFrame(readers.map((reader) => reader.builder.finish()));
  });
}

/** The columns of a statement, from `SELECT * FROM (...) AS q LIMIT 0`. */
export async function describeMysql(uri: string, sql: string, signal?: AbortSignal): Promise<DatabaseDescription> {
  const frame = await readMysql(uri, sql, 0, signal);
  return { columns: frame.columns.map((name) => ({ name, databaseType: "" })), frame };
}

/** SHOW, DESCRIBE and EXPLAIN cannot be wrapped in a select: they run as they are. */
function isUtility(sql: string): boolean {
  const reading = readingsOf("mysql")[0];
  const first = reading && lexSql(sql, "mysql", reading).find((token) => token.kind === "word");
  return first !== undefined && /^(show|describe|desc|explain)$/i.test(first.text);
}

async function inReadOnlyTransaction<T>(
  uri: string,
  signal: AbortSignal | undefined,
  work: (connection: Connection) => Promise<T>,
): Promise<T> {
  throwIfAborted(signal);
  const url = parseServerUri(uri, "mysql", ["mysql:", "mysql2:", "mariadb:"]);
  const client = new SQL({
    adapter: url.protocol === "mariadb:" ? "mariadb" : "mysql",
    url: uri,
    // Bun lets MYSQL_DATABASE win over the URL's database; an explicit option wins over both.
    database: decodeURIComponent(url.pathname.slice(1)) || undefined,
    max: 1,
    connectionTimeout: 15,
  });
  let connection: Connection | undefined;
  try {
    connection = await client.reserve();
    // The second wall (server.md rule 10): a read-only session and transaction. TIMESTAMP
    // values are written in UTC, and text arrives as UTF-8.
    await connection.unsafe("SET SESSION TRANSACTION READ ONLY").simple();
    await connection.unsafe("SET time_zone = '+00:00'").simple();
    await connection.unsafe("SET NAMES utf8mb4").simple();
    await connection.unsafe("START TRANSACTION READ ONLY").simple();
    return await work(connection);
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    if (error instanceof WeftError) throw error;
    if (error instanceof SQL.SQLError) {
      throw new DataSourceError(`MySQL at ${describeServer(url)}: ${error.message}`, { cause: error });
    }
    throw error;
  } finally {
    // Closing (not releasing) ends the transaction and the session with it.
    await connection?.close({ timeout: 0 });
    await client.close({ timeout: 0 });
  }
}

/**
 * Awaits a query; an abort closes the connection, as Bun cannot stop a MySQL query that the
 * server runs (the server finishes it; KILL QUERY would need a second login).
 */
async function run<T>(connection: Connection, query: SQL.Query<T>, signal: AbortSignal | undefined): Promise<T> {
  throwIfAborted(signal);
  const onAbort = () => {
    connection.close({ timeout: 0 }).catch(() => undefined); // the query's rejection reports it
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    return await query;
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}
