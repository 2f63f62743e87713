// The generated Python, run for real: each workflow here writes its outputs as JSON lines
// once through Weft (`/api/workflow/execute`) and once through the code `/preview_code`
// generated for it, run by a Python that has Polars; the two must hold the same records.
// Python with Polars: $WEFT_TEST_PYTHON, else `python3` if it imports polars. Without one the
// runs are skipped (and say so); the parse and snapshot tests (preview-code.test.ts) still run.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Workflow } from "../../src/shared/workflow";
import { postWorkflow } from "../helpers/golden";
import { makeTestApp, type TestApp } from "../helpers/test-app";
import { workflow, writeCsv } from "../helpers/workflows";

function findPython(): string | undefined {
  for (const candidate of [process.env.WEFT_TEST_PYTHON, "python3"]) {
    if (!candidate) continue;
    const probe = Bun.spawnSync([candidate, "-c", "import polars"], { stdout: "ignore", stderr: "ignore" });
    if (probe.exitCode === 0) return candidate;
  }
  return undefined;
}
const python = findPython();
if (!python) console.warn("preview-code-run: no Python with Polars (set WEFT_TEST_PYTHON): runs skipped");

let t: TestApp;
let files: string;

// Regions with nulls, accents, CJK and an emoji; amounts with nulls; a date column.
const ORDERS: unknown[][] = Array.from({ length: 40 }, (_, i) => [
  i + 1,
  i % 7 === 0 ? null : ["north", "süd", "東京", "😀 emoji", "west"][i % 5],
  i % 6 === 0 ? null : (i * 37) % 11,
  Math.round(((i * 7919) % 1000) * 1.25) / 100,
  `2024-0${(i % 9) + 1}-1${i % 10}`,
  (i % 4) + 1,
]);
const CUSTOMERS: unknown[][] = [
  [1, "Ada", "gold"],
  [2, "Bo", null],
  [3, "Chen", "silver"],
  [3, "Chen bis", "gold"],
  [9, "Nobody", "bronze"],
  [null, "No id", "gold"],
];

beforeAll(async () => {
  t = await makeTestApp();
  files = join(t.dataDir, "files");
  mkdirSync(files, { recursive: true });
  writeCsv(join(files, "orders.csv"), ["id", "region", "qty", "amount", "day", "customer_id"], ORDERS);
  writeCsv(join(files, "customers.csv"), ["id", "name", "tier"], CUSTOMERS);
});
afterAll(() => t.close());

type Build = (out: (name: string) => string) => Workflow;

/** An Output tool writing `name`.jsonl, wired from `source`. */
const output = (id: string, name: string, out: (name: string) => string) => ({
  id,
  type: "output",
  config: { path: out(`${name}.jsonl`) },
});

const readLines = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    // Entries, not objects: the column order is part of the result.
    .map((line) => Object.entries(JSON.parse(line)));

/** Runs `build` through Weft and through its generated Python; answers both sides' records per output file. */
async function bothWays(name: string, build: Build, outputs: string[]) {
  const weftDir = join(t.dataDir, "files", `${name}-weft`);
  const pyDir = join(t.dataDir, "files", `${name}-py`);
  mkdirSync(weftDir, { recursive: true });
  mkdirSync(pyDir, { recursive: true });
  const run = await postWorkflow(t, "execute", { workflow: build((f) => join(weftDir, f)) });
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  const generated = await postWorkflow(t, "preview_code", { workflow: build((f) => join(pyDir, f)) });
  expect(generated.status, JSON.stringify(generated.body)).toBe(200);
  const script = join(pyDir, "workflow.py");
  writeFileSync(script, generated.body.code);
  const ran = Bun.spawnSync([python as string, script], { cwd: pyDir, stdout: "pipe", stderr: "pipe" });
  expect(ran.exitCode, `${ran.stderr.toString()}\n${generated.body.code}`).toBe(0);
  return outputs.map((file) => ({
    file,
    weft: readLines(join(weftDir, `${file}.jsonl`)),
    python: readLines(join(pyDir, `${file}.jsonl`)),
  }));
}

async function expectSame(name: string, build: Build, outputs: string[]) {
  const results = await bothWays(name, build, outputs);
  for (const { file, weft, python: py } of results) expect({ file, rows: py }).toEqual({ file, rows: weft });
  if (process.env.WEFT_TEST_VERBOSE) console.log(results.map((r) => `${r.file}: ${r.weft.length}`).join(", "));
  return results;
}

const runIf = python ? test : test.skip;

describe("generated Python gives Weft's results", () => {
  runIf(
    "filter: basic operators (text values for numbers, dates, in, between, nulls) and expression mode",
    async () => {
      const cases: [string, Record<string, unknown>][] = [
        ["gt", { mode: "basic", column: "qty", operator: ">", value: "5" }],
        ["ne", { mode: "basic", column: "region", operator: "!=", value: "west" }],
        ["in", { mode: "basic", column: "region", operator: "in", value: ["süd", "東京"] }],
        ["notin", { mode: "basic", column: "qty", operator: "not_in", value: [1, 2, "3"] }],
        ["between", { mode: "basic", column: "amount", operator: "between", value: [2, "7.5"] }],
        ["date", { mode: "basic", column: "day", operator: ">=", value: "2024-05-01" }],
        ["contains", { mode: "basic", column: "region", operator: "contains", value: "o" }],
        ["starts", { mode: "basic", column: "region", operator: "starts_with", value: "😀" }],
        ["null", { mode: "basic", column: "qty", operator: "is_null" }],
        ["textnum", { mode: "basic", column: "region", operator: "!=", value: 0.000001 }],
        ["ts", { mode: "basic", column: "ts", operator: "<", value: "2024-05-12T12:30:00+02:00" }],
        ["tsnaive", { mode: "basic", column: "ts", operator: ">=", value: "2024-05-12 01:00" }],
        [
          "expr",
          { mode: "expression", expression: '(pl.col("qty") * 2 > pl.col("amount")) & pl.col("region").is_not_null()' },
        ],
      ];
      const build: Build = (out) =>
        workflow(
          "w-filter",
          [
            { id: "csv", type: "input", config: { source: join(files, "orders.csv"), options: { parse_dates: true } } },
            {
              id: "in",
              type: "calculate",
              config: {
                columns: [
                  {
                    name: "ts",
                    expression: '(pl.col("id") * 3_600_000 * 5 + 1_715_000_000_000).cast(pl.Datetime("ms"))',
                  },
                ],
              },
            },
            ...cases.map(([id, config]) => ({ id: `f-${id}`, type: "filter", config })),
            ...cases.flatMap(([id]) => [output(`${id}-t`, `${id}-true`, out), output(`${id}-f`, `${id}-false`, out)]),
          ],
          ["csv -> in"].concat(
            cases.flatMap(([id]) => [
              `in -> f-${id}`,
              `f-${id}:output-true -> ${id}-t`,
              `f-${id}:output-false -> ${id}-f`,
            ]),
          ),
        );
      await expectSame(
        "filter",
        build,
        cases.flatMap(([id]) => [`${id}-true`, `${id}-false`]),
      );
    },
  );

  runIf("join: inner, left, right, full and cross, with the unmatched rows of both sides", async () => {
    const hows = ["inner", "left", "right", "full", "cross"];
    const build: Build = (out) =>
      workflow(
        "w-join",
        [
          { id: "o", type: "input", config: { source: join(files, "orders.csv") } },
          { id: "c", type: "input", config: { source: join(files, "customers.csv") } },
          { id: "small", type: "sample", config: { method: "first", n: 6 } },
          ...hows.map((how) => ({
            id: how,
            type: "join",
            config: { how, left_on: ["customer_id"], right_on: ["id"], suffix: "_c" },
          })),
          ...hows.flatMap((how) => [
            output(`${how}-m`, `${how}-match`, out),
            output(`${how}-l`, `${how}-left`, out),
            output(`${how}-r`, `${how}-right`, out),
          ]),
        ],
        [
          "o -> small",
          ...hows.flatMap((how) => [
            `small -> ${how}:input-left`,
            `c -> ${how}:input-right`,
            `${how}:output-match -> ${how}-m`,
            `${how}:output-left -> ${how}-l`,
            `${how}:output-right -> ${how}-r`,
          ]),
        ],
      );
    await expectSame(
      "join",
      build,
      hows.flatMap((how) => [`${how}-match`, `${how}-left`, `${how}-right`]),
    );
  });

  runIf("summarize (every function), pivot, unpivot, sort", async () => {
    const fns = ["sum", "mean", "median", "min", "max", "count", "count_distinct", "first", "last", "std", "var"];
    const build: Build = (out) =>
      workflow(
        "w-aggregate",
        [
          { id: "in", type: "input", config: { source: join(files, "orders.csv") } },
          {
            id: "sum",
            type: "summarize",
            config: {
              group_by: ["region"],
              aggregations: [
                ...fns.map((fn) => ({ column: "qty", function: fn })),
                { column: "region", function: "concat", output: "regions" },
              ],
            },
          },
          { id: "all", type: "summarize", config: { aggregations: [{ column: "amount", function: "sum" }] } },
          {
            id: "pv",
            type: "pivot",
            config: { index: ["customer_id"], on: "region", values: "qty", aggregate: "count" },
          },
          {
            id: "pv2",
            type: "pivot",
            config: { index: ["customer_id"], on: "qty", values: ["amount", "id"], aggregate: "sum" },
          },
          { id: "un", type: "unpivot", config: { index: ["id"], on: ["qty", "region", "amount"] } },
          {
            id: "srt",
            type: "sort",
            config: { by: [{ column: "qty", descending: true, nulls_last: false }, { column: "amount" }] },
          },
          output("o1", "summarize", out),
          output("o2", "whole", out),
          output("o3", "pivot", out),
          output("o4", "pivot2", out),
          output("o5", "unpivot", out),
          output("o6", "sort", out),
        ],
        ["in -> sum", "in -> all", "in -> pv", "in -> pv2", "in -> un", "in -> srt"].concat([
          "sum -> o1",
          "all -> o2",
          "pv -> o3",
          "pv2 -> o4",
          "un -> o5",
          "srt -> o6",
        ]),
      );
    await expectSame("aggregate", build, ["summarize", "whole", "pivot", "pivot2", "unpivot", "sort"]);
  });

  runIf("formula, calculate, select (renames, casts, keep_others), union and sample", async () => {
    const build: Build = (out) =>
      workflow(
        "w-columns",
        [
          { id: "in", type: "input", config: { source: join(files, "orders.csv"), options: { parse_dates: true } } },
          { id: "c", type: "input", config: { source: join(files, "customers.csv") } },
          {
            id: "fo",
            type: "formula",
            config: {
              formulas: [
                { output: "total", function: "multiply", args: [{ column: "qty" }, { column: "amount" }] },
                { output: "later", function: "add_days", args: [{ column: "day" }, { value: 30 }] },
                { output: "year", function: "year", args: [{ column: "day" }] },
                { output: "region", function: "upper", args: [{ column: "region" }] },
              ],
            },
          },
          {
            id: "ca",
            type: "calculate",
            config: {
              columns: [
                { name: "double", expression: 'pl.col("total") * 2' },
                {
                  name: "label",
                  expression: 'pl.col("region").fill_null("?") + pl.lit(" / ") + pl.col("id").cast(pl.String)',
                },
              ],
            },
          },
          {
            id: "se",
            type: "select",
            config: {
              columns: [
                { name: "label", rename: "what" },
                { name: "qty", dtype: "Float64" },
                { name: "day", selected: false },
              ],
              keep_others: true,
            },
          },
          { id: "un", type: "union", config: { mode: "by_name" } },
          { id: "up", type: "union", config: { mode: "by_position" } },
          { id: "s1", type: "sample", config: { method: "random", n: 7, seed: 42 } },
          { id: "s2", type: "sample", config: { method: "percent", fraction: 0.3, seed: 7 } },
          { id: "s3", type: "sample", config: { method: "every_nth", n: 3 } },
          { id: "s4", type: "sample", config: { method: "last", n: 4 } },
          output("o1", "select", out),
          output("o2", "union-name", out),
          output("o3", "union-position", out),
          output("o4", "random", out),
          output("o5", "percent", out),
          output("o6", "nth", out),
          output("o7", "last", out),
        ],
        [
          "in -> fo",
          "fo -> ca",
          "ca -> se",
          "se -> o1",
          "in -> un",
          "c -> un",
          "c -> up",
          "c -> up",
          "un -> o2",
          "up -> o3",
          "in -> s1",
          "in -> s2",
          "in -> s3",
          "in -> s4",
          "s1 -> o4",
          "s2 -> o5",
          "s3 -> o6",
          "s4 -> o7",
        ],
      );
    await expectSame("columns", build, ["select", "union-name", "union-position", "random", "percent", "nth", "last"]);
  });

  runIf("outputs: each format and option as Weft writes it; if_exists fail keeps a file", async () => {
    const targets: [string, Record<string, unknown>][] = [
      ["semi.csv", { options: { delimiter: ";", include_header: false } }],
      ["tabs.tsv", {}],
      ["data.parquet", { options: { compression: "snappy" } }],
      ["data.arrow", { options: { compression: "lz4" } }],
      ["array.json", {}],
      ["data.avro", { options: { compression: "deflate" } }],
      ["kept.parquet", { if_exists: "fail" }],
    ];
    const build = (dir: string) =>
      workflow(
        "w-outputs",
        [
          { id: "in", type: "input", config: { source: join(files, "orders.csv"), options: { parse_dates: true } } },
          ...targets.map(([file, config], i) => ({
            id: `o${i}`,
            type: "output",
            config: { path: join(dir, file), ...config },
          })),
        ],
        targets.map((_, i) => `in -> o${i}`),
      );
    const weftDir = join(files, "outputs-weft");
    const pyDir = join(files, "outputs-py");
    mkdirSync(pyDir, { recursive: true });
    const run = await postWorkflow(t, "execute", { workflow: build(weftDir) });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const generated = await postWorkflow(t, "preview_code", { workflow: build(pyDir) });
    const script = join(pyDir, "workflow.py");
    writeFileSync(script, generated.body.code);
    const first = Bun.spawnSync([python as string, script], { cwd: pyDir, stderr: "pipe" });
    expect(first.exitCode, first.stderr.toString()).toBe(0);
    for (const text of ["semi.csv", "tabs.tsv"]) {
      expect(readFileSync(join(pyDir, text), "utf8")).toBe(readFileSync(join(weftDir, text), "utf8"));
    }
    expect(JSON.parse(readFileSync(join(pyDir, "array.json"), "utf8")).map(Object.entries)).toEqual(
      JSON.parse(readFileSync(join(weftDir, "array.json"), "utf8")).map(Object.entries),
    );
    const compare = [
      "import polars as pl, sys",
      "read = {'parquet': pl.read_parquet, 'arrow': pl.read_ipc, 'avro': pl.read_avro}[sys.argv[1].rsplit('.', 1)[1]]",
      "a, b = read(sys.argv[1]), read(sys.argv[2])",
      "sys.exit(0 if a.schema == b.schema and a.equals(b) and a.height == 40 else 1)",
    ].join("\n");
    for (const binary of ["data.parquet", "data.arrow", "data.avro"]) {
      const same = Bun.spawnSync([python as string, "-c", compare, join(pyDir, binary), join(weftDir, binary)]);
      expect({ binary, exit: same.exitCode }).toEqual({ binary, exit: 0 });
    }
    // A second run meets kept.parquet: if_exists "fail" stops it and leaves the file as it was.
    const before = readFileSync(join(pyDir, "kept.parquet"));
    const second = Bun.spawnSync([python as string, script], { cwd: pyDir, stderr: "pipe" });
    expect(second.exitCode).not.toBe(0);
    expect(second.stderr.toString()).toContain('exists and if_exists is "fail"');
    expect(readFileSync(join(pyDir, "kept.parquet")).equals(before)).toBe(true);
  });

  runIf(
    "inputs: CSV options (delimiter, skip_rows, no header, quoted empty text, Latin-1, all text), JSON array, lines and one object",
    async () => {
      writeFileSync(join(files, "odd.csv"), 'a title line\nname;note;n\n"";x;1\n;y;\n"a;b";"say ""hi""";3\n');
      writeFileSync(join(files, "noheader.csv"), "1,a\n2,b\n");
      // "café €5" in windows-1252: é is 0xE9, € is 0x80.
      writeFileSync(
        join(files, "latin1.csv"),
        Buffer.from([...Buffer.from("w,n\ncaf"), 0xe9, 0x20, 0x80, ...Buffer.from("5,1\n")]),
      );
      writeFileSync(join(files, "array.json"), '[{"a": 1, "b": "x"}, {"a": null, "b": "y", "c": true}]');
      writeFileSync(join(files, "lines.ndjson"), '{"a": 1, "b": "x"}\n{"a": 2.5, "b": null}\n');
      writeFileSync(join(files, "object.json"), '{\n  "a": 1,\n  "b": ["x", "y"]\n}\n');
      const inputs: [string, Record<string, unknown>][] = [
        ["odd", { source: join(files, "odd.csv"), options: { delimiter: ";", skip_rows: 1 } }],
        ["noheader", { source: join(files, "noheader.csv"), options: { has_header: false } }],
        ["latin1", { source: join(files, "latin1.csv"), options: { encoding: "latin1" } }],
        ["text", { source: join(files, "orders.csv"), options: { infer_schema_length: 0 } }],
        ["array", { source: join(files, "array.json") }],
        ["lines", { source: join(files, "lines.ndjson") }],
        ["object", { source: join(files, "object.json") }],
      ];
      const build: Build = (out) =>
        workflow(
          "w-inputs",
          [
            ...inputs.map(([id, config]) => ({ id, type: "input", config })),
            ...inputs.map(([id]) => output(`${id}-out`, id, out)),
          ],
          inputs.map(([id]) => `${id} -> ${id}-out`),
        );
      const results = await expectSame(
        "inputs",
        build,
        inputs.map(([id]) => id),
      );
      // The quoted empty field is text, the unquoted one null, in both.
      expect(results[0]?.weft.map((row) => row[0])).toEqual([
        ["name", ""],
        ["name", null],
        ["name", "a;b"],
      ]);
    },
  );
});
