import { ForbiddenError } from "./errors";

/**
 * One entry of OUTBOUND_HOSTS: `host`, `host:port`, `*.domain` or `*.domain:port`, where a
 * host is a name, an IPv4 address or a bracketed IPv6 address (`[::1]:5432`). Without a
 * port, every port of the host is allowed; `*.domain` allows every name below `domain`,
 * not `domain` itself.
 */
export interface HostRule {
  /** The host as compared: lower case, IPs in their canonical form, `*.` removed for a wildcard. */
  host: string;
  wildcard: boolean;
  port: number | undefined;
}

/** Where OUTBOUND_HOSTS is named in refusals. */
const SETTING = "OUTBOUND_HOSTS (--outbound-hosts)";

/** The port a URL scheme connects to when its URL names none. */
const DEFAULT_PORTS: Record<string, number> = {
  "http:": 80,
  "https:": 443,
  "postgres:": 5432,
  "postgresql:": 5432,
  "mysql:": 3306,
  "mysql2:": 3306,
  "mariadb:": 3306,
  "mssql:": 1433,
  "sqlserver:": 1433,
};

/** A name (letters, digits, `-`, `_`, dots; IDNs as punycode) or a bracketed IPv6 address. */
const HOST_SHAPE = /^(?:[a-z0-9_-]+\.)*[a-z0-9_-]+$|^\[[0-9a-f:.]+\]$/;

/**
 * A host as the operating system would reach it, for comparison: the WHATWG host parser of
 * an http URL lower-cases names and writes IPs in one form (`127.1` and `0x7f.0.0.1` are
 * `127.0.0.1`, IPv6 is compressed), as the resolver would read them; a trailing dot is
 * dropped. Undefined when it is not a host at all.
 */
export function canonicalHost(host: string): string | undefined {
  try {
    const url = new URL(`http://${host}/`);
    if (url.port !== "" || url.username !== "" || url.pathname !== "/") return undefined;
    const canonical = url.hostname.replace(/\.$/, "");
    return HOST_SHAPE.test(canonical) ? canonical : undefined;
  } catch {
    return undefined;
  }
}

/** Parses one entry; the error message says what is wrong with it (the setting's check). */
export function parseHostRule(entry: string): HostRule {
  const match = /^(\*\.)?(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  const port = match?.[3] === undefined ? undefined : Number(match[3]);
  const host = match ? canonicalHost(match[2] ?? "") : undefined;
  if (!match || host === undefined || host === "" || (port !== undefined && (port < 1 || port > 65535))) {
    throw new Error(`"${entry}" is not host, host:port, *.domain or *.domain:port`);
  }
  const wildcard = match[1] !== undefined;
  if (wildcard && host.startsWith("[")) throw new Error(`"${entry}": a wildcard applies to names, not addresses`);
  return { host, wildcard, port };
}

function matches(rule: HostRule, host: string, port: number): boolean {
  if (rule.port !== undefined && rule.port !== port) return false;
  return rule.wildcard ? host.endsWith(`.${rule.host}`) : host === rule.host;
}

/**
 * Refuses (403, naming the host and the setting) a connection to `host:port` when an
 * allowlist is set and no entry allows it; without an allowlist every host is allowed.
 * Names are compared as given, never resolved: an allowed IP does not allow the names that
 * resolve to it, and an allowed name is trusted to resolve where its DNS says.
 */
export function checkOutboundHost(rules: readonly HostRule[] | undefined, host: string, port: number, what: string) {
  if (!rules || rules.length === 0) return;
  const canonical = canonicalHost(host);
  if (canonical !== undefined && rules.some((rule) => matches(rule, canonical, port))) return;
  throw new ForbiddenError(
    `${what}: the host "${host}" (port ${port}) is not in ${SETTING}, so the Server does not connect to it`,
  );
}

/**
 * `checkOutboundHost` for a URL (an AI base URL, a database URI), with its scheme's default
 * port. An empty host is `localhost`, where the database drivers connect then.
 */
export function checkOutboundUrl(rules: readonly HostRule[] | undefined, url: URL, what: string): void {
  if (!rules || rules.length === 0) return;
  const port = url.port === "" ? (DEFAULT_PORTS[url.protocol] ?? 0) : Number(url.port);
  checkOutboundHost(rules, decodeURIComponent(url.hostname) || "localhost", port, what);
}

/** The default port of a database type (`postgresql`, `mysql`, `mssql`), for a connection given by fields. */
export function defaultDatabasePort(type: string): number {
  return DEFAULT_PORTS[`${type}:`] ?? 0;
}

/** Query options that would make a PostgreSQL driver connect elsewhere than the URI's host. */
const HOST_OPTIONS = ["host", "hostaddr"];

/**
 * `checkOutboundUrl` for a database source's URI; a SQLite source is a file, not a host. A
 * URI that does not parse is left to the reader, which refuses it before connecting.
 */
export function checkDatabaseUri(
  rules: readonly HostRule[] | undefined,
  sourceType: unknown,
  uri: string,
  what: string,
): void {
  if (!rules || rules.length === 0 || sourceType === "sqlite") return;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return;
  }
  const option = HOST_OPTIONS.find((name) => url.searchParams.has(name));
  if (option) throw new ForbiddenError(`${what}: with ${SETTING} set, a URI may not name its host in ?${option}=`);
  checkOutboundUrl(rules, url, what);
}
