import type { ConnectionConfiguration } from "tedious";
import { DataSourceError } from "../../shared/errors";

/** What a SQL Server URI opens, and how messages name it. */
export interface MssqlTarget {
  /** tedious's configuration, without the read-only settings mssql.ts adds. */
  config: ConnectionConfiguration;
  /** `host:port/database` (or `host\instance/database`) for messages: never the user or password. */
  where: string;
  /** The user name and password, removed from any message a driver writes. */
  secrets: string[];
}

/** The URI options Weft reads (`?encrypt=false&trustServerCertificate=true`); others are refused. */
export const MSSQL_URI_OPTIONS = ["encrypt", "trustServerCertificate", "instanceName", "domain"] as const;

const SCHEMES = ["mssql:", "sqlserver:"];

/**
 * Parses `mssql://user:pass@host:1433/database?option=value` (or `sqlserver://`). The user
 * and password are percent-decoded; the port defaults to 1433; the database defaults to the
 * login's own. Options, by name (case-insensitive):
 * - `encrypt`: `true` (the default: TLS, the server's certificate checked), `false` (no TLS
 *   unless the server demands it) or `strict` (TDS 8, TLS before anything else);
 * - `trustServerCertificate`: `true` accepts a self-signed certificate (default `false`);
 * - `instanceName`: a named instance found through SQL Server Browser (UDP 1434), instead of a port;
 * - `domain`: log in with NTLM (Windows authentication) in that domain, instead of a SQL login.
 * Every error is a DataSourceError that names the part at fault, never the URI itself.
 */
export function parseMssqlUri(uri: string): MssqlTarget {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new DataSourceError(
      "The SQL Server connection URI is not a valid URI (expected mssql://user:pass@host:1433/db)",
    );
  }
  if (!SCHEMES.includes(url.protocol)) {
    throw new DataSourceError(
      `The SQL Server connection URI must start with mssql:// or sqlserver:// (got ${url.protocol}//)`,
    );
  }
  const server = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (server === "")
    throw new DataSourceError("The SQL Server connection URI has no host (mssql://user:pass@host:1433/db)");
  const userName = decode(url.username, "user name");
  const password = decode(url.password, "password");
  const database = decode(url.pathname.replace(/^\//, ""), "database name");
  if (database.includes("/")) {
    throw new DataSourceError(`The SQL Server connection URI's path must be one database name (got "${database}")`);
  }
  const options = readOptions(url.searchParams);
  if (options.instanceName !== undefined && url.port !== "") {
    throw new DataSourceError("The SQL Server connection URI names both a port and an instanceName: give one");
  }
  const port = options.instanceName === undefined ? Number(url.port || 1433) : undefined;
  const where = `${server}${options.instanceName === undefined ? `:${port}` : `\\${options.instanceName}`}/${database}`;
  const config: ConnectionConfiguration = {
    server,
    authentication:
      options.domain === undefined
        ? { type: "default", options: { userName, password } }
        : { type: "ntlm", options: { userName, password, domain: options.domain } },
    options: {
      ...(port === undefined ? { instanceName: options.instanceName } : { port }),
      ...(database === "" ? {} : { database }),
      encrypt: options.encrypt ?? true,
      trustServerCertificate: options.trustServerCertificate ?? false,
    },
  };
  return { config, where, secrets: [userName, password].filter((secret) => secret !== "") };
}

interface UriOptions {
  encrypt?: boolean | "strict";
  trustServerCertificate?: boolean;
  instanceName?: string;
  domain?: string;
}

function readOptions(params: URLSearchParams): UriOptions {
  const options: UriOptions = {};
  for (const [key, value] of params) {
    const name = MSSQL_URI_OPTIONS.find((known) => known.toLowerCase() === key.toLowerCase());
    if (name === undefined) {
      throw new DataSourceError(
        `Unknown SQL Server connection option "${key}" (known: ${MSSQL_URI_OPTIONS.join(", ")})`,
      );
    }
    if (name in options) throw new DataSourceError(`The SQL Server connection option "${name}" is given twice`);
    if (name === "encrypt") {
      if (value.toLowerCase() === "strict") options.encrypt = "strict";
      else options.encrypt = flag(name, value, "true, false or strict");
    } else if (name === "trustServerCertificate") {
      options.trustServerCertificate = flag(name, value, "true or false");
    } else if (value.trim() === "") {
      throw new DataSourceError(`The SQL Server connection option "${name}" is empty`);
    } else {
      options[name] = value;
    }
  }
  return options;
}

function flag(name: string, value: string, expected: string): boolean {
  const lower = value.toLowerCase();
  if (lower === "true" || lower === "yes" || lower === "1") return true;
  if (lower === "false" || lower === "no" || lower === "0") return false;
  throw new DataSourceError(`The SQL Server connection option "${name}" must be ${expected} (got "${value}")`);
}

function decode(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    // The part may be the password: the message does not repeat it.
    throw new DataSourceError(`The SQL Server connection URI's ${what} is not valid percent-encoding`);
  }
}

/**
 * `message` without the target's user name and password: a secret of 6 or more characters
 * wherever it stands, a shorter one where it stands alone (so user "sa" leaves "sales").
 */
export function scrubSecrets(message: string, secrets: readonly string[]): string {
  let scrubbed = message;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const pattern = secret.length >= 6 ? escaped : `(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`;
    scrubbed = scrubbed.replace(new RegExp(pattern, "gu"), "***");
  }
  return scrubbed;
}
