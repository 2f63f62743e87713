import { SQL } from "bun";
import pl from "nodejs-polars";
import { DataSourceError, WeftError } from "../../shared/errors";
import { uniqueNames } from "../unique-names";
import { BATCH_ROWS } from "./column-builders";
import { abortReason, type DatabaseDescription, describeServer, parseServerUri, throwIfAborted } from "./db-request";
import { MYSQL_TYPE, type MysqlColumnReader, MysqlValueError, mysqlColumnReader, mysqlTypeName } from "./mysql-types";
import { lexSql } from "./sql-lexer";
import { readingsOf } from "./sql-readings";
import { quoteName } from "./table-name";

// Tested against MariaDB in mysql-server.test.ts; see README.md, "Left to do".

type Connection = Awaited<ReturnType<SQL["reserve"]>>;
/** A result column as Bun describes it (no scale: see mysqlDecimalType). */
type ResultColumn = { name: string; type: number; flags?: number; length?: number };
type Rows = (Uint8Array | null)[][];

/**
 * Reads a checked read-only statement from MySQL or MariaDB into a frame, in a READ ONLY
 * transaction of a read-only session. Values come through the text protocol, so each is
 * parsed from the text MySQL wrote (exact 64-bit integers, decimals, microseconds). The
 * columns are described first (`LIMIT 0`, not run), so FLOAT can be asked for as a DOUBLE:
 * MariaDB writes a FLOAT's text with 6 digits, which would not read back as the same float.
 * Bun's MySQL client has no cursor or stream, so the whole result (at most `maxRows`) is
 * held once as rows before it becomes columns.
 */
export async function readMysql(uri: string, sql: string, maxRows?: number, signal?: AbortSignal) {
  return await inReadOnlyTransaction(uri, signal, async (connection) => {
    if (isUtility(sql)) {
      const result = await rowsOf(connection, sql, signal);
      return frameOf(fill(readersOf(result.columns), result.rows.slice(0, maxRows)));
    }
    const { columns } = await rowsOf(connection, `SELECT * FROM (${sql}\n) AS q LIMIT 0`, signal);
    const limit = maxRows === undefined ? "" : ` LIMIT ${maxRows}`;
    const { rows } = await rowsOf(connection, `SELECT ${selectList(columns)} FROM (${sql}\n) AS q${limit}`, signal);
    const readers = fill(readersOf(columns), rows);
    await learnScales(connection, sql, columns, readers, signal);
    return frameOf(readers);
  });
}

/**
 * The columns of a statement and a frame of no rows with a read's types, from `SELECT * FROM
 * (...) AS q LIMIT 0` (planned, not run); a DECIMAL's scale from one more such query
 * (`learnScales`). SHOW, DESCRIBE and EXPLAIN run, as they cannot be wrapped.
 */
export async function describeMysql(uri: string, sql: string, signal?: AbortSignal): Promise<DatabaseDescription> {
  return await inReadOnlyTransaction(uri, signal, async (connection) => {
    const text = isUtility(sql) ? sql : `SELECT * FROM (${sql}\n) AS q LIMIT 0`;
    const { columns } = await rowsOf(connection, text, signal);
    const readers = readersOf(columns);
    if (!isUtility(sql)) await learnScales(connection, sql, columns, readers, signal);
    const described = columns.map((column, i) => {
      const scale = Math.max(readers[i]?.decimal?.seen.fraction ?? 0, 0);
      const databaseType = mysqlTypeName(column.type, column.flags ?? 0, column.length ?? 0, scale);
      return { name: readers[i]?.builder.name as string, databaseType };
    });
    return { columns: described, frame: frameOf(readers) };
  });
}

async function rowsOf(connection: Connection, text: string, signal: AbortSignal | undefined) {
  const result = await run(connection, connection.unsafe(text).simple().raw(), signal);
  return { columns: (result.columns ?? []) as ResultColumn[], rows: result as unknown as Rows };
}

function readersOf(columns: ResultColumn[]): MysqlColumnReader[] {
  const names = uniqueNames(columns.map((column) => column.name));
  return columns.map((column, i) =>
    mysqlColumnReader(names[i] as string, column.type, column.flags ?? 0, column.length ?? 0),
  );
}

/** Reads `rows` into the readers' columns, a batch at a time. */
function fill(readers: MysqlColumnReader[], rows: Rows): MysqlColumnReader[] {
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
  return readers;
}

function frameOf(readers: MysqlColumnReader[]): pl.DataFrame {
  return pl.DataFrame(readers.map((reader) => reader.builder.finish()));
}

/**
 * The wrapper's select list: `*`, or with a FLOAT column each column by name and the FLOAT
 * as a DOUBLE (`* 1e0` keeps -0), whose text is the float's exact value.
 */
function selectList(columns: ResultColumn[]): string {
  if (!columns.some((column) => column.type === MYSQL_TYPE.float)) return "*";
  return columns
    .map((column) => {
      const name = `q.${quoteName(column.name, "mysql")}`;
      return column.type === MYSQL_TYPE.float ? `${name} * 1e0` : name;
    })
    .join(", ");
}

/**
 * A DECIMAL's scale shows only in its values (see mysqlDecimalType). For DECIMAL columns that
 * read no value (all NULL, no rows, a description), one row of `COALESCE(column, 0)` over
 * the statement's empty result has the column's scale: `0.00` for DECIMAL(10,2).
 */
async function learnScales(
  connection: Connection,
  sql: string,
  columns: ResultColumn[],
  readers: MysqlColumnReader[],
  signal: AbortSignal | undefined,
): Promise<void> {
  const unknown = columns.flatMap((column, i) => {
    const decimal = readers[i]?.decimal;
    return decimal && decimal.seen.fraction < 0 ? [{ column, decimal }] : [];
  });
  if (unknown.length === 0) return;
  const list = unknown.map(({ column }) => `COALESCE(q.${quoteName(column.name, "mysql")}, 0)`).join(", ");
  const probe = `SELECT ${list} FROM (SELECT 1) AS one LEFT JOIN (SELECT * FROM (${sql}\n) AS q LIMIT 0) AS q ON TRUE`;
  const [row] = (await rowsOf(connection, probe, signal)).rows;
  for (const [i, { decimal }] of unknown.entries()) {
    const value = row?.[i];
    if (value) decimal.note(Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("latin1"));
  }
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
