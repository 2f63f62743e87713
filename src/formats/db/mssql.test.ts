import { afterEach, describe, expect, test } from "bun:test";
import { waitUntil } from "../../../tests/helpers/wait";
import { DataSourceError, ValidationError } from "../../shared/errors";
import { requestSql } from "./db-request";
import { daysOf, exactValues, microsText, shownType } from "./db-values.fixture";
import { columnNames, DESCRIBE_PROCEDURE, setupSql } from "./mssql";
import { readOnlyConfig } from "./mssql-connection";
import { type FakeTdsOptions, type FakeTdsServer, startFakeTds } from "./mssql-fake-server.fixture";
import { quoteMssqlTableName } from "./mssql-table-name";
import {
  colMetadataToken,
  DONE,
  doneToken,
  errorToken,
  procedureEndTokens,
  rowToken,
  type TdsColumn,
  tdsType,
} from "./mssql-tds.fixture";
import { parseMssqlUri, scrubSecrets } from "./mssql-uri";
import { describeDatabase, readDatabase } from "./read-database";

// No SQL Server can run in CI: these tests drive the real tedious client against
// mssql-fake-server.fixture.ts, which answers with TDS written from the protocol's specification.

const servers: FakeTdsServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.stop();
});

function fake(options: FakeTdsOptions): FakeTdsServer {
  const server = startFakeTds(options);
  servers.push(server);
  return server;
}

const PASSWORD = "S3cr%40t-pw";
const uriOf = (server: FakeTdsServer, extra = "") =>
  `mssql://reader_x9:${PASSWORD}@127.0.0.1:${server.port}/sales?encrypt=false${extra}`;

/** A result: metadata, rows, DONE with the row count. */
const result = (columns: TdsColumn[], rows: unknown[][]) =>
  Buffer.concat([
    colMetadataToken(columns),
    ...rows.map((row) => rowToken(columns, row)),
    doneToken(DONE.count, rows.length),
  ]);

/** The server's answer to the user's query (every batch but tedious's and Weft's own set-up). */
const onQuery = (answer: (sql: string) => Buffer | { stallAfter: Buffer }) => (sql: string) =>
  /^(set |SET ROWCOUNT|SET TRANSACTION)/.test(sql) ? doneToken(DONE.final) : answer(sql);

const COLUMNS = [
  tdsType.int("id"),
  tdsType.nvarchar("name", 20),
  tdsType.decimal("price", 38, 4),
  tdsType.datetime2("at", 7),
];
const ROWS = [
  [1, "Zoë 😀", "12345678901234567890123456789012.3456", "1969-07-20 20:17:40.1234567"],
  [2, null, null, null],
  [3, "", "-0.0001", "9999-12-31 23:59:59.9999999"],
];

describe("URIs", () => {
  test("user, password, host, port, database and options", () => {
    const target = parseMssqlUri(
      "sqlserver://b%C3%B6b:p%40ss@db.example:14330/Sales%20DB?Encrypt=false&trustServerCertificate=TRUE",
    );
    expect(target.where).toBe("db.example:14330/Sales DB");
    expect(target.secrets).toEqual(["böb", "p@ss"]);
    expect(target.config).toEqual({
      server: "db.example",
      authentication: { type: "default", options: { userName: "böb", password: "p@ss" } },
      options: { port: 14330, database: "Sales DB", encrypt: false, trustServerCertificate: true },
    });
  });

  test("defaults: port 1433, encrypt on, certificate checked, the login's default database", () => {
    const target = parseMssqlUri("mssql://u:p@[::1]");
    expect(target.where).toBe("::1:1433/");
    expect(target.config.options).toEqual({ port: 1433, encrypt: true, trustServerCertificate: false });
  });

  test("a named instance, strict encryption, NTLM with a domain", () => {
    const target = parseMssqlUri("mssql://u:p@host/db?instanceName=SQLEXPRESS&encrypt=strict&domain=CORP");
    expect(target.where).toBe("host\\SQLEXPRESS/db");
    expect(target.config.options).toEqual({
      instanceName: "SQLEXPRESS",
      database: "db",
      encrypt: "strict",
      trustServerCertificate: false,
    });
    expect(target.config.authentication).toEqual({
      type: "ntlm",
      options: { userName: "u", password: "p", domain: "CORP" },
    });
  });

  test("every mistake is a DataSourceError naming the part at fault, never the password", () => {
    const cases: [string, string][] = [
      ["not a uri hunter2pw", "not a valid URI"],
      ["postgresql://u:hunter2pw@h/db", "must start with mssql:// or sqlserver://"],
      ["mssql://u:hunter2pw@h/db?encrypt=maybe", 'option "encrypt" must be true, false or strict (got "maybe")'],
      ["mssql://u:hunter2pw@h/db?trustServerCertificate=2", '"trustServerCertificate" must be true or false'],
      [
        "mssql://u:hunter2pw@h/db?applicationIntent=ReadWrite",
        'Unknown SQL Server connection option "applicationIntent"',
      ],
      ["mssql://u:hunter2pw@h/db?encrypt=true&encrypt=false", '"encrypt" is given twice'],
      ["mssql://u:hunter2pw@h:1433/db?instanceName=X", "both a port and an instanceName"],
      ["mssql://u:hunter2pw@h/db?domain=", '"domain" is empty'],
      ["mssql://u:hunter2%ZZpw@h/db", "password is not valid percent-encoding"],
      ["mssql://u:hunter2pw@h/a/b", "must be one database name"],
    ];
    for (const [uri, message] of cases) {
      let error: unknown;
      try {
        parseMssqlUri(uri);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DataSourceError);
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).not.toContain("hunter2");
    }
  });

  test("scrubSecrets removes long secrets anywhere and short ones standing alone", () => {
    expect(scrubSecrets("Login failed for user 'sa'. sales hunter2pw!", ["sa", "hunter2pw"])).toBe(
      "Login failed for user '***'. sales ***!",
    );
  });

  test("Weft's connections: read-only intent, UTC dates, upper-case GUIDs, quoted identifiers, no request timeout", () => {
    const config = readOnlyConfig(parseMssqlUri("mssql://u:p@h/db"));
    expect(config.options).toMatchObject({
      readOnlyIntent: true,
      useUTC: true,
      lowerCaseGuids: false,
      useColumnNames: false,
      enableQuotedIdentifier: true,
      requestTimeout: 0,
      connectTimeout: 15_000,
      port: 1433,
      database: "db",
    });
  });
});

describe("the SQL Weft generates", () => {
  test("set-up: SET ROWCOUNT for a limit, then a transaction that is never committed", () => {
    const tx = "SET TRANSACTION ISOLATION LEVEL READ COMMITTED;\nBEGIN TRANSACTION;";
    expect(setupSql(undefined)).toBe(tx);
    expect(setupSql(0)).toBe(tx); // ROWCOUNT 0 means no limit: the reader stops at the metadata
    expect(setupSql(100)).toBe(`SET ROWCOUNT 100;\n${tx}`);
    expect(setupSql(2_147_483_647)).toBe(`SET ROWCOUNT 2147483647;\n${tx}`);
    expect(setupSql(2_147_483_648)).toBe(tx); // past an int: the reader cancels after the limit
  });

  test("tables are bracket-quoted; the policy checks the statement as T-SQL", () => {
    expect(requestSql({ type: "mssql", uri: "", table: "sales.orders" })).toBe("SELECT * FROM [sales].[orders]");
    expect(requestSql({ type: "mssql", uri: "", table: "[my.schema].[it]]s]" })).toBe(
      "SELECT * FROM [my.schema].[it]]s]",
    );
    expect(quoteMssqlTableName('"a""b".c')).toBe('[a"b].[c]');
    expect(quoteMssqlTableName("Zoë table")).toBe("[Zoë table]");
    for (const bad of ["a.b.c", "a]b", "[open", "a.", "[x]y", " "]) {
      expect(() => quoteMssqlTableName(bad)).toThrow(ValidationError);
    }
    expect(() => requestSql({ type: "mssql", uri: "", query: "SELECT 1 DELETE FROM t" })).toThrow(ValidationError);
    expect(() => requestSql({ type: "mssql", uri: "", query: "EXEC sp_who" })).toThrow(ValidationError);
    expect(() => requestSql({ type: "mssql", uri: "", query: "SELECT 1; SET ROWCOUNT 0" })).toThrow(ValidationError);
  });

  test("column names: unnamed columns by position, repeats suffixed", () => {
    expect(columnNames(["", "a", "a", "", "column_1"])).toEqual(["column_1", "a", "a_1", "column_4", "column_1_1"]);
  });
});

describe("reading through tedious (fake server)", () => {
  test("logs in read-only, runs the set-up then the query unchanged, and reads the rows", async () => {
    const server = fake({ onBatch: onQuery(() => result(COLUMNS, ROWS)) });
    const sql = "WITH q AS (SELECT 1 AS x) SELECT * FROM q ORDER BY x";
    const frame = await readDatabase({ type: "mssql", uri: uriOf(server), query: sql, maxRows: 50 });
    expect(server.logins).toEqual([{ readOnlyIntent: true, user: "reader_x9", appName: "weft", database: "sales" }]);
    expect(server.batches.slice(1)).toEqual([setupSql(50), sql]);
    expect(server.batches[0]).toContain("set quoted_identifier on");
    expect(frame.columns).toEqual(["id", "name", "price", "at"]);
    expect(frame.getColumns().map(shownType)).toEqual(["i32", "str", "decimal[38,4]", "datetime[μs]"]);
    expect(frame.getColumns().map(exactValues)).toEqual([
      [1, 2, 3],
      ["Zoë 😀", null, ""],
      ["12345678901234567890123456789012.3456", null, "-0.0001"],
      [microsText("1969-07-20T20:17:40.123Z", 456), null, microsText("9999-12-31T23:59:59.999Z", 999)],
    ]);
    expect(server.attentions).toBe(0);
  });

  test("more rows than a batch (65,536): every value, nulls included, across the chunk edge", async () => {
    const columns = [
      tdsType.bigint("n"),
      tdsType.nvarchar("s", 10),
      tdsType.decimal("d", 20, 2),
      tdsType.varbinary("b", 4),
    ];
    const count = 70_000;
    const value = (i: number) =>
      i % 7 === 0
        ? [null, null, null, null]
        : [String(i), `é${i}`, `${i}.${i % 100}`.replace(/\.(\d)$/, ".0$1"), new Uint8Array([i & 255])];
    const server = fake({
      onBatch: onQuery(() =>
        result(
          columns,
          Array.from({ length: count }, (_, i) => value(i)),
        ),
      ),
    });
    const frame = await readDatabase({ type: "mssql", uri: uriOf(server), query: "SELECT * FROM big" });
    expect(frame.height).toBe(count);
    const [n, s, d, b] = frame.getColumns().map(exactValues);
    for (const i of [0, 1, 65_535, 65_536, 65_537, 69_999]) {
      const expected = value(i);
      expect([n?.[i], s?.[i], d?.[i], b?.[i]]).toEqual([
        expected[0],
        expected[1],
        expected[2],
        expected[3] === null ? null : [i & 255],
      ]);
    }
    expect(n?.filter((x) => x === null)).toHaveLength(Math.ceil(count / 7));
  });

  test("a table read selects it bracket-quoted", async () => {
    const server = fake({ onBatch: onQuery(() => result([tdsType.date("d")], [["2024-02-29"]])) });
    const frame = await readDatabase({ type: "mssql", uri: uriOf(server), table: "dbo.My Table" });
    expect(server.batches.at(-1)).toBe("SELECT * FROM [dbo].[My Table]");
    expect(exactValues(frame.getColumn("d"))).toEqual([daysOf("2024-02-29")]);
  });

  test("maxRows: rows past the limit are not read, and the query is cancelled", async () => {
    // The fake server ignores SET ROWCOUNT, as if it did not apply.
    const rows = Array.from({ length: 1000 }, (_, i) => [i, `r${i}`, null, null]);
    const server = fake({ onBatch: onQuery(() => result(COLUMNS, rows)) });
    const frame = await readDatabase({ type: "mssql", uri: uriOf(server), query: "SELECT * FROM t", maxRows: 3 });
    expect(exactValues(frame.getColumn("id"))).toEqual([0, 1, 2]);
    expect(server.attentions).toBe(1);
  });

  test("maxRows 0: no rows, the read's column types, the query cancelled at its metadata", async () => {
    const server = fake({ onBatch: onQuery(() => result(COLUMNS, ROWS)) });
    const frame = await readDatabase({ type: "mssql", uri: uriOf(server), query: "SELECT * FROM t", maxRows: 0 });
    expect(frame.height).toBe(0);
    expect(frame.getColumns().map(shownType)).toEqual(["i32", "str", "decimal[38,4]", "datetime[μs]"]);
    expect(server.attentions).toBe(1);
    expect(server.batches).not.toContain("SET ROWCOUNT 0;");
  });

  test("unnamed and repeated columns keep every value", async () => {
    const columns = [tdsType.int(""), tdsType.int("a"), tdsType.int("a")];
    const server = fake({ onBatch: onQuery(() => result(columns, [[1, 2, 3]])) });
    const frame = await readDatabase({ type: "mssql", uri: uriOf(server), query: "SELECT 1, 2 AS a, 3 AS a" });
    expect(frame.columns).toEqual(["column_1", "a", "a_1"]);
    expect(frame.row(0)).toEqual([1, 2, 3]);
  });

  test("a query without a result set gives an empty frame", async () => {
    const server = fake({ onBatch: onQuery(() => doneToken(DONE.final)) });
    const frame = await readDatabase({ type: "mssql", uri: uriOf(server), query: "SELECT 1 WHERE 1 = 0" });
    expect(frame.shape).toEqual({ height: 0, width: 0 });
  });

  test("more than one result set is a DataSourceError", async () => {
    const one = [tdsType.int("x")];
    const server = fake({
      onBatch: onQuery(() =>
        Buffer.concat([
          colMetadataToken(one),
          rowToken(one, [1]),
          doneToken(DONE.more | DONE.count, 1),
          result(one, [[2]]),
        ]),
      ),
    });
    const read = readDatabase({ type: "mssql", uri: uriOf(server), query: "SELECT 1" });
    await expect(read).rejects.toThrow("more than one result set");
  });

  test("the server's error is a DataSourceError naming the server, without the password", async () => {
    const server = fake({
      onBatch: onQuery(() => Buffer.concat([errorToken(208, "Invalid object name 'nope'."), doneToken(DONE.error)])),
    });
    const error = await readDatabase({ type: "mssql", uri: uriOf(server), query: "SELECT * FROM nope" }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(DataSourceError);
    expect(error.message).toBe(`SQL Server at 127.0.0.1:${server.port}/sales: Invalid object name 'nope'.`);
  });

  test("a refused login: the message names neither the user nor the password", async () => {
    const server = fake({ refuseLogin: `Login failed for user 'reader_x9'. (password S3cr@t-pw)` });
    const error = await readDatabase({ type: "mssql", uri: uriOf(server), query: "SELECT 1" }).catch((e) => e);
    expect(error).toBeInstanceOf(DataSourceError);
    expect(error.message).toContain("Login failed for user '***'");
    for (const secret of ["reader_x9", "S3cr@t-pw", PASSWORD]) expect(error.message).not.toContain(secret);
  });

  test("an unreachable server is a DataSourceError, quickly", async () => {
    const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    const port = listener.port;
    listener.stop(true);
    const started = performance.now();
    const error = await readDatabase({
      type: "mssql",
      uri: `mssql://reader_x9:${PASSWORD}@127.0.0.1:${port}/db?encrypt=false`,
      query: "SELECT 1",
    }).catch((e) => e);
    // Refused at once, not waited on for the 15 s connect timeout; the margin is for a busy machine.
    expect(performance.now() - started).toBeLessThan(7_500);
    expect(error).toBeInstanceOf(DataSourceError);
    expect(error.message).toContain(`SQL Server at 127.0.0.1:${port}/db: Failed to connect`);
    expect(error.message).not.toContain("S3cr");
  });
});

describe("cancellation", () => {
  test("aborting mid-stream sends a cancel to the server and rejects with the signal's reason", async () => {
    const rows = Array.from({ length: 5 }, (_, i) => rowToken(COLUMNS, [i, "x", "1", null]));
    const server = fake({
      onBatch: onQuery(() => ({ stallAfter: Buffer.concat([colMetadataToken(COLUMNS), ...rows]) })),
    });
    const controller = new AbortController();
    const reason = new Error("stopped by the user");
    const read = readDatabase({
      type: "mssql",
      uri: uriOf(server),
      query: "SELECT * FROM big",
      signal: controller.signal,
    });
    // The server sends the columns and rows as it records the query: from here it streams.
    await waitUntil(() => server.batches.includes("SELECT * FROM big"), "the query to reach the server");
    controller.abort(reason);
    // The server never ends the stream: only the cancel ends the read (else the test times out).
    expect(await read.catch((e) => e)).toBe(reason);
    expect(server.attentions).toBe(1);
  });

  test("an aborted signal rejects before connecting", async () => {
    const server = fake({});
    const controller = new AbortController();
    controller.abort(new Error("already"));
    const error = await readDatabase({
      type: "mssql",
      uri: uriOf(server),
      query: "SELECT 1",
      signal: controller.signal,
    }).catch((e) => e);
    expect(error.message).toBe("already");
    expect(server.logins).toEqual([]);
  });

  test("aborting while the login waits closes the connection and rejects with the reason", async () => {
    // Accepts the connection and never answers the PRELOGIN.
    let connected = false;
    const silent = Bun.listen({
      hostname: "127.0.0.1",
      port: 0,
      socket: {
        open() {
          connected = true;
        },
        data() {},
      },
    });
    try {
      const controller = new AbortController();
      const read = readDatabase({
        type: "mssql",
        uri: `mssql://u:p@127.0.0.1:${silent.port}/db?encrypt=false`,
        query: "SELECT 1",
        signal: controller.signal,
      });
      await waitUntil(() => connected, "the connection to be accepted");
      controller.abort("gone");
      expect(await read.catch((e) => e)).toBe("gone");
    } finally {
      silent.stop(true);
    }
  });
});

describe("describe (sp_describe_first_result_set)", () => {
  const DESCRIBE_COLUMNS = [
    tdsType.bitNotNull("is_hidden"),
    tdsType.intNotNull("column_ordinal"),
    tdsType.nvarchar("name", 128),
    tdsType.bitNotNull("is_nullable"),
    tdsType.intNotNull("system_type_id"),
    tdsType.nvarchar("system_type_name", 256),
    tdsType.smallint("max_length"),
    tdsType.tinyint("precision"),
    tdsType.tinyint("scale"),
  ];
  // Out of order on purpose: the reader sorts by column_ordinal.
  const DESCRIBED = [
    [false, 3, "price", true, 106, "decimal(38,4)", 17, 38, 4],
    [false, 1, "id", false, 56, "int", 4, 10, 0],
    [false, 2, "name", true, 231, "nvarchar(20)", 40, 0, 0],
    [false, 4, "at", true, 42, "datetime2(7)", 8, 27, 7],
    [false, 5, null, true, 240, "geography", -1, 0, 0],
  ];

  test("calls the procedure with the statement as @tsql, and gives the read's dtypes without rows", async () => {
    const server = fake({
      onRpc: () =>
        Buffer.concat([
          colMetadataToken(DESCRIBE_COLUMNS),
          ...DESCRIBED.map((row) => rowToken(DESCRIBE_COLUMNS, row)),
          procedureEndTokens(DESCRIBED.length),
        ]),
      onBatch: onQuery(() => result(COLUMNS, ROWS)),
    });
    const sql = "SELECT id, name, price, at, geo FROM t WHERE note = N'it''s 😀'";
    const description = await describeDatabase({ type: "mssql", uri: uriOf(server), query: sql });
    expect(server.rpcs).toEqual([{ procedure: DESCRIBE_PROCEDURE, tsql: sql }]);
    expect(server.batches).toHaveLength(1); // tedious's own set-up only: the query did not run
    expect(description.columns).toEqual([
      { name: "id", databaseType: "int" },
      { name: "name", databaseType: "nvarchar(20)" },
      { name: "price", databaseType: "decimal(38,4)" },
      { name: "at", databaseType: "datetime2(7)" },
      { name: "column_5", databaseType: "geography" },
    ]);
    expect(description.frame.height).toBe(0);
    const read = await readDatabase({ type: "mssql", uri: uriOf(server), query: sql });
    expect(description.frame.getColumns().slice(0, 4).map(shownType)).toEqual(read.getColumns().map(shownType));
    expect(shownType(description.frame.getColumn("column_5"))).toBe("binary");
  });

  test("a statement the server cannot describe is a DataSourceError", async () => {
    const server = fake({
      onRpc: () =>
        Buffer.concat([
          errorToken(11501, "The batch could not be analyzed because of compile errors."),
          doneToken(DONE.error),
        ]),
    });
    await expect(describeDatabase({ type: "mssql", uri: uriOf(server), query: "SELECT * FROM nope" })).rejects.toThrow(
      "could not be analyzed",
    );
  });
});
