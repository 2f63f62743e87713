import pl from "nodejs-polars";
import { Connection, ConnectionError, Request, RequestError, TYPES } from "tedious";
import { DataSourceError, WeftError } from "../../shared/errors";
import { uniqueNames } from "../unique-names";
import { BATCH_ROWS } from "./column-builders";
import { abortReason, type DatabaseDescription, throwIfAborted } from "./db-request";
import { installExactValues, markExact } from "./mssql-exact";
import {
  type MssqlColumnReader,
  MssqlValueError,
  mssqlColumnReader,
  type TediousColumnMetadata,
  typeOfDescription,
  typeOfMetadata,
} from "./mssql-types";
import { type MssqlTarget, parseMssqlUri, scrubSecrets } from "./mssql-uri";

// No SQL Server runs in CI: mssql.test.ts drives this file through tedious against a fake
// TDS server (README.md, "SQL Server").

/** The largest SET ROWCOUNT (an int); a larger maxRows is kept by cancelling after it. */
const MAX_ROWCOUNT = 2_147_483_647;
/** The system procedure that describes a statement's first result set without running it. */
export const DESCRIBE_PROCEDURE = "sp_describe_first_result_set";

/**
 * Weft's own statements before the user's query, on the same session (the policy governs the
 * user's SQL, not these): SET ROWCOUNT stops the server after `maxRows` rows of any single
 * statement, including `WITH ...` and `ORDER BY` queries that `SELECT TOP (n) * FROM (<sql>) q`
 * would break (ORDER BY is invalid in a derived table, a CTE cannot be one, and unnamed or
 * repeated columns are refused there); 0 would mean no limit, so maxRows 0 stops at the
 * column metadata instead. The transaction is never committed: closing the connection rolls
 * it back, so a write that passed both the policy and the login's rights is undone.
 */
export function setupSql(maxRows: number | undefined): string {
  const rowCount = maxRows !== undefined && maxRows > 0 && maxRows <= MAX_ROWCOUNT ? `SET ROWCOUNT ${maxRows};\n` : "";
  return `${rowCount}SET TRANSACTION ISOLATION LEVEL READ COMMITTED;\nBEGIN TRANSACTION;`;
}

/**
 * Reads a checked read-only statement from SQL Server into a frame. The statement runs as
 * it is (no wrapper), inside a transaction that is never committed, on a connection opened
 * with ApplicationIntent=ReadOnly; rows stream into column batches as tedious parses them.
 * decimal, numeric and money are exact (mssql-exact.ts); types in README.md.
 */
export async function readMssql(uri: string, sql: string, maxRows?: number, signal?: AbortSignal) {
  return await withConnection(uri, signal, {}, async (connection) => {
    await execute(connection, batch(connection, setupSql(maxRows)), {}, signal);
    let readers: MssqlColumnReader[] | undefined;
    let row = 0;
    await execute(
      connection,
      batch(connection, sql),
      {
        maxRows,
        onColumns: (columns) => {
          const names = columnNames(columns.map((column) => column.colName ?? ""));
          readers = columns.map((column, i) => mssqlColumnReader(names[i] as string, typeOfMetadata(column)));
        },
        onRow: (values) => {
          row++;
          for (const [c, reader] of (readers ?? []).entries()) {
            const value = values[c];
            if (value === null || value === undefined) reader.builder.pushNull();
            else readValue(reader, value, row);
          }
          if (row % BATCH_ROWS === 0) for (const reader of readers ?? []) reader.builder.flush();
        },
      },
      signal,
    );
    return readers ? pl.DataFrame(readers.map((reader) => reader.builder.finish())) : pl.DataFrame({});
  });
}

/**
 * The columns of a statement without running it: sp_describe_first_result_set, called as a
 * procedure with the statement as its `@tsql` parameter (Weft's own call: no text is built).
 * The frame has no rows and the dtypes a read gives.
 */
export async function describeMssql(uri: string, sql: string, signal?: AbortSignal): Promise<DatabaseDescription> {
  return await withConnection(uri, signal, {}, async (connection) => {
    const rows = await describeRows(connection, sql, signal);
    const names = columnNames(rows.map((row) => (typeof row.name === "string" ? row.name : "")));
    const frame = pl.DataFrame(
      rows.map((row, i) => mssqlColumnReader(names[i] as string, typeOfDescription(row as never)).builder.finish()),
    );
    const columns = rows.map((row, i) => ({
      name: names[i] as string,
      databaseType: String(row.system_type_name ?? ""),
    }));
    return { columns, frame: columns.length === 0 ? pl.DataFrame({}) : frame };
  });
}

/**
 * Connects and runs `SELECT 1`, for a connection test, within `timeoutSeconds` for each;
 * answers the server as messages name it (`host:port/db`). Throws a DataSourceError
 * (message without the user or password) when the server cannot be reached or refuses.
 */
export async function pingMssql(uri: string, timeoutSeconds: number): Promise<string> {
  const limits = { connectTimeout: timeoutSeconds * 1000, requestTimeout: timeoutSeconds * 1000 };
  await withConnection(uri, undefined, limits, async (connection) => {
    await execute(connection, batch(connection, "SELECT 1"), {}, undefined);
  });
  return parseMssqlUri(uri).where;
}

/** Repeated names get `_1`, `_2`; an unnamed column (`SELECT 1`) is `column_<position>`. */
export function columnNames(names: readonly string[]): string[] {
  return uniqueNames(names.map((name, i) => (name === "" ? `column_${i + 1}` : name)));
}

/** The settings every Weft connection gets on top of the URI's (README.md, "SQL Server"). */
export function readOnlyConfig(target: MssqlTarget, limits: Limits = {}) {
  return {
    ...target.config,
    options: {
      ...target.config.options,
      // Routes to a readable secondary of an availability group, where writes fail.
      readOnlyIntent: true,
      appName: "weft",
      // Dates arrive as UTC instants; uniqueidentifier in upper case, as SQL Server shows it.
      useUTC: true,
      lowerCaseGuids: false,
      useColumnNames: false,
      rowCollectionOnRequestCompletion: false,
      // "..." is a name, as sql-policy.ts lexes it.
      enableQuotedIdentifier: true,
      connectTimeout: limits.connectTimeout ?? 15_000,
      // No limit of tedious's own (its default is 15 s): the caller's signal stops a read.
      requestTimeout: limits.requestTimeout ?? 0,
    },
  };
}

interface Limits {
  connectTimeout?: number;
  requestTimeout?: number;
}

function readValue(reader: MssqlColumnReader, value: unknown, row: number): void {
  try {
    reader.read(value);
  } catch (error) {
    if (!(error instanceof MssqlValueError)) throw error;
    throw new DataSourceError(`Column "${reader.builder.name}" at row ${row} ${error.message}`);
  }
}

async function describeRows(connection: Connection, sql: string, signal: AbortSignal | undefined) {
  let names: string[] = [];
  const rows: Record<string, unknown>[] = [];
  const request = (done: (error?: Error | null) => void) => {
    const call = new Request(DESCRIBE_PROCEDURE, done);
    call.addParameter("tsql", TYPES.NVarChar, sql);
    return { request: call, send: () => connection.callProcedure(call) };
  };
  await execute(
    connection,
    request,
    {
      onColumns: (columns) => {
        names = columns.map((column) => column.colName ?? "");
      },
      onRow: (values) => {
        rows.push(Object.fromEntries(names.map((name, i) => [name, values[i]])));
      },
    },
    signal,
  );
  return rows
    .filter((row) => row.is_hidden !== true)
    .sort((a, b) => Number(a.column_ordinal) - Number(b.column_ordinal));
}

/** Opens a connection, runs `work`, closes it; tedious's failures become DataSourceErrors. */
async function withConnection<T>(
  uri: string,
  signal: AbortSignal | undefined,
  limits: Limits,
  work: (connection: Connection) => Promise<T>,
): Promise<T> {
  throwIfAborted(signal);
  const target = parseMssqlUri(uri);
  installExactValues();
  let connection: Connection | undefined;
  try {
    connection = await connect(target, limits, signal);
    return await work(connection);
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    if (error instanceof WeftError) throw error;
    if (error instanceof ConnectionError || error instanceof RequestError) {
      // No `cause`: tedious's own errors may quote the user.
      throw new DataSourceError(`SQL Server at ${target.where}: ${scrubSecrets(error.message, target.secrets)}`);
    }
    throw error;
  } finally {
    // Closing ends the session, and SQL Server rolls back its open transaction.
    connection?.close();
  }
}

function connect(target: MssqlTarget, limits: Limits, signal: AbortSignal | undefined): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const connection = new Connection(readOnlyConfig(target, limits));
    markExact(connection.config.options);
    // A socket error after login also fails the request in progress, which reports it; an
    // 'error' event without a listener would throw out of tedious instead.
    connection.on("error", () => undefined);
    const onAbort = () => connection.close();
    signal?.addEventListener("abort", onAbort, { once: true });
    connection.connect((error) => {
      signal?.removeEventListener("abort", onAbort);
      if (error) {
        connection.close();
        reject(error);
      } else {
        resolve(connection);
      }
    });
  });
}

type Done = (error?: Error | null) => void;
type MakeRequest = (done: Done) => { request: Request; send: () => void };

/** A SQL batch: the text as it is, no parameters (sp_executesql is not needed). */
function batch(connection: Connection, sql: string): MakeRequest {
  return (done) => {
    const request = new Request(sql, done);
    return { request, send: () => connection.execSqlBatch(request) };
  };
}

interface Handlers {
  /** Rows after this many are not read: the request is cancelled (maxRows 0: at the column metadata). */
  maxRows?: number;
  onColumns?(columns: TediousColumnMetadata[]): void;
  onRow?(values: unknown[]): void;
}

/**
 * Runs one request. Aborting `signal` cancels it on the server (tedious sends an ATTENTION;
 * the server stops and acknowledges) and rejects with the signal's reason. An error thrown
 * by a handler cancels the request and is the rejection.
 */
function execute(connection: Connection, make: MakeRequest, handlers: Handlers, signal: AbortSignal | undefined) {
  return new Promise<void>((resolve, reject) => {
    throwIfAborted(signal);
    let failure: { error: unknown } | undefined;
    let stopped = false;
    let rows = 0;
    let resultSets = 0;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      connection.cancel();
    };
    const guard = (handler: () => void) => {
      try {
        handler();
      } catch (error) {
        // Kept and rejected with once tedious has finished with the request.
        failure ??= { error };
        stop();
      }
    };
    const onAbort = () => connection.cancel();
    const { request, send } = make((error) => {
      signal?.removeEventListener("abort", onAbort);
      if (signal?.aborted) reject(abortReason(signal));
      else if (failure) reject(failure.error);
      else if (error && !(stopped && (error as { code?: string }).code === "ECANCEL")) reject(error);
      else resolve();
    });
    request.on("columnMetadata", (columns) => {
      if (stopped) return;
      resultSets++;
      if (resultSets > 1) {
        guard(() => {
          throw new DataSourceError("The statement returned more than one result set; Weft reads one");
        });
        return;
      }
      guard(() => handlers.onColumns?.(columns as unknown as TediousColumnMetadata[]));
      if (handlers.maxRows === 0) stop();
    });
    request.on("row", (columns: { value: unknown }[]) => {
      if (stopped) return;
      if (handlers.maxRows !== undefined && rows >= handlers.maxRows) {
        stop();
        return;
      }
      rows++;
      guard(() => handlers.onRow?.(columns.map((column) => column.value)));
    });
    signal?.addEventListener("abort", onAbort, { once: true });
    send();
  });
}
