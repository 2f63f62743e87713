import type { ConnectionOptions } from "mysql2";
import { DataSourceError } from "../../shared/errors";
import { describeServer, parseServerUri } from "./db-request";

// How Weft opens a MySQL/MariaDB session, without Polars: the reader (mysql.ts) and the
// Server process's connection test (services/connection-test.ts) take the URI the same way.

/** As postgres.ts: a server that has not answered in 15 s is an error. */
const CONNECT_TIMEOUT_MS = 15_000;

/**
 * mysql2's options for a `mysql://user:pass@host:port/db` URI. The URI is not handed to
 * mysql2, which would take any `?name=value` as a driver option (`multipleStatements=true`);
 * only `sslmode` is read. No LOCAL INFILE, no several statements, and no IGNORE_SPACE
 * (which would make function names reserved words for the user's SQL).
 */
export function connectionOptions(uri: string): { options: ConnectionOptions; server: string } {
  const url = parseServerUri(uri, "mysql", ["mysql:", "mysql2:", "mariadb:"]);
  const server = describeServer(url);
  const decoded = (text: string, part: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      throw new DataSourceError(`The mysql connection URI for ${server} has a badly %-encoded ${part}`);
    }
  };
  let ssl: ConnectionOptions["ssl"];
  for (const [name, value] of url.searchParams) {
    if (name !== "sslmode") {
      throw new DataSourceError(
        `The mysql connection URI for ${server} has an unknown option "${name}" (known: sslmode)`,
      );
    }
    if (value === "require") ssl = { rejectUnauthorized: false };
    else if (value === "verify-full") ssl = { rejectUnauthorized: true };
    else if (value !== "disable") {
      throw new DataSourceError(`sslmode must be disable, require or verify-full (got "${value}") for ${server}`);
    }
  }
  const options: ConnectionOptions = {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1") || "localhost",
    port: url.port ? Number(url.port) : 3306,
    user: decoded(url.username, "user"),
    password: decoded(url.password, "password"),
    database: decoded(url.pathname.slice(1), "database") || undefined,
    connectTimeout: CONNECT_TIMEOUT_MS,
    charset: "UTF8MB4_UNICODE_CI",
    flags: ["-LOCAL_FILES", "-MULTI_STATEMENTS", "-IGNORE_SPACE"],
    multipleStatements: false,
    ssl,
  };
  return { options, server };
}
