import mysql, { type ConnectionOptions, type FieldPacket } from "mysql2";
import pl from "nodejs-polars";
import { deadlineOf } from "../../shared/deadline";
import { DataSourceError } from "../../shared/errors";
import { uniqueNames } from "../unique-names";
import { BATCH_ROWS } from "./column-builders";
import { abortReason, type DatabaseDescription, throwIfAborted } from "./db-request";
import { connectionOptions } from "./mysql-connection";
import {
  MYSQL_TYPE,
  type MysqlColumn,
  type MysqlColumnReader,
  MysqlValueError,
  mysqlColumnReader,
  mysqlTypeName,
} from "./mysql-types";
import { lexSql } from "./sql-lexer";
import { readingsOf } from "./sql-readings";
import { quoteName } from "./table-name";

// Tested against MariaDB in mysql-server.test.ts and mysql-session.test.ts; see README.md,
// "Reading databases".

/** The second connection that cancels a query gives up sooner: the abort is waiting for it. */
const KILL_CONNECT_TIMEOUT_MS = 5_000;

/**
 * How long after the job's deadline the server stops a statement by itself: the executor's
 * own cancel, answered as the time limit's 504, comes first (0.3 s before the deadline).
 */
const STATEMENT_GRACE_MS = 1_000;

/** A result column: its name and how the protocol describes it. */
interface ResultColumn extends MysqlColumn {
  name: string;
}
/** A row of the text protocol: each value's bytes, null for NULL. */
type Row = (Buffer | null)[];

/** The statements of one read-only session. */
interface Session {
  /** The columns of a statement's result; its rows, if any, are not kept. */
  columns(text: string): Promise<ResultColumn[]>;
  /** Runs a statement, handing over its columns, then each row as it arrives. */
  stream(text: string, onColumns: (columns: ResultColumn[]) => void, onRow: (row: Row) => void): Promise<void>;
}

/**
 * Reads a checked read-only statement from MySQL or MariaDB into a frame, in a READ ONLY
 * transaction of a read-only session. Rows stream through mysql2's text protocol, each value
 * as the bytes of its text, straight into column batches (exact 64-bit integers, decimals,
 * microseconds). The columns are described first (`LIMIT 0`, not run), so a FLOAT can be
 * asked for as a DOUBLE: MariaDB writes a FLOAT's text with 6 digits, which would not read
 * back as the same float.
 */
export async function readMysql(uri: string, sql: string, maxRows?: number, signal?: AbortSignal) {
  return await inReadOnlySession(uri, signal, async (session) => {
    if (isUtility(sql)) {
      const readers: MysqlColumnReader[] = [];
      await session.stream(sql, (columns) => readers.push(...readersOf(columns)), rowSink(readers, maxRows));
      return frameOf(readers);
    }
    const columns = await session.columns(`SELECT * FROM (${sql}\n) AS q LIMIT 0`);
    const readers = readersOf(columns);
    const limit = maxRows === undefined ? "" : ` LIMIT ${maxRows}`;
    const select = `SELECT ${selectList(columns)} FROM (${sql}\n) AS q${limit}`;
    await session.stream(select, () => undefined, rowSink(readers));
    return frameOf(readers);
  });
}

/**
 * The columns of a statement and a frame of no rows with a read's types, from `SELECT * FROM
 * (...) AS q LIMIT 0` (planned, not run): the protocol's description has every type's
 * details, a DECIMAL's scale included. SHOW, DESCRIBE and EXPLAIN run, as they cannot be wrapped.
 */
export async function describeMysql(uri: string, sql: string, signal?: AbortSignal): Promise<DatabaseDescription> {
  return await inReadOnlySession(uri, signal, async (session) => {
    const columns = await session.columns(isUtility(sql) ? sql : `SELECT * FROM (${sql}\n) AS q LIMIT 0`);
    const readers = readersOf(columns);
    const described = columns.map((column, i) => ({
      name: readers[i]?.builder.name as string,
      databaseType: mysqlTypeName(column),
    }));
    return { columns: described, frame: frameOf(readers) };
  });
}

function readersOf(columns: ResultColumn[]): MysqlColumnReader[] {
  const names = uniqueNames(columns.map((column) => column.name));
  return columns.map((column, i) => mysqlColumnReader(names[i] as string, column));
}

/**
 * Pushes each row's values into the readers' columns as it arrives, flushing every batch, so
 * the JS side holds one batch at most; rows past `maxRows` are let go.
 */
function rowSink(readers: MysqlColumnReader[], maxRows = Number.POSITIVE_INFINITY): (row: Row) => void {
  let count = 0;
  return (row) => {
    if (count >= maxRows) return;
    for (let c = 0; c < readers.length; c++) {
      const reader = readers[c] as MysqlColumnReader;
      const value = row[c];
      if (value === null || value === undefined) {
        reader.builder.pushNull();
        continue;
      }
      try {
        reader.read(value);
      } catch (error) {
        if (!(error instanceof MysqlValueError)) throw error;
        throw new DataSourceError(`Column "${reader.builder.name}" at row ${count + 1} ${error.message}`);
      }
    }
    count++;
    if (count % BATCH_ROWS === 0) for (const reader of readers) reader.builder.flush();
  };
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

/** SHOW, DESCRIBE and EXPLAIN cannot be wrapped in a select: they run as they are. */
function isUtility(sql: string): boolean {
  const reading = readingsOf("mysql")[0];
  const first = reading && lexSql(sql, "mysql", reading).find((token) => token.kind === "word");
  return first !== undefined && /^(show|describe|desc|explain)$/i.test(first.text);
}

/**
 * Runs `work` in a read-only session and transaction on one connection. An abort cancels the
 * running statement on the server (`KILL CONNECTION` from a second connection: mysql2, like the
 * protocol, has no other way), closes the connection and rejects with `signal.reason`.
 * Driver and server errors become DataSourceErrors naming `host:port/db`, never the URI.
 */
async function inReadOnlySession<T>(
  uri: string,
  signal: AbortSignal | undefined,
  work: (session: Session) => Promise<T>,
): Promise<T> {
  throwIfAborted(signal);
  const { options, server } = connectionOptions(uri);
  const sourceError = (error: unknown) => {
    // mysql2's messages hold no password (tested); a message without text (an AggregateError
    // of several addresses) shows its code.
    const { message, code } = error as { message?: string; code?: string };
    return new DataSourceError(`MySQL at ${server}: ${message || code || String(error)}`, { cause: error });
  };
  const connection = mysql.createConnection(options);
  // Errors that end the connection (lost, refused, a failed login) come here, not to a statement.
  const broken = Promise.withResolvers<never>();
  connection.on("error", (error) => broken.reject(sourceError(error)));
  let running = false;
  let stopped = false;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    if (!stopping) {
      stopped = true;
      // Rows that still arrive are not read: the second connection gets the thread's time.
      connection.pause();
      const cancel = running && connection.threadId ? killSession(options, connection.threadId) : Promise.resolve();
      stopping = cancel.then(() => connection.destroy());
    }
    return stopping;
  };
  const onAbort = () => {
    stop().then(() => broken.reject(abortReason(signal as AbortSignal)));
  };
  signal?.addEventListener("abort", onAbort, { once: true });

  const stream: Session["stream"] = (text, onColumns, onRow) =>
    new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (error: unknown) => {
        failed = true;
        reject(error);
      };
      running = true;
      connection
        .query({ sql: text, rowsAsArray: true, typeCast: false })
        .on("fields", (fields: FieldPacket[] | undefined) => {
          // A statement without rows (SET) has no fields.
          if (failed || !fields) return;
          try {
            onColumns(fields.map(columnOf));
          } catch (error) {
            fail(error);
          }
        })
        .on("result", (row: unknown) => {
          // A statement without rows (SET) answers one OK packet, not an array.
          if (failed || stopped || !Array.isArray(row)) return;
          try {
            onRow(row as Row);
          } catch (error) {
            // Thrown into mysql2 it would end the connection as a protocol error; the
            // statement still runs, and the catch of the session stops it.
            fail(error);
          }
        })
        .on("error", (error) => {
          running = false;
          if (!failed) fail(sourceError(error));
        })
        .on("end", () => {
          running = false;
          resolve();
        });
    });
  const ignore = () => undefined;
  const session: Session = {
    stream,
    async columns(text) {
      let columns: ResultColumn[] = [];
      const keep = (described: ResultColumn[]) => {
        columns = described;
      };
      await stream(text, keep, ignore);
      return columns;
    },
  };
  const run = (text: string) => stream(text, ignore, ignore);

  try {
    const result = await Promise.race([
      (async () => {
        // The second wall (docs/server-api.md rule 10): a read-only session and transaction. TIMESTAMP
        // values are written in UTC, and text arrives as UTF-8.
        await run("SET SESSION TRANSACTION READ ONLY");
        await run("SET time_zone = '+00:00'");
        await run("SET NAMES utf8mb4");
        await limitStatementTime(session, deadlineOf(signal));
        await run("START TRANSACTION READ ONLY");
        return await work(session);
      })(),
      broken.promise,
    ]);
    // QUIT ends the transaction and the session; the answer does not wait for it.
    connection.end();
    return result;
  } catch (error) {
    await stop();
    if (signal?.aborted) throw abortReason(signal);
    throw error;
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Has the server stop each statement of the session by itself shortly after the job's
 * deadline: an executor killed at the time limit cancels nothing, and MariaDB and MySQL see a
 * vanished client only when they write (a long aggregate writes nothing until its end).
 * MariaDB calls it `max_statement_time` (seconds), MySQL `max_execution_time` (ms, SELECTs).
 * A server that refuses it (older than MariaDB 10.1 or MySQL 5.7.8) reads on without it.
 */
async function limitStatementTime(session: Session, deadline: number | undefined): Promise<void> {
  if (deadline === undefined) return;
  const ms = Math.max(STATEMENT_GRACE_MS, deadline - Date.now() + STATEMENT_GRACE_MS);
  let version = "";
  const keep = (row: Row) => {
    version = row[0]?.toString() ?? "";
  };
  try {
    await session.stream("SELECT VERSION()", () => undefined, keep);
    await session.stream(
      /mariadb/i.test(version)
        ? `SET SESSION max_statement_time = ${(ms / 1000).toFixed(3)}`
        : `SET SESSION max_execution_time = ${Math.ceil(ms)}`,
      () => undefined,
      () => undefined,
    );
  } catch {
    // Refused: nothing else to do.
  }
}

function columnOf(field: FieldPacket): ResultColumn {
  return {
    name: field.name,
    type: field.columnType ?? 0,
    flags: typeof field.flags === "number" ? field.flags : 0,
    length: field.columnLength ?? 0,
    decimals: field.decimals,
    charset: field.characterSet ?? 0,
  };
}

/**
 * Stops a connection's statement on the server, from a second connection: `KILL CONNECTION`,
 * as the reader's connection is closed anyway. A `KILL QUERY` alone leaves a statement that
 * is blocked writing rows to the paused socket waiting for the write (MariaDB 10.11: about
 * one abort in 15 of a streaming read stayed "Killed / Writing to net" past 2 s, until
 * net_write_timeout). Best effort: when no second connection can be made (the server is
 * gone, no connection is left), closing the reader's connection is all there is.
 */
async function killSession(options: ConnectionOptions, threadId: number): Promise<void> {
  const killer = mysql.createConnection({ ...options, connectTimeout: KILL_CONNECT_TIMEOUT_MS });
  await new Promise<void>((resolve) => {
    killer.on("error", () => resolve());
    killer.query(`KILL CONNECTION ${threadId}`, () => resolve());
  });
  killer.destroy();
}
