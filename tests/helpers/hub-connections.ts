import { PG_URL } from "./hub-db";

/** A PostgreSQL database connection body for the test server (WEFT_TEST_PG_URL), or a closed port when unset. */
export function pgConnectionBody(name: string, overrides: Record<string, unknown> = {}) {
  const url = new URL(PG_URL ?? "postgres://weft:weft@127.0.0.1:1/weft");
  return {
    name,
    type: "database",
    db_type: "postgresql",
    host: url.hostname,
    port: Number(url.port || 5432),
    database: decodeURIComponent(url.pathname.slice(1)),
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    ...overrides,
  };
}

/** The MySQL test server's settings (WEFT_TEST_MYSQL_URL), or undefined when unset. */
export function mysqlConnectionBody(name: string, overrides: Record<string, unknown> = {}) {
  const raw = process.env.WEFT_TEST_MYSQL_URL;
  if (!raw) return undefined;
  const url = new URL(raw);
  return {
    name,
    type: "database",
    db_type: "mysql",
    host: url.hostname,
    port: Number(url.port || 3306),
    database: decodeURIComponent(url.pathname.slice(1)),
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    ...overrides,
  };
}
