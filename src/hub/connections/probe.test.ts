import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mysqlConnectionBody, pgConnectionBody } from "../../../tests/helpers/hub-connections";
import { PG_URL } from "../../../tests/helpers/hub-db";
import { startPasswordEchoServer } from "../../../tests/helpers/password-echo-server";
import { createConnectionChecker } from "./probe";
import type { DatabaseSettings } from "./settings";

const check = createConnectionChecker({ timeoutMs: 5_000 });
const dir = mkdtempSync(join(tmpdir(), "weft-hub-probe-"));
afterAll(() => {
  chmodSync(join(dir, "locked"), 0o700);
  rmSync(dir, { recursive: true, force: true });
});
const asRoot = process.getuid?.() === 0;

function server(body: Record<string, unknown> | undefined): DatabaseSettings {
  if (!body) throw new Error("no server");
  return {
    kind: "database",
    dbType: body.db_type as DatabaseSettings["dbType"],
    host: body.host as string,
    port: body.port as number,
    database: body.database as string,
    username: body.username as string,
    password: body.password as string,
    options: {},
  };
}
const sqlite = (path: string): DatabaseSettings => ({
  kind: "database",
  dbType: "sqlite",
  host: null,
  port: null,
  database: path,
  username: null,
  password: null,
  options: {},
});

describe("filesystem checks", () => {
  test("a writable folder is ok; a read-only connection needs only reading", async () => {
    expect(await check({ kind: "filesystem", path: dir, readOnly: false })).toMatchObject({ ok: true });
    expect(await check({ kind: "filesystem", path: dir, readOnly: true })).toMatchObject({ ok: true });
  });

  test("a missing path, a file and (unless root) a folder without write permission say why", async () => {
    writeFileSync(join(dir, "plain.txt"), "x");
    mkdirSync(join(dir, "locked"));
    chmodSync(join(dir, "locked"), 0o500);
    const missing = await check({ kind: "filesystem", path: join(dir, "nope"), readOnly: true });
    expect(missing).toMatchObject({ ok: false, error: expect.stringContaining("does not exist") });
    const file = await check({ kind: "filesystem", path: join(dir, "plain.txt"), readOnly: true });
    expect(file).toMatchObject({ ok: false, error: expect.stringContaining("is not a folder") });
    expect(await check({ kind: "filesystem", path: join(dir, "locked"), readOnly: true })).toMatchObject({ ok: true });
    if (!asRoot) {
      const locked = await check({ kind: "filesystem", path: join(dir, "locked"), readOnly: false });
      expect(locked).toMatchObject({ ok: false, error: expect.stringContaining("not writable") });
    }
  });
});

describe("SQLite checks", () => {
  test("a database file opens read-only; a missing one is an error and is not created", async () => {
    const path = join(dir, "real.db");
    const db = new Database(path);
    db.run("CREATE TABLE t (a INTEGER)");
    db.close();
    expect(await check(sqlite(path))).toMatchObject({ ok: true });
    const missing = join(dir, "missing.db");
    expect(await check(sqlite(missing))).toMatchObject({ ok: false, error: expect.stringContaining("SQLite file") });
    expect(existsSync(missing)).toBe(false);
  });

  test("a file that is not a SQLite database is an error", async () => {
    const path = join(dir, "not.db");
    writeFileSync(path, "this is not a database, just text that is long enough to have a header".repeat(20));
    expect(await check(sqlite(path))).toMatchObject({ ok: false, error: expect.stringContaining("not a database") });
  });
});

describe("server databases with the real drivers", () => {
  test.skipIf(!PG_URL)("PostgreSQL: the right password connects; a wrong one is refused with the reason", async () => {
    const good = await check(server(pgConnectionBody("pg")));
    expect(good).toMatchObject({ ok: true });
    expect(good.error).toBeUndefined();
    const bad = await check(server(pgConnectionBody("pg", { password: "Wrong-Password-77" })));
    expect(bad.ok).toBe(false);
    expect(bad.error).toContain("password authentication failed");
    expect(bad.error).not.toContain("Wrong-Password-77");
  });

  const mysql = mysqlConnectionBody("mysql");
  test.skipIf(!mysql)("MySQL: the right password connects; a wrong one is refused with the reason", async () => {
    expect(await check(server(mysql))).toMatchObject({ ok: true });
    const bad = await check(server({ ...mysql, password: "Wrong-Password-78" }));
    expect(bad.ok).toBe(false);
    expect(bad.error).toContain("Access denied");
    expect(bad.error).not.toContain("Wrong-Password-78");
    const maria = await check({ ...server(mysql), dbType: "mariadb" });
    expect(maria).toMatchObject({ ok: true });
  });

  test("a closed port is an error naming the address, for every server kind", async () => {
    for (const dbType of ["postgresql", "mysql", "mariadb", "mssql"] as const) {
      const password = "Closed-Port-Pw-123";
      const closed = await check(
        server(pgConnectionBody("closed", { db_type: dbType, host: "127.0.0.1", port: 1, password })),
      );
      expect(closed.ok).toBe(false);
      expect(closed.error).toStartWith(`${dbType} at 127.0.0.1:1: `);
      expect(closed.error).not.toContain(password);
    }
  });

  test("a server that quotes the password back: the driver's message reaches the caller scrubbed", async () => {
    const echo = startPasswordEchoServer();
    try {
      const password = "Quoted-Back-Secret-9f2";
      const result = await check(server(pgConnectionBody("echo", { host: "127.0.0.1", port: echo.port, password })));
      expect(result.ok).toBe(false);
      expect(result.error).toContain('password "***" is not the one for this server');
      expect(result.error).not.toContain(password);
      expect(echo.accepted()).toBeGreaterThan(0);
    } finally {
      echo.stop();
    }
  });

  test("a server that accepts and never answers is cut at the timeout", async () => {
    const silent = startPasswordEchoServer({ silent: true });
    try {
      const quick = createConnectionChecker({ timeoutMs: 300 });
      for (const dbType of ["postgresql", "mysql", "mssql"] as const) {
        const result = await quick(
          server(pgConnectionBody("silent", { db_type: dbType, port: silent.port, host: "127.0.0.1" })),
        );
        expect(result).toMatchObject({
          ok: false,
          error: `No answer within 300 ms (${dbType} at 127.0.0.1:${silent.port})`,
        });
        expect(result.latencyMs).toBeGreaterThanOrEqual(300);
      }
    } finally {
      silent.stop();
    }
  });
});
