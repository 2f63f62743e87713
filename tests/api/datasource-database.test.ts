import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { startFakeTds } from "../../src/formats/db/mssql-fake-server.fixture";
import {
  colMetadataToken,
  DONE,
  doneToken,
  errorToken,
  rowToken,
  tdsType,
} from "../../src/formats/db/mssql-tds.fixture";
import { connectionFields } from "../helpers/connection-fields";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow } from "../helpers/workflows";

/*
 * POST /datasource/inspect and /preview of a database table or read-only query (decisions.md
 * "Additions"), against real databases: SQLite always, PostgreSQL and MariaDB when .ci/run's
 * servers are up (WEFT_TEST_PG_URL, WEFT_TEST_MYSQL_URL). The answers must agree with the
 * Input tool's and have a file answer's shape.
 */

const pgUrl = process.env.WEFT_TEST_PG_URL;
const myUrl = process.env.WEFT_TEST_MYSQL_URL;
const skipped = (name: string) => ` (skipped: ${name} is not set; .ci/run sets it)`;
/** Table names unique to this run, so parallel runs on one database do not clash. */
const RUN = `${process.pid}_${Math.floor(Math.random() * 1e6)}`;
const MAX_PREVIEW_ROWS = 40;

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Answer = { status: number; body: any };
let t: TestApp;
const post = async (path: string, body: unknown): Promise<Answer> => {
  const res = await t.app.request(`/api/${path}`, {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

const ROWS: [number, string, number][] = Array.from({ length: 300 }, (_, i) => [
  i,
  ["north", "south", "zürich 🏔"][i % 3] as string,
  (i * 37) % 101,
]);
/** The columns the Input tool gives for a database config (its own schema route). */
async function toolColumns(config: Record<string, unknown>): Promise<{ name: string; dtype: string }[]> {
  const answer = await post("workflow/tool/schema", {
    tool_id: "in",
    workflow: workflow("w-ds-db", [{ id: "in", type: "input", config }]),
  });
  expect(answer.status).toBe(200);
  return answer.body.columns;
}
const WRITES = [
  "DELETE FROM {t}",
  "UPDATE {t} SET amount = 0",
  "INSERT INTO {t} VALUES (999, 'x', 1)",
  "DROP TABLE {t}",
  "SELECT 1; DELETE FROM {t}",
  "WITH x AS (DELETE FROM {t} RETURNING *) SELECT * FROM x",
];

/** The keys of an answer and of its nested objects: a database answer must have a file answer's. */
function shape(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return typeof value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, shape(v)]),
  );
}

let fileShapes: { inspect: unknown; preview: unknown };
beforeAll(async () => {
  t = await makeTestApp({
    env: { CONNECTION_ENCRYPTION_KEY: "datasource-database-test-key", MAX_PREVIEW_ROWS: String(MAX_PREVIEW_ROWS) },
  });
  const csv = join(t.home, "sales.csv");
  writeFileSync(csv, `id,region,amount\n${ROWS.map((r) => r.join(",")).join("\n")}\n`);
  fileShapes = {
    inspect: shape((await post("datasource/inspect", { source: csv })).body),
    preview: shape((await post("datasource/preview", { source: csv })).body),
  };
}, 60_000);
afterAll(() => t.close());

async function createConnection(fields: Record<string, unknown>): Promise<string> {
  const res = await t.app.request("/api/connections/", {
    method: "POST",
    headers: { ...bearer(t.token), "content-type": "application/json" },
    body: JSON.stringify(fields),
  });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

interface Dialect {
  type: string;
  url: string | undefined;
  env: string;
  /** Creates the table with ROWS; answers the connection by uri, by id, and a way to read the table back. */
  setUp(table: string): Promise<{ uri: string; id: string; rows(): Promise<unknown[][]>; close(): Promise<void> }>;
}

const serverDialect = (type: string, url: string | undefined, env: string): Dialect => ({
  type,
  url,
  env,
  async setUp(table) {
    const sql = new SQL({ url: String(url), max: 1 });
    await sql.unsafe(`CREATE TABLE ${table} (id INTEGER, region VARCHAR(40), amount INTEGER)`);
    const values = ROWS.map(([id, region, amount]) => `(${id}, '${region}', ${amount})`).join(", ");
    await sql.unsafe(`INSERT INTO ${table} VALUES ${values}`);
    const id = await createConnection({ name: `ds-${type}-${RUN}`, ...connectionFields(String(url), type) });
    return {
      uri: String(url),
      id,
      rows: async () => await sql.unsafe(`SELECT * FROM ${table} ORDER BY id`).values(),
      close: async () => {
        await sql.unsafe(`DROP TABLE IF EXISTS ${table}`);
        await sql.close();
      },
    };
  },
});

const DIALECTS: Dialect[] = [
  {
    type: "sqlite",
    url: "sqlite",
    env: "",
    async setUp(table) {
      const path = join(t.home, "shop.db");
      const db = new Database(path);
      db.run(`CREATE TABLE ${table} (id INTEGER, region TEXT, amount INTEGER)`);
      const insert = db.prepare(`INSERT INTO ${table} VALUES (?, ?, ?)`);
      for (const row of ROWS) insert.run(...row);
      const id = await createConnection({ name: "ds-sqlite", type: "sqlite", database: path });
      return {
        uri: path,
        id,
        rows: async () => db.query(`SELECT * FROM ${table} ORDER BY id`).values(),
        close: async () => db.close(),
      };
    },
  },
  serverDialect("postgresql", pgUrl, "WEFT_TEST_PG_URL"),
  serverDialect("mysql", myUrl, "WEFT_TEST_MYSQL_URL"),
];

for (const dialect of DIALECTS) {
  const { type } = dialect;
  describe.skipIf(!dialect.url)(`${type}${dialect.url ? "" : skipped(dialect.env)}`, () => {
    const table = `weft_ds_${type}_${RUN}`;
    let db: Awaited<ReturnType<Dialect["setUp"]>>;
    beforeAll(async () => {
      db = await dialect.setUp(table);
    }, 30_000);
    afterAll(() => db.close());
    const byUri = () => ({ connection: { uri: db.uri } });
    const byId = () => ({ connection_id: db.id });
    const query = () => `SELECT region, amount * 2 AS doubled FROM ${table} WHERE id < 10 ORDER BY id`;

    for (const [how, connection] of [
      ["connection uri", byUri],
      ["connection_id", byId],
    ] as const) {
      test(`inspect of a table and of a query (${how}): the Input tool's columns, the rows counted`, async () => {
        const inspect = await post("datasource/inspect", { source_type: type, config: { ...connection(), table } });
        expect(inspect.status).toBe(200);
        const columns = await toolColumns({ source_type: type, ...connection(), table });
        expect(columns.map((c) => c.name)).toEqual(["id", "region", "amount"]);
        expect(inspect.body).toEqual({
          source: table,
          source_type: type,
          data_schema: { columns, total_rows: ROWS.length },
          validation: { errors: [], warnings: [] },
        });
        expect(shape(inspect.body)).toEqual(fileShapes.inspect);

        const ofQuery = await post("datasource/inspect", {
          source: "",
          source_type: type,
          config: { ...connection(), query: query() },
        });
        expect(ofQuery.status).toBe(200);
        const queryColumns = await toolColumns({ source_type: type, ...connection(), query: query() });
        expect(queryColumns.map((c) => c.name)).toEqual(["region", "doubled"]);
        expect(ofQuery.body.data_schema).toEqual({ columns: queryColumns, total_rows: 10 });
        const none = await post("datasource/inspect", {
          source_type: type,
          config: { ...connection(), query: `SELECT * FROM ${table} WHERE id < 0` },
        });
        expect(none.body.data_schema).toEqual({ columns, total_rows: 0 });
        expect(none.body.validation.warnings).toEqual(["The query returns no rows"]);
      });

      test(`preview of a table and of a query (${how}): offset, max_rows and columns`, async () => {
        const preview = await post("datasource/preview", {
          source_type: type,
          config: { ...connection(), table },
          options: { offset: 10, max_rows: 5 },
        });
        expect(preview.status).toBe(200);
        expect(preview.body).toEqual({
          source: table,
          source_type: type,
          columns: ["id", "region", "amount"],
          dtypes: (await toolColumns({ source_type: type, ...connection(), table })).map((c) => c.dtype),
          data: ROWS.slice(10, 15),
          total_rows: ROWS.length,
          preview_rows: 5,
        });
        expect(shape(preview.body)).toEqual(fileShapes.preview);
        const subset = await post("datasource/preview", {
          source_type: type,
          config: { ...connection(), query: query() },
          options: { offset: 8, max_rows: 5, columns: ["doubled"] },
        });
        expect([subset.body.columns, subset.body.data, subset.body.total_rows]).toEqual([
          ["doubled"],
          ROWS.slice(8, 10).map(([, , amount]) => [amount * 2]),
          10,
        ]);
        const unknown = await post("datasource/preview", {
          source_type: type,
          config: { ...connection(), table },
          options: { columns: ["nope"] },
        });
        expect([unknown.status, unknown.body.detail]).toEqual([400, expect.stringContaining("id, region, amount")]);
      });
    }

    test("a preview never answers the whole table: max_rows is clamped to MAX_PREVIEW_ROWS", async () => {
      const preview = await post("datasource/preview", {
        source_type: type,
        config: { ...byUri(), table },
        options: { max_rows: 10_000 },
      });
      expect(preview.status).toBe(200);
      expect([preview.body.preview_rows, preview.body.data.length, preview.body.total_rows]).toEqual([
        MAX_PREVIEW_ROWS,
        MAX_PREVIEW_ROWS,
        ROWS.length,
      ]);
      const past = await post("datasource/preview", {
        source_type: type,
        config: { ...byUri(), table },
        options: { offset: 295, max_rows: 10 },
      });
      expect(past.body.data).toEqual(ROWS.slice(295));
    });

    test("SQL writes are refused (400 Refused SQL) by inspect and preview; the data is unchanged", async () => {
      const before = await db.rows();
      expect(before).toHaveLength(ROWS.length);
      const passed: string[] = [];
      for (const write of WRITES) {
        for (const route of ["inspect", "preview"]) {
          const config = { ...byUri(), query: write.replaceAll("{t}", table) };
          const answer = await post(`datasource/${route}`, { source_type: type, config });
          if (answer.status !== 400 || !String(answer.body.detail).includes("Refused SQL"))
            passed.push(`${route} ${write} → ${answer.status} ${answer.body.detail}`);
        }
      }
      expect(passed).toEqual([]);
      const injected = await post("datasource/preview", {
        source_type: type,
        config: { ...byUri(), table: `${table}; DROP TABLE ${table}` },
      });
      expect(injected.status).toBe(400);
      expect(await db.rows()).toEqual(before);
    });
  });
}

describe("bad requests", () => {
  test("a SQLite file outside the allowed folders is 403, a missing one 404", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "weft-outside-"));
    try {
      const outside = join(elsewhere, "secret.db");
      const db = new Database(outside);
      db.run("CREATE TABLE t (x INTEGER)");
      db.close();
      for (const route of ["inspect", "preview"]) {
        const answer = await post(`datasource/${route}`, {
          source_type: "sqlite",
          config: { connection: { uri: `sqlite://${outside}` }, table: "t" },
        });
        expect([route, answer.status]).toEqual([route, 403]);
      }
      const missing = await post("datasource/inspect", {
        source_type: "sqlite",
        config: { connection: { uri: join(t.home, "nope.db") }, table: "t" },
      });
      expect([missing.status, missing.body.detail]).toEqual([404, expect.stringContaining("nope.db")]);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  test("an unknown connection_id is 404", async () => {
    for (const route of ["inspect", "preview"]) {
      const answer = await post(`datasource/${route}`, {
        source_type: "postgresql",
        config: { connection_id: "no-such-connection", table: "t" },
      });
      expect([answer.status, answer.body.detail]).toEqual([404, expect.stringContaining("no-such-connection")]);
    }
  });

  test("no table or query, both, no connection, or file options are 400s naming what is wrong", async () => {
    const uri = join(t.home, "shop.db");
    const cases: [unknown, string][] = [
      [{ connection: { uri } }, "either a query or a table"],
      [{ connection: { uri }, table: "t", query: "SELECT 1" }, "not both"],
      [{ table: "t" }, "needs connection_id or connection"],
      [{ connection: { uri }, connection_id: "x", table: "t" }, "either connection_id or connection"],
      [{ connection: { uri }, table: "t", delimiter: ";" }, "config.delimiter: not an option of a database source"],
    ];
    for (const [config, message] of cases) {
      for (const route of ["inspect", "preview"]) {
        const answer = await post(`datasource/${route}`, { source_type: "sqlite", config });
        expect([route, answer.status, answer.body.detail]).toEqual([route, 400, expect.stringContaining(message)]);
      }
    }
    const noType = await post("datasource/inspect", { config: { connection: { uri }, table: "t" } });
    expect([noType.status, noType.body.detail]).toEqual([400, expect.stringContaining("source: A file source needs")]);
    const fileWithTable = await post("datasource/inspect", { source: uri, config: { table: "t" } });
    expect([fileWithTable.status, fileWithTable.body.detail]).toEqual([
      400,
      expect.stringContaining("config.table: only for a database source_type"),
    ]);
  });
});

describe("SQL Server (no server can run here: a fake TDS server)", () => {
  test("refused SQL never reaches it; a closed port is a 400 naming no password", async () => {
    const uri = "mssql://reader:S3cret-pw@127.0.0.1:9/weft";
    const refused = await post("datasource/inspect", {
      source_type: "mssql",
      config: { connection: { uri }, query: "DELETE FROM t" },
    });
    expect([refused.status, refused.body.detail]).toEqual([400, expect.stringContaining("Refused SQL")]);
    const closed = await post("datasource/preview", {
      source_type: "mssql",
      config: { connection: { uri }, table: "t" },
    });
    expect(closed.status).toBe(400);
    expect(closed.body.detail).not.toContain("S3cret-pw");
  });

  const columns = [tdsType.int("id"), tdsType.nvarchar("region", 40), tdsType.int("amount")];
  const counted = [tdsType.bigint("n")];
  const answer = (cols: typeof columns, rows: unknown[][]) =>
    Buffer.concat([colMetadataToken(cols), ...rows.map((r) => rowToken(cols, r)), doneToken(DONE.count, rows.length)]);
  /** A fake SQL Server holding ROWS; `count` answers Weft's COUNT_BIG wrapper. */
  const fakeServer = (count: () => Buffer) =>
    startFakeTds({
      onBatch: (sql) => {
        if (/^(set |SET ROWCOUNT|SET TRANSACTION)/.test(sql)) return doneToken(DONE.final);
        if (sql.startsWith("SELECT COUNT_BIG(*) AS n FROM (")) return count();
        return answer(columns, ROWS);
      },
    });

  test("a preview asks for offset + max_rows rows (SET ROWCOUNT) and the count as COUNT_BIG", async () => {
    const server = fakeServer(() => answer(counted, [[String(ROWS.length)]]));
    try {
      const uri = `mssql://reader:pw@127.0.0.1:${server.port}/sales?encrypt=false`;
      const preview = await post("datasource/preview", {
        source_type: "mssql",
        config: { connection: { uri }, table: "dbo.sales" },
        options: { offset: 10, max_rows: 5 },
      });
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({
        source: "dbo.sales",
        source_type: "mssql",
        columns: ["id", "region", "amount"],
        data: ROWS.slice(10, 15),
        total_rows: ROWS.length,
        preview_rows: 5,
      });
      expect(shape(preview.body)).toEqual(fileShapes.preview);
      expect(server.batches).toContain("SELECT * FROM [dbo].[sales]");
      expect(server.batches.some((sql) => sql.startsWith("SET ROWCOUNT 15;"))).toBe(true);
      expect(server.batches).toContain("SELECT COUNT_BIG(*) AS n FROM (SELECT * FROM [dbo].[sales]\n) AS q");
      expect(server.logins.every((login) => login.readOnlyIntent)).toBe(true);
    } finally {
      server.stop();
    }
  });

  test("a query SQL Server will not count as a derived table (a CTE) is read and counted", async () => {
    const refusal = Buffer.concat([
      errorToken(156, "Incorrect syntax near the keyword 'WITH'."),
      doneToken(DONE.error),
    ]);
    const server = fakeServer(() => refusal);
    try {
      const uri = `mssql://reader:pw@127.0.0.1:${server.port}/sales?encrypt=false`;
      const query = "WITH s AS (SELECT * FROM sales) SELECT * FROM s ORDER BY id";
      const preview = await post("datasource/preview", {
        source_type: "mssql",
        config: { connection: { uri }, query },
        options: { max_rows: 3 },
      });
      expect(preview.status).toBe(200);
      expect([preview.body.data, preview.body.total_rows]).toEqual([ROWS.slice(0, 3), ROWS.length]);
      expect(server.batches.filter((sql) => sql === query)).toHaveLength(2);
    } finally {
      server.stop();
    }
  });
});

test("GET /datasource/supported lists the 13 source types; the OpenAPI document gives the database config", async () => {
  const supported = await t.app.request("/api/datasource/supported", { headers: bearer(t.token) });
  const body = await supported.json();
  expect(body.source_types).toHaveLength(13);
  expect(body.source_types.slice(-4)).toEqual(["postgresql", "mysql", "sqlite", "mssql"]);
  const doc = await (await t.app.request("/openapi.json")).json();
  for (const name of ["DataSourceInspectRequest", "DataSourcePreviewRequest"]) {
    const schema = doc.components.schemas[name];
    expect(schema.properties.source_type.enum).toEqual(body.source_types);
    expect(Object.keys(schema.properties.config.properties)).toEqual(
      expect.arrayContaining(["delimiter", "connection_id", "connection", "table", "query"]),
    );
    expect(schema.required ?? []).not.toContain("source");
  }
});
