import { Database, type Statement } from "bun:sqlite";
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

async function withDatabase<T>(
  uri: string,
  signal: AbortSignal | undefined,
  work: (db: Database, path: string) => Promise<T>,
): Promise<T> {
  throwIfAborted(signal);
  const path = sqlitePath(uri);
  let db: Database;
  try {
    db = new Database(path, { readonly: true, safeIntegers: true });
  } catch (error) {
    throw new DataSourceError(`Cannot open the SQLite database ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    // The second wall (server.md rule 10): the file is opened read-only, and query_only also
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
    return db.prepare(sql);
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
