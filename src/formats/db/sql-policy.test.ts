import { describe, expect, test } from "bun:test";
import { ValidationError } from "../../shared/errors";
import { checkReadOnlySql, MAX_SQL_LENGTH, type SqlDialect } from "./sql-policy";

/** A statement the policy must refuse, naming `name` at the `nth` occurrence of `find` (default: `name`). */
interface Hostile {
  dialect: SqlDialect;
  sql: string;
  name: string;
  find?: string;
  nth?: number;
  /** A phrase the message must also hold (the server setting under which the text turns hostile). */
  note?: string;
}

const h = (dialect: SqlDialect, sql: string, name: string, more: Partial<Hostile> = {}): Hostile => ({
  dialect,
  sql,
  name,
  ...more,
});

const HOSTILE: Hostile[] = [
  // Stacked statements, with and without comments around them.
  h("postgresql", "SELECT * FROM t; DROP TABLE t", "DROP"),
  h("postgresql", "SELECT 1; DROP TABLE t; -- trailing", "DROP"),
  h("postgresql", "SELECT 1 /* c */ ; /* c */ DELETE FROM t", "DELETE"),
  h("postgresql", "SELECT 1;\nSELECT 2", "text after ;", { find: "SELECT", nth: 2 }),
  h("mysql", "DESCRIBE t; DROP TABLE t", "DROP"),
  h("sqlite", "SELECT 1; DETACH x", "DETACH"),
  h("sqlite", "SELECT 1;;", "text after ;", { find: ";", nth: 2 }),
  h("mssql", "SELECT N'x' ; SHUTDOWN", "SHUTDOWN"),
  // SQL Server needs no ; between statements.
  h("mssql", "SELECT 1 DELETE FROM t", "DELETE"),
  h("mssql", "SELECT 1 EXEC master..xp_cmdshell 'dir'", "EXEC"),
  h("mssql", "SELECT 1 WAITFOR DELAY '00:00:10'", "WAITFOR"),
  h("mssql", "SELECT 1 DECLARE @s nvarchar(99) = 'x'", "DECLARE"),
  h("mssql", "SELECT 1 SET ROWCOUNT 0", "SET"),
  h("mssql", "SELECT 1\nGO\nSELECT 2", "GO"),
  // Writes wrapped in a CTE, and SELECT ... INTO.
  h("postgresql", "WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x", "DELETE"),
  h("postgresql", "WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x", "INSERT"),
  h("sqlite", "WITH c AS (SELECT 1) INSERT INTO t SELECT * FROM c", "INSERT"),
  h(
    "mssql",
    "WITH c AS (SELECT 1 AS x) MERGE INTO t USING c ON 1 = 0 WHEN NOT MATCHED THEN INSERT VALUES (1);",
    "MERGE",
  ),
  h("postgresql", "SELECT * INTO new_table FROM t", "INTO"),
  h("mysql", "SELECT * FROM t INTO OUTFILE '/tmp/x'", "INTO"),
  h("mysql", "SELECT 1 INTO @x", "INTO"),
  h("mssql", "SELECT * INTO #tmp FROM t", "INTO"),
  // Row locks.
  h("postgresql", "SELECT * FROM t FOR UPDATE", "UPDATE"),
  h("postgresql", "SELECT 1\nFROM t\nWHERE x = 1 FOR KEY SHARE", "FOR KEY SHARE", { find: "FOR" }),
  h("mysql", "SELECT * FROM t FOR SHARE", "FOR SHARE", { find: "FOR" }),
  h("mysql", "SELECT * FROM t LOCK IN SHARE MODE", "LOCK"),
  h("mssql", "SELECT * FROM t WITH (UPDLOCK)", "UPDLOCK"),
  // Case games and Unicode.
  h("postgresql", "select 1; dRoP table t", "DROP", { find: "dRoP" }),
  h("mysql", "SeLeCt 1 FrOm t; TrUnCaTe t", "TRUNCATE", { find: "TrUnCaTe" }),
  h("postgresql", "DELETE\u00a0FROM t", "DELETE"),
  h("postgresql", "SELECT 1;\u3000DROP TABLE t", "DROP"),
  h("mysql", "SELECT 1;\u200bDROP TABLE t", "DROP"),
  h("postgresql", "SELECT \uff24\uff32\uff2f\uff30 FROM t", "DROP", { find: "\uff24" }),
  h("postgresql", "SELECT 1\u2003FROM t", "U+2003", { find: "\u2003" }),
  h("sqlite", "SELECT 1\u00a0UNION SELECT 2", "U+00A0", { find: "\u00a0" }),
  h("mssql", "\ufeffSELECT 1", "U+FEFF", { find: "\ufeff" }),
  h("mysql", "SELECT 1 \u0007", "U+0007", { find: "\u0007" }),
  h("postgresql", "SELECT 1 \0 FROM t", "NUL", { find: "\0" }),
  // Comment tricks.
  h("mysql", "/*! DROP TABLE t */ SELECT 1", "DROP"),
  h("mysql", "SELECT 1 /*!50000 ; DROP TABLE t */", "DROP"),
  h("mysql", "SELECT /*+ SET_VAR(sql_mode='') */ 1 /*! INTO OUTFILE '/tmp/x' */", "INTO"),
  h("mysql", "SELECT 1 /*M! ; DELETE FROM t */", "DELETE"),
  h("mysql", "SELECT 1 # comment\n; DROP TABLE t", "DROP"),
  h("mysql", "SELECT 1 --x\n; DROP TABLE t", "DROP"),
  h("mysql", "SELECT 1 /* /*! DROP TABLE t */ */", "/* inside a comment", { find: "/*", nth: 2 }),
  h("mysql", "SELECT 1 /*! '*/' ; DROP TABLE t; -- ' */", "*/ inside a /*! ... */", { find: "'" }),
  h("postgresql", "SELECT 1 /* /* */ */; DROP TABLE t", "DROP"),
  h("postgresql", "SELECT 1 -- comment\r; DROP TABLE t", "DROP"),
  h("mssql", "SELECT 1 /* a /* b */ */ DROP TABLE t", "DROP"),
  h("mssql", "SELECT 1 -- c\r'\n; DROP TABLE t; --'", "DROP", { note: "lone carriage return" }),
  h("sqlite", "SELECT 1 /* unterminated", "unterminated /* comment", { find: "/*" }),
  // Quoting tricks: what one server reads as a string another reads as code.
  h("postgresql", "SELECT 'a\\'' ; DROP TABLE t; --'", "DROP", { note: "standard_conforming_strings off" }),
  h("postgresql", "SELECT E'\\'' ; DROP TABLE t; --'", "DROP"),
  h("postgresql", "SELECT $a$ x $a$; DROP TABLE t", "DROP"),
  h("mysql", "SELECT 'a\\' ; DROP TABLE t; -- '", "DROP", { note: "NO_BACKSLASH_ESCAPES" }),
  h("mysql", 'SELECT "x\\" ; DROP TABLE t; -- "', "DROP", { note: "ANSI_QUOTES" }),
  h("sqlite", "SELECT [x]]; DROP TABLE t; --]", "DROP"),
  h("sqlite", "SELECT $a(') ; DROP TABLE t; -- ')", "DROP"),
  h("mssql", "SELECT [a]]b] FROM t; DROP TABLE t", "DROP"),
  h("postgresql", "SELECT 'unterminated", "unterminated string", { find: "'" }),
  h("postgresql", "SELECT X'4G'", "malformed hex", { find: "X" }),
  // Functions that read files, lock, sleep, run SQL text or change the session.
  h("postgresql", "SELECT pg_read_file('/etc/passwd')", "pg_read_file"),
  h("postgresql", "SELECT pg_catalog.pg_ls_dir('.')", "pg_ls_dir"),
  h("postgresql", "SELECT \"pg_read_file\"('/etc/passwd')", '"pg_read_file"'),
  h("postgresql", "SELECT U&\"\\0070g_read_file\"('/etc/passwd')", "Unicode-escaped name", { find: "U&" }),
  h("postgresql", "SELECT lo_import('/etc/passwd')", "lo_import"),
  h("postgresql", "SELECT * FROM dblink('host=x', 'DELETE FROM t') AS r(x int)", "dblink"),
  h("postgresql", "SELECT pg_advisory_lock(1)", "pg_advisory_lock"),
  h("postgresql", "SELECT PG_SLEEP (10)", "pg_sleep", { find: "PG_SLEEP" }),
  h("postgresql", "SELECT set_config('default_transaction_read_only', 'off', false)", "set_config"),
  h("postgresql", "SELECT nextval('s')", "nextval"),
  h("postgresql", "SELECT query_to_xml('DELETE FROM t', true, true, '')", "query_to_xml"),
  h("mysql", "SELECT LOAD_FILE('/etc/passwd')", "load_file", { find: "LOAD_FILE" }),
  h("mysql", "SELECT `sleep`(10)", '"sleep"', { find: "`" }),
  h("mysql", "SELECT * FROM t WHERE id = 1 UNION SELECT GET_LOCK('x', 10)", "get_lock", { find: "GET_LOCK" }),
  h("sqlite", "SELECT load_extension('/tmp/evil.so')", "load_extension"),
  h("sqlite", "SELECT writefile('/tmp/x', 'y')", "writefile"),
  h("mssql", "SELECT * FROM OPENROWSET(BULK 'C:\\x.txt', SINGLE_CLOB) AS x", "OPENROWSET"),
  h("mssql", "SELECT [xp_cmdshell]", '"xp_cmdshell"', { find: "[" }),
  // Dialect escapes that are statements of their own.
  h("postgresql", "COPY (SELECT 1) TO PROGRAM 'curl evil'", "COPY"),
  h("postgresql", "DO $$ BEGIN PERFORM 1; END $$", "DO"),
  h("postgresql", "CALL do_things()", "CALL"),
  h("postgresql", "SET SESSION AUTHORIZATION postgres", "SET"),
  h("postgresql", "EXPLAIN ANALYZE DELETE FROM t", "ANALYZE"),
  h("postgresql", "EXPLAIN (ANALYZE, BUFFERS) SELECT 1", "ANALYZE"),
  h("postgresql", "PREPARE p AS DELETE FROM t", "PREPARE"),
  h("postgresql", "LOAD 'auth_delay'", "LOAD"),
  h("postgresql", "LISTEN channel", "LISTEN"),
  h("postgresql", "CLUSTER t", "CLUSTER"),
  h("postgresql", "TABLE t; VACUUM", "VACUUM"),
  h("mysql", "LOAD DATA INFILE '/etc/passwd' INTO TABLE t", "LOAD"),
  h("mysql", "HANDLER t OPEN", "HANDLER"),
  h("mysql", "REPLACE t VALUES (1)", "REPLACE"),
  h("mysql", "DO SLEEP(5)", "DO"),
  h("mysql", "SET @x = 1", "SET"),
  h("mysql", "EXPLAIN ANALYZE SELECT * FROM t", "ANALYZE"),
  h("mysql", "START TRANSACTION", "START TRANSACTION", { find: "START" }),
  h("sqlite", "ATTACH DATABASE '/tmp/x.db' AS x", "ATTACH"),
  h("sqlite", "PRAGMA writable_schema = 1", "PRAGMA"),
  h("sqlite", "VACUUM INTO '/tmp/copy.db'", "VACUUM"),
  h("sqlite", "BEGIN; DELETE FROM t; COMMIT", "BEGIN"),
  h("mssql", "EXEC xp_cmdshell 'dir'", "EXEC"),
  h("mssql", "BULK INSERT t FROM 'C:\\x.csv'", "BULK"),
  h("mssql", "USE master", "USE"),
  h("mssql", "SELECT 1 ; TRUNCATE TABLE t", "TRUNCATE"),
  // A first word that reads nothing.
  h("sqlite", "  ;", "a query starts with", { find: ";" }),
  h("mssql", "VALUES (1)", "VALUES"),
];

/** The 1-based line:column of `offset`, computed apart from the policy's own counting. */
function expectedPosition(sql: string, offset: number): string {
  const lines = sql.slice(0, offset).split(/\r\n|\n|\r/);
  return `${lines.length}:${[...(lines.at(-1) ?? "")].length + 1}`;
}

/** The offset of the `nth` occurrence of `find`, ignoring case. */
function offsetOf(sql: string, find: string, nth: number): number {
  let at = -1;
  for (let k = 0; k < nth; k++) {
    at = sql.toLowerCase().indexOf(find.toLowerCase(), at + 1);
    if (at < 0) throw new Error(`"${find}" occurs fewer than ${nth} times in ${JSON.stringify(sql)}`);
  }
  return at;
}

function refusalOf(sql: string, dialect: SqlDialect): unknown {
  try {
    return `accepted as ${JSON.stringify(checkReadOnlySql(sql, dialect))}`;
  } catch (error) {
    return error;
  }
}

describe("hostile statements are refused, naming what and where", () => {
  test("the corpus is large enough and covers every dialect", () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(60);
    for (const dialect of ["postgresql", "mysql", "sqlite", "mssql"]) {
      expect(HOSTILE.filter((entry) => entry.dialect === dialect).length).toBeGreaterThanOrEqual(10);
    }
  });

  for (const { dialect, sql, name, find, nth, note } of HOSTILE) {
    test(`${dialect}: ${JSON.stringify(sql)}`, () => {
      const error = refusalOf(sql, dialect);
      expect(error).toBeInstanceOf(ValidationError);
      const { message } = error as ValidationError;
      expect(message).toContain(name);
      const at = offsetOf(sql, find ?? name, nth ?? 1);
      expect(message).toContain(` at ${expectedPosition(sql, at)}`);
      if (note) expect(message).toContain(note);
      expect((error as ValidationError).status).toBe(400);
    });
  }
});

/** A legitimate query that holds refused words only where they do nothing; `expected` when not the trimmed text without its final `;`. */
const LEGITIMATE: { dialect: SqlDialect; sql: string; expected?: string }[] = [
  { dialect: "postgresql", sql: 'SELECT "delete" FROM t' },
  { dialect: "postgresql", sql: "SELECT 'DROP TABLE x' AS s" },
  { dialect: "postgresql", sql: "SELECT updated_at, created_by, into_date, deleted, inserted_rows FROM t" },
  { dialect: "postgresql", sql: 'SELECT * FROM "insert"' },
  { dialect: "postgresql", sql: "SELECT 1 -- DROP TABLE t" },
  { dialect: "postgresql", sql: "SELECT '-- not a comment; DROP TABLE t' AS s;" },
  { dialect: "postgresql", sql: "SELECT $$ DELETE FROM t; $$ AS body" },
  { dialect: "postgresql", sql: "SELECT $fn$ it's $x$ DROP $fn$ AS s" },
  { dialect: "postgresql", sql: "SELECT /* DROP TABLE t; /* nested */ still a comment */ 1" },
  {
    dialect: "postgresql",
    sql: "  WITH recent AS (SELECT * FROM orders WHERE created_at > now() - interval '1 day')\n  SELECT count(*) FROM recent;\n",
  },
  { dialect: "postgresql", sql: "SELECT replace(name, 'a', 'b'), E'it\\'s; DROP' FROM t" },
  { dialect: "postgresql", sql: "(SELECT 1) UNION ALL (SELECT 2)" },
  { dialect: "postgresql", sql: "TABLE customers" },
  { dialect: "postgresql", sql: "EXPLAIN SELECT * FROM t" },
  { dialect: "postgresql", sql: "SHOW search_path" },
  { dialect: "postgresql", sql: "SELECT cluster, comment, load, start, share, key FROM kmeans" },
  { dialect: "postgresql", sql: "SELECT x FROM t WHERE note LIKE '%INSERT%' ORDER BY x DESC LIMIT 10;" },
  { dialect: "postgresql", sql: "VALUES (1, 'a'), (2, 'b')" },
  { dialect: "postgresql", sql: "SELECT prénom, \"名前\" FROM personnes WHERE ville = 'Zürich\u00a0Nord'" },
  { dialect: "postgresql", sql: "SELECT 1; -- done", expected: "SELECT 1" },
  { dialect: "mysql", sql: "SELECT `delete`, `drop` FROM `update`" },
  { dialect: "mysql", sql: 'SELECT "DROP TABLE t" AS s' },
  { dialect: "mysql", sql: "SELECT 'it''s' AS s, CAST(x AS CHAR CHARACTER SET utf8mb4) FROM t" },
  { dialect: "mysql", sql: "SELECT TRUNCATE(price, 2), REPLACE(name, 'x', 'y') FROM t" },
  { dialect: "mysql", sql: "SELECT 1 # DROP TABLE t" },
  { dialect: "mysql", sql: "SELECT /*+ MAX_EXECUTION_TIME(1000) */ * FROM t" },
  { dialect: "mysql", sql: "SELECT /*!40001 SQL_NO_CACHE */ * FROM t" },
  { dialect: "mysql", sql: "SHOW TABLES" },
  { dialect: "mysql", sql: "DESCRIBE t" },
  { dialect: "mysql", sql: "SELECT 1--1" },
  { dialect: "mysql", sql: "SELECT X'4142', B'01', sleep_hours FROM t" },
  { dialect: "sqlite", sql: "SELECT * FROM pragma_table_info('t')" },
  { dialect: "sqlite", sql: 'SELECT [delete], "insert" FROM [update]' },
  { dialect: "sqlite", sql: "SELECT 'ATTACH DATABASE x' AS s" },
  { dialect: "sqlite", sql: "EXPLAIN QUERY PLAN SELECT * FROM t" },
  { dialect: "sqlite", sql: "SELECT * FROM t WHERE a = :param AND b = $x AND c = @y" },
  { dialect: "sqlite", sql: "SELECT sqlite_version();  " },
  { dialect: "mssql", sql: "SELECT TOP 10 [delete], N'DROP TABLE x' FROM [dbo].[update] WITH (NOLOCK)" },
  { dialect: "mssql", sql: "SELECT 1 /* a /* DROP */ b */" },
  { dialect: "mssql", sql: "WITH c AS (SELECT 1 AS x) SELECT x FROM c FOR JSON PATH" },
  { dialect: "mssql", sql: "SELECT @@VERSION, #t.x FROM #t" },
  { dialect: "mssql", sql: "SELECT name FROM t ORDER BY name OFFSET 10 ROWS FETCH NEXT 5 ROWS ONLY;" },
];

describe("legitimate queries pass unchanged", () => {
  test("the corpus is large enough", () => {
    expect(LEGITIMATE.length).toBeGreaterThanOrEqual(25);
  });

  for (const { dialect, sql, expected } of LEGITIMATE) {
    test(`${dialect}: ${JSON.stringify(sql)}`, () => {
      const trimmed = sql.trim();
      const want = expected ?? (trimmed.endsWith(";") ? trimmed.slice(0, -1).trimEnd() : trimmed);
      expect(checkReadOnlySql(sql, dialect)).toBe(want);
    });
  }
});

describe("decisions", () => {
  test("a comment splits a word in every engine, so DEL/**/ETE is two harmless names", () => {
    for (const dialect of ["postgresql", "mysql", "sqlite", "mssql"] as const) {
      expect(checkReadOnlySql("SELECT DEL/**/ETE FROM t", dialect)).toBe("SELECT DEL/**/ETE FROM t");
    }
    expect(checkReadOnlySql("SELECT DEL/*!ETE*/ FROM t", "mysql")).toBe("SELECT DEL/*!ETE*/ FROM t");
    expect(() => checkReadOnlySql("SELECT 1 /*!DELETE*/ FROM t", "mysql")).toThrow("DELETE at 1:13");
  });

  test("SET is refused everywhere but MySQL's CHARACTER SET", () => {
    const cast = "SELECT CAST(x AS CHAR CHARACTER SET utf8mb4) FROM t";
    expect(checkReadOnlySql(cast, "mysql")).toBe(cast);
    expect(() => checkReadOnlySql(cast, "mssql")).toThrow("SET at 1:33");
    expect(() => checkReadOnlySql("SELECT 1 FROM t WHERE a SET", "mysql")).toThrow("SET at 1:25");
  });

  test("a refused word in a quoted name passes; a refused function in one does not", () => {
    expect(checkReadOnlySql('SELECT "pg_read_file" FROM t', "postgresql")).toBe('SELECT "pg_read_file" FROM t');
    expect(() => checkReadOnlySql('SELECT "PG_READ_FILE"(1)', "postgresql")).toThrow('"pg_read_file" at 1:8');
    expect(() => checkReadOnlySql("SELECT [xp_cmdshell] FROM t", "mssql")).toThrow('"xp_cmdshell" at 1:8');
  });

  test("dialect-only words pass in the other dialects", () => {
    expect(checkReadOnlySql("SELECT pragma, listen, handler FROM t", "mssql")).toBe(
      "SELECT pragma, listen, handler FROM t",
    );
    expect(() => checkReadOnlySql("SELECT pragma FROM t", "sqlite")).toThrow("PRAGMA at 1:8");
    expect(() => checkReadOnlySql("SELECT handler FROM t", "mysql")).toThrow("HANDLER at 1:8");
  });

  test("a refusal found only under one server setting names that setting", () => {
    expect(() => checkReadOnlySql("SELECT 'a\\' ; DROP TABLE t; -- '", "mysql")).toThrow(
      "DROP at 1:15 (changes the schema; reading the text with sql_mode NO_BACKSLASH_ESCAPES)",
    );
  });
});

describe("limits", () => {
  test("text longer than MAX_SQL_LENGTH is refused unread", () => {
    const sql = `SELECT '${"x".repeat(MAX_SQL_LENGTH)}'`;
    expect(() => checkReadOnlySql(sql, "postgresql")).toThrow(`has ${sql.length} characters`);
  });

  test("text at the limit is read", () => {
    const sql = `SELECT '${"x".repeat(MAX_SQL_LENGTH - 9)}'`;
    expect(sql.length).toBe(MAX_SQL_LENGTH);
    expect(checkReadOnlySql(sql, "postgresql")).toBe(sql);
  });

  test("an empty query and a query of comments are refused", () => {
    expect(() => checkReadOnlySql("", "sqlite")).toThrow("an empty query at 1:1");
    expect(() => checkReadOnlySql("  -- nothing\n /* here */ ", "postgresql")).toThrow("an empty query");
  });

  test("positions count code points and every line break", () => {
    expect(() => checkReadOnlySql("SELECT '😀😀', 1; DROP TABLE t", "mysql")).toThrow("DROP at 1:17");
    expect(() => checkReadOnlySql("SELECT 1\r\n\r\nFROM t; DROP TABLE t", "mysql")).toThrow("DROP at 3:9");
    expect(() => checkReadOnlySql("SELECT 1\r\rDROP", "postgresql")).toThrow("DROP at 3:1");
  });
});
