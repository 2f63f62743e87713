import { Database } from "bun:sqlite";
import { SQL } from "bun";
import mysql from "mysql2";
import { pingMssql } from "../../formats/db/mssql-connection";
import type { DatabaseSettings } from "./settings";

/**
 * Connects to a database and runs one trivial statement; throws the driver's error (the
 * caller scrubs and bounds it). `signal` ends the attempt: the connection is closed at once.
 */
export async function probeDatabase(settings: DatabaseSettings, timeoutMs: number, signal: AbortSignal) {
  if (settings.dbType === "sqlite") return probeSqlite(settings.database);
  if (settings.dbType === "postgresql") return probePostgres(settings, timeoutMs, signal);
  if (settings.dbType === "mssql") return probeMssql(settings, timeoutMs);
  return probeMysql(settings, timeoutMs, signal);
}

/** Read-only, as the Server reads it: a check never creates a missing file or takes a write lock. */
function probeSqlite(path: string): void {
  const db = new Database(path, { readonly: true });
  try {
    // Reads the schema: a file that is not a SQLite database fails here, not at open.
    db.query("SELECT count(*) FROM sqlite_master").get();
  } finally {
    db.close();
  }
}

function tls(settings: DatabaseSettings) {
  const mode = settings.options.sslmode;
  return mode === "require" || mode === "verify-full" ? { rejectUnauthorized: mode === "verify-full" } : undefined;
}

async function probePostgres(settings: DatabaseSettings, timeoutMs: number, signal: AbortSignal) {
  const client = new SQL({
    adapter: "postgres",
    hostname: settings.host ?? "localhost",
    port: settings.port ?? 5432,
    database: settings.database,
    username: settings.username ?? undefined,
    password: settings.password ?? undefined,
    max: 1,
    connectionTimeout: Math.max(1, Math.ceil(timeoutMs / 1000)),
    tls: tls(settings),
    connection: { default_transaction_read_only: "on", application_name: "weft-hub-check" },
  });
  const close = () => void client.close({ timeout: 0 }).catch(() => undefined);
  signal.addEventListener("abort", close, { once: true });
  try {
    await client`SELECT 1`;
  } finally {
    signal.removeEventListener("abort", close);
    await client.close({ timeout: 0 }).catch(() => undefined);
  }
}

/** MySQL and MariaDB through mysql2, with the reader's restrictions (no LOCAL INFILE, one statement). */
async function probeMysql(settings: DatabaseSettings, timeoutMs: number, signal: AbortSignal) {
  const connection = mysql.createConnection({
    host: settings.host ?? "localhost",
    port: settings.port ?? 3306,
    user: settings.username ?? undefined,
    password: settings.password ?? undefined,
    database: settings.database,
    connectTimeout: timeoutMs,
    flags: ["-LOCAL_FILES", "-MULTI_STATEMENTS"],
    multipleStatements: false,
    ssl: tls(settings),
  });
  connection.on("error", () => undefined); // a late socket error; the query reports the failure
  const destroy = () => connection.destroy();
  signal.addEventListener("abort", destroy, { once: true });
  try {
    await connection.promise().query("SELECT 1");
  } finally {
    signal.removeEventListener("abort", destroy);
    connection.destroy();
  }
}

/**
 * SQL Server through the reader's own session (src/formats/db/mssql-connection.ts), given as
 * the URI it reads: `sslmode` disable is `encrypt=false`, require accepts the server's own
 * certificate, verify-full (and the default) checks it. tedious has no cancel of a connect:
 * it gives up at its own connect timeout (the same bound).
 */
async function probeMssql(settings: DatabaseSettings, timeoutMs: number) {
  const enc = encodeURIComponent;
  const host = settings.host?.includes(":") ? `[${settings.host}]` : settings.host;
  const account = settings.username ? `${enc(settings.username)}:${enc(settings.password ?? "")}@` : "";
  const mode = settings.options.sslmode;
  const query = mode === "disable" ? "?encrypt=false" : mode === "require" ? "?trustServerCertificate=true" : "";
  const uri = `mssql://${account}${host}:${settings.port ?? 1433}/${enc(settings.database)}${query}`;
  await pingMssql(uri, Math.max(1, Math.ceil(timeoutMs / 1000)));
}
