import { Connection, ConnectionError, Request, RequestError } from "tedious";
import { DataSourceError, WeftError } from "../../shared/errors";
import { abortReason, throwIfAborted } from "./db-request";
import { installExactValues, markExact } from "./mssql-exact";
import type { TediousColumnMetadata } from "./mssql-types";
import { type MssqlTarget, parseMssqlUri, scrubSecrets } from "./mssql-uri";

// The SQL Server session as Weft opens it, without Polars: the Server process's connection
// test (services/connection-test.ts) uses it as the reader (mssql.ts) does.

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

/** Opens a connection, runs `work`, closes it; tedious's failures become DataSourceErrors. */
export async function withConnection<T>(
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
export type MakeRequest = (done: Done) => { request: Request; send: () => void };

/** A SQL batch: the text as it is, no parameters (sp_executesql is not needed). */
export function batch(connection: Connection, sql: string): MakeRequest {
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
export function execute(
  connection: Connection,
  make: MakeRequest,
  handlers: Handlers,
  signal: AbortSignal | undefined,
) {
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
