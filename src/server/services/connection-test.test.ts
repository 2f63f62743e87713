import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeTds } from "../../formats/db/mssql-fake-server.fixture";
import { createConnectionTester, scrubCredentials } from "./connection-test";

const tester = createConnectionTester({ timeoutSeconds: 2 });
let dir: string;
let closedPort: number;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "weft-conn-test-"));
  // A port that was just free: nothing listens there, so a connection is refused.
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  closedPort = listener.port;
  listener.stop(true);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("scrubCredentials", () => {
  const uri = "postgresql://b%C3%B6b%40corp:s%3Ecret%2Fpw@db:5432/sales";

  test("removes URI userinfo, and the decoded and encoded user name and password anywhere", () => {
    const message = [
      `connecting to ${uri} failed`,
      'password authentication failed for user "böb@corp"',
      "bad secret s>cret/pw and s%3Ecret%2Fpw",
      "also mysql://other:thing@h/x",
    ].join("\n");
    const scrubbed = scrubCredentials(message, uri);
    for (const secret of ["böb@corp", "b%C3%B6b%40corp", "s>cret/pw", "s%3Ecret%2Fpw", "other:thing"]) {
      expect(scrubbed).not.toContain(secret);
    }
    expect(scrubbed).toBe(
      [
        "connecting to postgresql://***@db:5432/sales failed",
        'password authentication failed for user "***"',
        "bad secret *** and ***",
        "also mysql://***@h/x",
      ].join("\n"),
    );
  });

  test("a password containing the user name is removed whole", () => {
    expect(scrubCredentials("pw is adminadmin1, user admin", "mysql://admin:adminadmin1@h:1/d")).toBe(
      "pw is ***, user ***",
    );
  });

  test("a short secret goes where it stands alone, not out of longer words", () => {
    const uri = "postgresql://u:pw@h:1/d";
    expect(scrubCredentials('Could not connect: user "u" (pw: pw) pwned', uri)).toBe(
      'Could not connect: user "***" (***: ***) pwned',
    );
  });

  test("a path (SQLite) or a URI without userinfo leaves the message alone", () => {
    expect(scrubCredentials("unable to open /data/x.db", "/data/x.db")).toBe("unable to open /data/x.db");
    expect(scrubCredentials("refused", "postgresql://h:1/d")).toBe("refused");
  });
});

describe("the real tester", () => {
  test("SQLite: success with latencyMs on a real database file", async () => {
    const path = join(dir, "real.sqlite");
    const db = new Database(path);
    db.run("CREATE TABLE t (x INTEGER)");
    db.close();
    const result = await tester(path, "sqlite");
    expect(result.success).toBe(true);
    expect(Number.isInteger(result.latencyMs)).toBe(true);
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(result.message).toContain(path);
  });

  test("SQLite: a missing file is not created, a text file is not a database", async () => {
    const missing = join(dir, "missing.sqlite");
    const gone = await tester(missing, "sqlite");
    expect(gone).toEqual({ success: false, message: expect.stringContaining("unable to open database file") });
    expect(await Bun.file(missing).exists()).toBe(false);
    const text = join(dir, "text.sqlite");
    writeFileSync(text, "not a database ".repeat(100));
    const bad = await tester(text, "sqlite");
    expect(bad.success).toBe(false);
    expect(bad.message).toContain("file is not a database");
    expect(bad.latencyMs).toBeUndefined();
  });

  test("SQL Server: connects and runs SELECT 1 (a fake TDS server; none runs in CI)", async () => {
    const server = startFakeTds();
    try {
      const result = await tester(`mssql://reader_x9:S3cr%40t-pw@127.0.0.1:${server.port}/db?encrypt=false`, "mssql");
      expect(result).toEqual({
        success: true,
        message: `Connected to SQL Server at 127.0.0.1:${server.port}/db`,
        latencyMs: expect.any(Number),
      });
      expect(server.batches.at(-1)).toBe("SELECT 1");
      expect(server.logins[0]?.readOnlyIntent).toBe(true);
    } finally {
      server.stop();
    }
  });

  test("SQL Server: a refused login or a bad URI is success: false without the credentials", async () => {
    const server = startFakeTds({ refuseLogin: "Login failed for user 'reader_x9'." });
    try {
      const refused = await tester(`mssql://reader_x9:S3cr%40t-pw@127.0.0.1:${server.port}/db?encrypt=false`, "mssql");
      expect(refused.success).toBe(false);
      expect(refused.message).toContain("Login failed for user '***'");
      expect(refused.message).not.toContain("reader_x9");
    } finally {
      server.stop();
    }
    const bad = await tester("mssql://reader_x9:S3cr%40t-pw@h/db?encrypt=perhaps", "mssql");
    expect(bad).toEqual({
      success: false,
      message:
        'Could not connect: The SQL Server connection option "encrypt" must be true, false or strict (got "perhaps")',
    });
  });

  test("MySQL: a URI the reader would refuse (a driver option) fails the test too", async () => {
    const result = await tester("mysql://u:pw@127.0.0.1:3306/db?multipleStatements=true", "mysql");
    expect(result.success).toBe(false);
    expect(result.message).toContain('unknown option "multipleStatements"');
  });

  for (const type of ["postgresql", "mysql", "mssql"] as const) {
    test(`${type}: a refused connection names the address, not the credentials`, async () => {
      const uri = `${type}://reader_x9:S3cr%40t-pw@127.0.0.1:${closedPort}/db${type === "mssql" ? "?encrypt=false" : ""}`;
      const started = performance.now();
      const result = await tester(uri, type);
      // Refused at once, not waited on for the 15 s connect timeout; the margin is for a busy machine.
      if (type === "mssql") expect(performance.now() - started).toBeLessThan(7_500);
      expect(result.success).toBe(false);
      expect(result.message).toContain(`127.0.0.1:${closedPort}`);
      for (const secret of ["reader_x9", "S3cr@t-pw", "S3cr%40t-pw"]) expect(result.message).not.toContain(secret);
    });
  }
});

const pgUrl = process.env.WEFT_TEST_PG_URL;
describe.skipIf(!pgUrl)(`PostgreSQL${pgUrl ? "" : " (skipped: WEFT_TEST_PG_URL is not set; .ci/run sets it)"}`, () => {
  test("the test database answers SELECT 1", async () => {
    const result = await tester(String(pgUrl), "postgresql");
    expect(result).toMatchObject({ success: true, latencyMs: expect.any(Number) });
  });

  test("a wrong password: the driver's message quotes the user, the answer does not", async () => {
    const url = new URL(String(pgUrl));
    url.password = "definitely-wrong-pw";
    const result = await tester(url.toString(), "postgresql");
    expect(result.success).toBe(false);
    expect(result.message).toContain("password authentication failed");
    expect(result.message).not.toContain(`"${decodeURIComponent(url.username)}"`);
    expect(result.message).not.toContain("definitely-wrong-pw");
  });
});

const mysqlUrl = process.env.WEFT_TEST_MYSQL_URL;
describe.skipIf(!mysqlUrl)(
  `MariaDB${mysqlUrl ? "" : " (skipped: WEFT_TEST_MYSQL_URL is not set; .ci/run sets it)"}`,
  () => {
    test("the test database answers SELECT 1", async () => {
      const result = await tester(String(mysqlUrl), "mysql");
      expect(result).toMatchObject({ success: true, latencyMs: expect.any(Number) });
    });

    test("a wrong password fails, and the answer holds neither the user nor the password", async () => {
      const url = new URL(String(mysqlUrl));
      url.password = "definitely-wrong-pw";
      const result = await tester(url.toString(), "mysql");
      expect(result.success).toBe(false);
      expect(result.message).not.toContain("definitely-wrong-pw");
      expect(result.message).not.toContain(`'${decodeURIComponent(url.username)}'`);
    });
  },
);
