import { constants, Database, type Statement } from "bun:sqlite";
import { existsSync } from "node:fs";
import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { uniqueNames } from "../unique-names";
import { BATCH_ROWS } from "./column-builders";
import { type DatabaseDescription, throwIfAborted } from "./db-request";
import { lexSql } from "./sql-lexer";
import { readingsOf } from "./sql-readings";
import { declaredKind, SqliteColumn } from "./sqlite-columns";
import { quoteName } from "./table-name";

/** Rows between two looks at the abort signal (the reading thread yields there). */
const YIELD_ROWS = 4096;
/** Rows a description reads to type the columns that have no declared type. */
const DESCRIBE_SAMPLE_ROWS = 100;

/**
 * Reads a checked read-only statement from a SQLite file opened read-only into a frame, row
 * by row (the statement steps as the rows are taken), each column typed by its declared type
 * and its values (sqlite-columns.ts). Cancellation is looked at every few thousand rows;
 * a single step that runs long (a sort or an aggregate over a huge input) cannot be stopped,
 * as Bun's SQLite has no interrupt.
 */
export async function readSqlite(uri: string, sql: string, maxRows?: number, signal?: AbortSignal) {
  return await withDatabase(uri, signal, async (db, path) => {
    const { statement, columns } = prepare(db, path, sql);
    await readRows(statement, columns, maxRows, signal);
    return pl.DataFrame(columns.map((column) => column.finish()));
  });
}

/**
 * The columns of a statement, typed by their declared types; a column without one (an
 * expression) is typed by up to 100 rows, the rest of the query is not run.
 */
export async function describeSqlite(uri: string, sql: string, signal?: AbortSignal): Promise<DatabaseDescription> {
  return await withDatabase(uri, signal, async (db, path) => {
    const { statement, columns, declared } = prepare(db, path, sql);
    if (declared.some((type) => declaredKind(type) === null)) {
      await readRows(statement, columns, DESCRIBE_SAMPLE_ROWS, signal);
    }
    const frame = pl.DataFrame(columns.map((column) => column.finish().head(0)));
    return { columns: columns.map((column, i) => ({ name: column.name, databaseType: declared[i] ?? "" })), frame };
  });
}

/** The file of a `sqlite:` URI (`sqlite:///abs.db`, `sqlite://rel.db`, `sqlite:rel.db`, any `?...` dropped) or a plain path. */
export function sqlitePath(uri: string): string {
  const match = /^sqlite:(?:\/\/)?([^?]*)/i.exec(uri);
  const path = match ? (match[1] as string) : uri;
  if (path === "") throw new DataSourceError(`The SQLite URI ${JSON.stringify(uri)} names no file`);
  return path;
}

/**
 * What the reader opens for a checked real path: the path itself, or in a read-only root a
 * `sqlite:` URI with `immutable=1`, which openSqlite honours (and only there: a user's own
 * `?...` is dropped by sqlitePath before the path is checked).
 */
export function sqliteUri(path: string, readOnlyRoot: boolean): string {
  return readOnlyRoot ? `sqlite://${path}?immutable=1` : path;
}

/**
 * Opens a SQLite file read-only. A read-only open of a WAL-mode database creates `-wal`
 * and `-shm` files beside it (WAL readers need shared memory) and cannot remove them on
 * close, so in a read-only root (a `sqliteUri` marked immutable) the file is opened with
 * SQLite's `immutable=1`: no locks, no journal or shared-memory files, nothing created.
 * The cost: SQLite then trusts the file not to change, so a program writing it during the
 * read can make the read fail as malformed or see a mix of old and new rows. When a `-wal`
 * file is already there (a writer has the database open, or one crashed) immutable would
 * miss the rows in it, so the plain read-only open is used: its files exist already.
 */
export function openSqlite(uri: string): Database {
  const path = sqlitePath(uri);
  const immutable = /[?&]immutable=1(&|$)/.test(uri) && !existsSync(`${path}-wal`);
  if (!immutable) return new Database(path, { readonly: true });
  // SQLite URI file names escape `%`, `?` and `#`; Bun takes the URI flag only as a number.
  const name = `file:${path.replace(/[%?#]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}?immutable=1`;
  return new Database(name, constants.SQLITE_OPEN_READONLY | constants.SQLITE_OPEN_URI);
}

async function withDatabase<T>(
  uri: string,
  signal: AbortSignal | undefined,
  work: (db: Database, path: string) => Promise<T>,
): Promise<T> {
  throwIfAborted(signal);
  const path = sqlitePath(uri);
  let db: Database;
  try {
    db = openSqlite(uri);
  } catch (error) {
    throw new DataSourceError(`Cannot open the SQLite database ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    // The second wall (docs/server-api.md rule 10): the file is opened read-only, and query_only also
    // stops writes to the temp database, which a read-only file would allow.
    db.run("PRAGMA query_only = ON");
    return await work(db, path);
  } finally {
    db.close();
  }
}

/**
 * The statement, wrapped so that every column has a distinct key (`WITH "weft q"("c1", ...)
 * AS (...)`: Bun gives rows as objects, and a repeated name would lose a column), and its
 * columns. EXPLAIN cannot be wrapped; its names are distinct.
 */
function prepare(db: Database, path: string, sql: string) {
  const inner = prepareOrFail(db, path, sql);
  const names = inner.columnNames;
  const declared = inner.declaredTypes;
  const frameNames = uniqueNames(names);
  const columns = frameNames.map((name, i) => new SqliteColumn(name, declaredKind(declared[i] ?? null)));
  if (isExplain(sql) || names.length === 0) return { statement: inner, columns, declared, keys: names };
  inner.finalize();
  const keys = names.map((_, i) => `c${i + 1}`);
  const cte = quoteName("weft q", "sqlite");
  const wrapped = `WITH ${cte}(${keys.map((key) => quoteName(key, "sqlite")).join(", ")}) AS (\n${sql}\n) SELECT * FROM ${cte}`;
  return { statement: prepareOrFail(db, path, wrapped), columns, declared, keys };
}

function prepareOrFail(db: Database, path: string, sql: string): Statement {
  try {
    // 64-bit integers as bigints, never rounded (set per statement: openSqlite's URI open takes no options).
    return db.prepare(sql).safeIntegers(true);
  } catch (error) {
    throw new DataSourceError(`SQLite ${path}: ${(error as Error).message}`, { cause: error });
  }
}

function isExplain(sql: string): boolean {
  const reading = readingsOf("sqlite")[0];
  const first = reading && lexSql(sql, "sqlite", reading).find((token) => token.kind === "word");
  return first !== undefined && /^explain$/i.test(first.text);
}

/** Steps the statement into the columns, yielding to the event loop every few thousand rows. */
async function readRows(
  statement: Statement,
  columns: SqliteColumn[],
  maxRows: number | undefined,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (maxRows === 0) return;
  const keys = statement.columnNames;
  let rows = 0;
  try {
    for (const row of statement.iterate() as Iterable<Record<string, unknown>>) {
      for (let i = 0; i < columns.length; i++) {
        (columns[i] as SqliteColumn).push(row[keys[i] as string] as never);
      }
      rows++;
      if (rows === maxRows) break;
      if (rows % BATCH_ROWS === 0) for (const column of columns) column.flush();
      if (rows % YIELD_ROWS === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        throwIfAborted(signal);
      }
    }
  } catch (error) {
    if (error instanceof Error && error.name === "SQLiteError") {
      throw new DataSourceError(`SQLite: ${error.message}`, { cause: error });
    }
    throw error;
  } finally {
    statement.finalize();
  }
}
