import type { Database } from "bun:sqlite";
import { SQL } from "bun";
import mysql from "mysql2";
import { pingMssql } from "../../formats/db/mssql-connection";
import { connectionOptions } from "../../formats/db/mysql-connection";
import { openSqlite, sqlitePath } from "../../formats/db/sqlite";
import { WeftError } from "../../shared/errors";
import { secretPattern } from "../../shared/secret-pattern";
import type { ConnectionType } from "./connection-store";

/** The answer of `POST /api/connections/{id}/test`; a failure is `success: false`, not an HTTP error. */
export interface ConnectionTestResult {
  success: boolean;
  message: string;
  /** Milliseconds to connect and run `SELECT 1`; on success only. */
  latencyMs?: number;
}

/** Connects to a database and runs `SELECT 1`; never throws for a database's refusal. */
export type TestConnection = (uri: string, type: ConnectionType) => Promise<ConnectionTestResult>;

const LABELS: Record<ConnectionType, string> = {
  postgresql: "PostgreSQL",
  mysql: "MySQL",
  sqlite: "SQLite",
  mssql: "SQL Server",
};

/**
 * The real connection test. SQLite opens the file read-only; PostgreSQL goes through Bun's
 * SQL client, MySQL through mysql2 and SQL Server through tedious as Weft reads them (the
 * same URI options: src/formats/db/mysql-connection.ts, mssql-uri.ts); each has
 * `timeoutSeconds` to connect and as much again for `SELECT 1`. Every message is scrubbed of the URI's
 * credentials, because drivers quote the user name ("password authentication failed for
 * user ...") and a message is shown to whoever may test the connection.
 */
export function createConnectionTester({ timeoutSeconds = 5 }: { timeoutSeconds?: number } = {}): TestConnection {
  return async function testConnection(uri, type) {
    const result = await (type === "sqlite"
      ? testSqlite(uri)
      : type === "mssql"
        ? testMssql(uri, timeoutSeconds)
        : type === "mysql"
          ? testMysql(uri, timeoutSeconds)
          : testServer(uri, type, timeoutSeconds));
    return { ...result, message: scrubCredentials(result.message, uri) };
  };
}

function testSqlite(uri: string): ConnectionTestResult {
  const started = performance.now();
  const path = sqlitePath(uri);
  let db: Database | undefined;
  try {
    // Read-only, as Weft reads it: a test must not create a missing file, take a write lock,
    // or leave files in a read-only root (openSqlite).
    db = openSqlite(uri);
    db.query("SELECT 1").get();
    return { success: true, message: `Opened the SQLite database ${path} (read-only)`, latencyMs: since(started) };
  } catch (err) {
    return { success: false, message: `Could not open the SQLite database ${path}: ${describe(err)}` };
  } finally {
    db?.close();
  }
}

async function testServer(uri: string, type: "postgresql", timeoutSeconds: number) {
  const label = LABELS[type];
  const where = addressOf(uri);
  const started = performance.now();
  const sql = new SQL(uri, { max: 1, connectionTimeout: timeoutSeconds });
  let timer: ReturnType<typeof setTimeout> | undefined;
  // connectionTimeout bounds the handshake; this bounds a server that accepts and then stalls.
  const deadline = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutSeconds * 2000);
  });
  try {
    const outcome = await Promise.race([sql`SELECT 1`.then(() => "ok" as const), deadline]);
    if (outcome === "timeout") {
      return { success: false, message: `${label} at ${where} did not answer within ${timeoutSeconds * 2} s` };
    }
    return { success: true, message: `Connected to ${label} at ${where}`, latencyMs: since(started) };
  } catch (err) {
    return { success: false, message: `Could not connect to ${label} at ${where}: ${describe(err)}` };
  } finally {
    clearTimeout(timer);
    await sql.close({ timeout: 0 });
  }
}

/** MySQL through mysql2 with the reader's own options (mysql-connection.ts), so a URI that tests well reads well. */
async function testMysql(uri: string, timeoutSeconds: number): Promise<ConnectionTestResult> {
  const started = performance.now();
  let target: ReturnType<typeof connectionOptions>;
  try {
    target = connectionOptions(uri);
  } catch (err) {
    if (!(err instanceof WeftError)) throw err;
    return { success: false, message: `Could not connect: ${err.message}` };
  }
  const connection = mysql.createConnection({ ...target.options, connectTimeout: timeoutSeconds * 1000 });
  connection.on("error", () => undefined); // a late socket error; the query reports the failure
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutSeconds * 2000);
  });
  try {
    const ping = connection.promise().query("SELECT 1");
    ping.catch(() => undefined); // awaited in the race; a rejection after the deadline is not news
    const outcome = await Promise.race([ping.then(() => "ok" as const), deadline]);
    if (outcome === "timeout") {
      return { success: false, message: `MySQL at ${target.server} did not answer within ${timeoutSeconds * 2} s` };
    }
    return { success: true, message: `Connected to MySQL at ${target.server}`, latencyMs: since(started) };
  } catch (err) {
    return { success: false, message: `Could not connect to MySQL at ${target.server}: ${describe(err)}` };
  } finally {
    clearTimeout(timer);
    connection.destroy();
  }
}

async function testMssql(uri: string, timeoutSeconds: number): Promise<ConnectionTestResult> {
  const started = performance.now();
  try {
    const where = await pingMssql(uri, timeoutSeconds);
    return { success: true, message: `Connected to SQL Server at ${where}`, latencyMs: since(started) };
  } catch (err) {
    // pingMssql reports a refusal or a bad URI as a DataSourceError; anything else is a bug.
    if (!(err instanceof WeftError)) throw err;
    return { success: false, message: `Could not connect: ${err.message}` };
  }
}

/**
 * `message` without the credentials of `uri`: its userinfo wherever a URI appears, and the
 * user name and password (decoded and as written) anywhere, e.g. inside a driver's sentence.
 */
export function scrubCredentials(message: string, uri: string): string {
  const secrets = new Set<string>();
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)@/i.exec(uri)?.[1];
  if (userinfo !== undefined) {
    const colon = userinfo.indexOf(":");
    const parts = colon < 0 ? [userinfo] : [userinfo.slice(0, colon), userinfo.slice(colon + 1)];
    for (const part of [userinfo, ...parts]) {
      secrets.add(part);
      secrets.add(safeDecode(part));
    }
  }
  // Longest first, so a password containing the user name is removed whole.
  let scrubbed = message.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi, "$1***@");
  for (const secret of [...secrets].filter((s) => s !== "").sort((a, b) => b.length - a.length)) {
    scrubbed = scrubbed.replace(secretPattern(secret), "***");
  }
  return scrubbed;
}

/** `host:port` of a server URI, for messages (no credentials). */
function addressOf(uri: string): string {
  const url = URL.parse(uri);
  return url ? `${url.hostname}:${url.port}` : "the configured address";
}

function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = typeof err === "object" && err !== null && "code" in err ? err.code : undefined;
  return typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // not valid percent-encoding: the text as written is what could leak
  }
}

function since(started: number): number {
  return Math.max(0, Math.round(performance.now() - started));
}
