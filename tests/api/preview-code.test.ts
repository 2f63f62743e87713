// `POST /api/workflow/preview_code`: golden workflows over every tool and every config
// variant that changes the code, each parsed by Python's own parser and compared with a
// reviewed snapshot (__snapshots__); hostile labels, paths and values; credentials never in
// the code; bad workflows answered 400 as on the other routes. preview-code-run.test.ts runs
// the code for real and compares its results with Weft's.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Workflow } from "../../src/shared/workflow";
import { postWorkflow } from "../helpers/golden";
import { bearer, makeTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

type Tool = { id: string; type: string; config: Record<string, unknown>; label?: string };
const tool = (id: string, type: string, config: Record<string, unknown>, label?: string): Tool => ({
  id,
  type,
  config,
  ...(label === undefined ? {} : { label }),
});

/** `"a -> b"`, `"f:output-true -> j:input-left"` (sockets default to output / input). */
function golden(id: string, name: string, tools: Tool[], wires: string[]): Workflow {
  return {
    meta: { workflow_id: id, name },
    tools,
    wires: wires.map((w) => {
      const [from = "", to = ""] = w.split("->").map((s) => s.trim());
      const [source = "", source_socket = "output"] = from.split(":");
      const [target = "", target_socket = "input"] = to.split(":");
      return { source, source_socket, target, target_socket };
    }),
  };
}

/** Python's own parser over the code; answers its complaint, or "" when the code parses. */
function pythonComplaint(code: string): string {
  const ran = Bun.spawnSync(["python3", "-c", "import ast, sys; ast.parse(sys.stdin.read())"], {
    stdin: Buffer.from(code),
    stderr: "pipe",
  });
  return ran.exitCode === 0 ? "" : ran.stderr.toString();
}

async function codeOf(workflow: Workflow): Promise<string> {
  const { status, body } = await postWorkflow(t, "preview_code", { workflow });
  expect(status, JSON.stringify(body)).toBe(200);
  expect(Object.keys(body)).toEqual(["code"]);
  expect(pythonComplaint(body.code)).toBe("");
  return body.code;
}

const ORDERS = "/data/orders.csv";
const INPUT = tool("in", "input", { source: ORDERS }, "Orders");

const GOLDEN: Workflow[] = [
  // The documentation's example (docs/python-codegen.md): CSV → filter → formula → join → summarize → Parquet.
  golden(
    "sales-report",
    "Sales by region and tier",
    [
      tool("orders", "input", { source: ORDERS, options: { delimiter: ";", parse_dates: true } }, "Orders"),
      tool("customers", "input", { source: "/data/customers.parquet" }, "Customers"),
      tool("big", "filter", { mode: "basic", column: "amount", operator: ">=", value: "100" }, "Big orders"),
      tool(
        "net",
        "formula",
        {
          formulas: [
            { output: "net", function: "multiply", args: [{ column: "amount" }, { value: 0.8 }] },
            { output: "month", function: "month", args: [{ column: "day" }] },
          ],
        },
        "Net amount",
      ),
      tool("join", "join", { how: "left", left_on: "customer_id", right_on: "id" }, "With customer"),
      tool(
        "sum",
        "summarize",
        {
          group_by: ["region", "tier"],
          aggregations: [
            { column: "net", function: "sum" },
            { column: "id", function: "count", output: "orders" },
          ],
        },
        "By region and tier",
      ),
      tool("out", "output", { path: "/reports/sales.parquet" }, "Sales report"),
    ],
    [
      "orders -> big",
      "big:output-true -> net",
      "net -> join:input-left",
      "customers -> join:input-right",
      "join:output-match -> sum",
      "sum -> out",
    ],
  ),
  golden(
    "filters",
    "Every filter operator",
    [
      INPUT,
      ...(
        [
          ["eq", "==", "north"],
          ["ne", "!=", 5],
          ["gt", ">", "5"],
          ["ge", ">=", 2.5],
          ["lt", "<", "2024-01-01"],
          ["le", "<=", "2024-01-01T12:00:00+02:00"],
          ["nul", "is_null", undefined],
          ["nn", "is_not_null", undefined],
          ["has", "contains", "a.b("],
          ["sw", "starts_with", "Zo"],
          ["ew", "ends_with", "ë"],
          ["in", "in", ["north", "süd"]],
          ["out", "not_in", [1, 2, "3"]],
          ["btw", "between", ["1", 9.5]],
        ] as const
      ).map(([id, operator, value]) =>
        tool(`f-${id}`, "filter", {
          mode: "basic",
          column: "c",
          operator,
          ...(value === undefined ? {} : { value }),
        }),
      ),
      tool("f-expr", "filter", {
        mode: "expression",
        expression: '(pl.col("qty") > 3) & pl.col("region").str.starts_with("n")',
      }),
    ],
    ["eq", "ne", "gt", "ge", "lt", "le", "nul", "nn", "has", "sw", "ew", "in", "out", "btw", "expr"].map(
      (id) => `in -> f-${id}`,
    ),
  ),
  golden(
    "joins",
    "Every join",
    [
      INPUT,
      tool("cust", "input", { source: "/data/customers.csv" }, "Customers"),
      tool("inner", "join", { left_on: ["customer_id", "region"], right_on: ["id", "region"] }),
      tool("left", "join", { how: "left", left_on: "customer_id", right_on: "id", suffix: "_cust" }),
      tool("right", "join", { how: "right", left_on: "customer_id", right_on: "id" }),
      tool("full", "join", { how: "full", left_on: "customer_id", right_on: "id" }),
      tool("cross", "join", { how: "cross" }),
    ],
    ["inner", "left", "right", "full", "cross"].flatMap((id) => [
      `in -> ${id}:input-left`,
      `cust -> ${id}:input-right`,
    ]),
  ),
  golden(
    "rows",
    "Union, sample and sort",
    [
      INPUT,
      tool("more", "input", { source: "/data/more_orders.csv" }, "More orders"),
      tool("u-name", "union", {}, "By name"),
      tool("u-strict", "union", { mode: "by_name", fill_missing: false }, "By name, no filling"),
      tool("u-pos", "union", { mode: "by_position" }, "By position"),
      tool("u-one", "union", {}, "One input"),
      tool("s-first", "sample", { method: "first", n: 10 }),
      tool("s-last", "sample", { method: "last", n: 3 }),
      tool("s-nth", "sample", { method: "every_nth", n: 4 }),
      tool("s-rand", "sample", { method: "random", n: 5, seed: 42 }),
      tool("s-rand-noseed", "sample", { method: "random", n: 5 }),
      tool("s-pct", "sample", { method: "percent", fraction: 0.25, seed: 7 }),
      tool("sort", "sort", {
        by: [{ column: "region" }, { column: "amount", descending: true, nulls_last: false }],
      }),
    ],
    [
      "in -> u-name",
      "more -> u-name",
      "in -> u-strict",
      "more -> u-strict",
      "more -> u-pos",
      "in -> u-pos",
      "in -> u-one",
      "u-name -> s-first",
      "u-name -> s-last",
      "u-name -> s-nth",
      "u-name -> s-rand",
      "u-name -> s-rand-noseed",
      "u-name -> s-pct",
      "s-pct -> sort",
    ],
  ),
  golden(
    "reshape",
    "Summarize, pivot and unpivot",
    [
      INPUT,
      tool("sum", "summarize", {
        group_by: ["region"],
        aggregations: [
          "sum",
          "mean",
          "median",
          "min",
          "max",
          "count",
          "count_distinct",
          "first",
          "last",
          "std",
          "var",
          "concat",
        ].map((fn) => ({ column: "qty", function: fn })),
      }),
      tool("total", "summarize", { aggregations: [{ column: "amount", function: "sum", output: "total" }] }),
      tool("keys", "summarize", { group_by: ["region", "tier"] }),
      tool("pv", "pivot", { index: ["region"], on: "month", values: "amount", aggregate: "sum" }),
      tool("pv2", "pivot", { index: ["region", "tier"], on: "month", values: ["amount", "qty"], aggregate: "count" }),
      tool("un", "unpivot", { index: ["id"] }),
      tool("un2", "unpivot", { index: ["id"], on: ["q1", "q2"], variable_name: "quarter", value_name: "sales" }),
    ],
    ["sum", "total", "keys", "pv", "pv2", "un", "un2"].map((id) => `in -> ${id}`),
  ),
  golden(
    "columns",
    "Select, formula and calculate",
    [
      INPUT,
      tool("sel", "select", {
        columns: [
          { name: "id" },
          { name: "amount", rename: "total", dtype: "Float32" },
          { name: "day", dtype: "Datetime(ms, Europe/Paris)" },
          { name: "tags", dtype: "list[str]" },
          { name: "price", dtype: "Decimal(10, 2)", rename: "" },
          { name: "note", selected: false },
        ],
        keep_others: true,
      }),
      tool(
        "sel2",
        "select",
        {
          columns: [
            { name: "b", rename: "a" },
            { name: "a", rename: "b" },
          ],
        },
        "Swap",
      ),
      tool("fo", "formula", {
        formulas: [
          { output: "name", function: "trim", args: [{ column: "name" }] },
          { output: "due", function: "add_days", args: [{ column: "day" }, { value: 30 }] },
          { output: "label", function: "concat", args: [{ value: " - " }, { column: "region" }, { column: "name" }] },
          { output: "when", function: "format_date", args: [{ column: "day" }] },
          {
            output: "size",
            function: "if_greater",
            args: [{ column: "qty" }, { value: 10 }, { value: "big" }, { value: "small" }],
          },
        ],
      }),
      tool("ca", "calculate", {
        columns: [
          { name: "total", expression: 'pl.col("price") * pl.col("qty")' },
          { name: "price", expression: 'pl.col("price").round(2)' },
          {
            name: "band",
            expression: 'pl.when(pl.col("total") > 100).then(pl.lit("high")).otherwise(pl.lit("low"))',
          },
        ],
      }),
    ],
    ["in -> sel", "in -> sel2", "in -> fo", "in -> ca"],
  ),
  golden(
    "inputs",
    "Every file input",
    [
      tool("csv", "input", {
        source: "/data/latin.csv",
        options: { encoding: "latin1", has_header: false, skip_rows: 2, quote_char: "'", infer_schema_length: 0 },
      }),
      tool("tsv", "input", { source: "/data/table.tsv" }),
      tool("u16", "input", { source: "/data/wide.txt", options: { encoding: "utf-16le", delimiter: "\\t" } }),
      tool("pq", "input", { source: "/data/data.parquet" }),
      tool("arrow", "input", { source: "/data/data.arrow" }),
      tool("js", "input", { source: "/data/data.json", options: { infer_schema_length: 500 } }),
      tool("jl", "input", { source: "/data/data.jsonl" }),
      tool("xl", "input", { source: "/data/book.xlsx", options: { sheet: "Q1", skip_rows: 3 } }),
      tool("xl2", "input", { source: "/data/book.xlsx", options: { sheet: 1, has_header: false } }),
      tool("ods", "input", { source: "/data/sheet.ods" }),
      tool("avro", "input", { source: "/data/data.avro" }),
      tool("qvd", "input", { source: "/data/qlik.qvd" }),
      tool("yxdb", "input", { source: "/data/alteryx.yxdb" }),
      tool("typed", "input", { source: "/data/export.dat", source_type: "parquet" }),
      tool("noext", "input", { source: "/data/export" }),
    ],
    [],
  ),
  golden(
    "databases",
    "Database inputs",
    [
      tool("pg", "input", { source_type: "postgresql", connection_id: "c-42", table: "sales.orders" }, "Orders"),
      tool(
        "my",
        "input",
        {
          source_type: "mysql",
          connection: { uri: "mysql://alice:s3cr3t-pw@db.internal:3306/shop" },
          query: "SELECT id, total\nFROM orders\nWHERE total > 100",
        },
        "Big orders",
      ),
      tool("lite", "input", { source_type: "sqlite", connection_id: "local", table: "items" }),
      tool("ms", "input", { source_type: "mssql", connection_id: "c-7", table: "dbo.Customers" }),
    ],
    [],
  ),
  golden(
    "outputs",
    "Every output",
    [
      INPUT,
      tool("csv", "output", { path: "/out/a.csv", options: { delimiter: ";", include_header: false } }),
      tool("tsv", "output", { path: "/out/b.tsv" }),
      tool("pq", "output", { path: "/out/c.parquet", options: { compression: "snappy" }, if_exists: "fail" }),
      tool("ipc", "output", { path: "/out/d.arrow" }),
      tool("ipc2", "output", { path: "/out/d.feather", options: { compression: "lz4" } }),
      tool("json", "output", { path: "/out/e.json" }),
      tool("jsonl", "output", { path: "/out/f.ndjson" }),
      tool("xlsx", "output", { path: "/out/g.xlsx", options: { include_header: false } }),
      tool("avro", "output", { path: "/out/h.avro", options: { compression: "deflate" } }),
      tool("typed", "output", { path: "/out/i.dat", format: "csv" }),
    ],
    ["csv", "tsv", "pq", "ipc", "ipc2", "json", "jsonl", "xlsx", "avro", "typed"].map((id) => `in -> ${id}`),
  ),
];

describe("POST /api/workflow/preview_code", () => {
  test.each(GOLDEN.map((w) => [w.meta.workflow_id, w] as const))(
    "%s: Python that parses, as reviewed",
    async (_id, workflow) => {
      expect(await codeOf(workflow)).toMatchSnapshot();
    },
  );

  test("docs/python-codegen.md shows the first golden workflow and its code as they are", async () => {
    const doc = await Bun.file(`${import.meta.dir}/../../docs/python-codegen.md`).text();
    const block = (lang: string) => doc.split(`\n\`\`\`${lang}\n`)[1]?.split("\n```\n")[0];
    expect(JSON.parse(block("json") ?? "")).toEqual(GOLDEN[0]);
    expect(`${block("python")}\n`).toBe(await codeOf(GOLDEN[0] as Workflow));
  });

  test("the golden workflows cover every tool type", () => {
    const types = new Set(GOLDEN.flatMap((w) => w.tools.map((x) => x.type)));
    expect([...types].sort()).toHaveLength(13);
  });

  test("a connection's URI never reaches the code: an environment variable stands for it", async () => {
    const code = await codeOf(GOLDEN.find((w) => w.meta.workflow_id === "databases") as Workflow);
    expect(code).not.toContain("s3cr3t");
    expect(code).not.toContain("alice");
    expect(code).not.toContain("db.internal");
    expect(code).toContain('os.environ["WEFT_BIG_ORDERS_URI"]');
    expect(code).toContain('os.environ["WEFT_ORDERS_URI"]');
  });

  test("hostile labels, paths and values cannot break out of their strings and comments", async () => {
    const hostile = [
      'x"""\nimport os\nos.system("touch /tmp/pwned")\n"""',
      "a'''\r\nb\\",
      "line\u2028sep\u2029para\u0085nel",
      "bidi\u202e}\u202c nul\u0000 bell\u0007",
      "lone \ud800 surrogate",
    ];
    const workflow = golden(
      'id"""\nimport os',
      hostile.join(" | "),
      hostile.flatMap((text, i) => [
        tool(`in${i}`, "input", { source: `/data/${text}.csv`, options: { delimiter: "\t" } }, text),
        tool(`f${i}`, "filter", { mode: "basic", column: text, operator: "==", value: text }, text),
        tool(`s${i}`, "summarize", { group_by: [text], aggregations: [{ column: text, function: "sum" }] }, text),
        tool(`o${i}`, "output", { path: `/out/${text}.csv` }, text),
      ]),
      hostile.flatMap((_, i) => [`in${i} -> f${i}`, `f${i}:output-true -> s${i}`, `s${i} -> o${i}`]),
    );
    const code = await codeOf(workflow);
    // What Python sees: no statement but the script's own, no call of os.system.
    const ran = Bun.spawnSync(
      [
        "python3",
        "-c",
        [
          "import ast, sys",
          "tree = ast.parse(sys.stdin.read())",
          "print(sorted({type(n).__name__ + ':' + getattr(n, 'name', '') for n in tree.body}))",
          "print(any(isinstance(n, ast.Attribute) and n.attr == 'system' for n in ast.walk(tree)))",
        ].join("\n"),
      ],
      { stdin: Buffer.from(code), stderr: "pipe" },
    );
    expect(ran.stderr.toString()).toBe("");
    const [body, systemCall] = ran.stdout.toString().trim().split("\n");
    expect(body).toBe(
      "['Assign:', 'FunctionDef:_civil_date', 'FunctionDef:_filter_kind', 'FunctionDef:_filter_number', " +
        "'FunctionDef:_filter_value', 'FunctionDef:_js_number_text', 'FunctionDef:_time_nanos', " +
        "'FunctionDef:filter_condition', 'FunctionDef:main', 'FunctionDef:write_file', 'If:', 'Import:']",
    );
    expect(systemCall).toBe("False");
    expect([..."\u0000\u0007\u2028\u2029\u0085\u202e"].filter((c) => code.includes(c))).toEqual([]);
  });

  test("the route is documented in /openapi.json", async () => {
    const res = await t.app.request("/openapi.json", { headers: bearer(t.token) });
    const spec = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    expect(spec.paths["/api/workflow/preview_code"]?.post).toBeDefined();
  });

  test.each([
    [
      "a cycle",
      golden("w", "", [tool("a", "sort", { by: [] }), tool("b", "sort", { by: [] })], ["a -> b", "b -> a"]),
      "is on a cycle",
    ],
    ["an unknown tool type", golden("w", "", [tool("a", "magic", {})], []), 'unknown tool type "magic"'],
    [
      "an input socket without a wire",
      golden("w", "", [tool("s", "sort", { by: [{ column: "x" }] })], []),
      'input socket "input" is not connected',
    ],
    ["a config its schema refuses", golden("w", "", [tool("a", "input", { source: 5 })], []), 'Tool "a" (input)'],
    [
      "an expression that reaches past Polars",
      golden(
        "w",
        "",
        [
          INPUT,
          tool("c", "calculate", {
            columns: [{ name: "x", expression: 'pl.dependencies.import_optional("os").system("id")' }],
          }),
        ],
        ["in -> c"],
      ),
      'Tool "c", columns[0] ("x"): .system is not a method expressions may use',
    ],
    [
      "a dunder in a filter expression",
      golden(
        "w",
        "",
        [INPUT, tool("f", "filter", { mode: "expression", expression: 'pl.col("a").__class__' })],
        ["in -> f"],
      ),
      'Tool "f", expression: .__class__ is not a method',
    ],
    [
      "a query that writes",
      golden(
        "w",
        "",
        [tool("d", "input", { source_type: "postgresql", connection_id: "c", query: "DELETE FROM t" })],
        [],
      ),
      'Tool "d"',
    ],
    [
      "a sort without keys",
      golden("w", "", [INPUT, tool("s", "sort", { by: [] })], ["in -> s"]),
      "Sort needs at least one column in by",
    ],
    [
      "a random sample without n",
      golden("w", "", [INPUT, tool("s", "sample", { method: "random" })], ["in -> s"]),
      'Sample method "random" needs n',
    ],
    [
      "a filter value that is no array for in",
      golden(
        "w",
        "",
        [INPUT, tool("f", "filter", { mode: "basic", column: "c", operator: "in", value: "x" })],
        ["in -> f"],
      ),
      '"value" must be a list of values',
    ],
    [
      "an unknown dtype",
      golden("w", "", [INPUT, tool("s", "select", { columns: [{ name: "a", dtype: "Int65" }] })], ["in -> s"]),
      'Column "a": Unknown data type "Int65"',
    ],
    [
      "a format Weft does not write",
      golden("w", "", [INPUT, tool("o", "output", { path: "/out/x.ods" })], ["in -> o"]),
      "ods files cannot be written",
    ],
    [
      "a compression Parquet does not have",
      golden(
        "w",
        "",
        [INPUT, tool("o", "output", { path: "/out/x.parquet", options: { compression: "zip" } })],
        ["in -> o"],
      ),
      'compression "zip" is not supported for Parquet',
    ],
    [
      "a bad CSV option",
      golden("w", "", [tool("i", "input", { source: "/d/x.csv", options: { encoding: "ebcdic" } })], []),
      'encoding "ebcdic" is not supported',
    ],
  ])("400 for %s", async (_what, workflow, detail) => {
    const { status, body } = await postWorkflow(t, "preview_code", { workflow });
    expect(status).toBe(400);
    expect(body.detail).toContain(detail);
  });

  test("401 without the token", async () => {
    const res = await t.app.request("/api/workflow/preview_code", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ workflow: GOLDEN[0] }),
    });
    expect(res.status).toBe(401);
  });
});
