import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ToolConfigError } from "../../shared/errors";
import { FORMULA_FUNCTIONS } from "../../tools/formula/catalog";
import { input, run } from "../../tools/formula/formula-table.fixture";
import type { ParamSpec } from "../../tools/formula/function-spec";
import type { FormulaConfig } from "../../tools/formula/schema";
import type { CodegenContext } from "../types";
import { formulaCodegen } from "./formula";

const ctx = (toolId = "fo"): CodegenContext => ({
  toolId,
  title: `Formula ${toolId}`,
  outputs: { output: "out" },
  helper: (h) => h.name,
  importModule: () => {},
  local: (base) => base,
  expression: (source) => source,
  write: () => {},
  requires: () => {},
});

const generate = (formulas: unknown[]) =>
  formulaCodegen({ formulas } as FormulaConfig, { input: ["frame"] }, ctx()).join("\n");

/** Columns of the test table for each parameter type (a second argument takes the next), and literals. */
const COLUMNS: Record<ParamSpec["type"], string[]> = {
  number: ["x", "m", "n"],
  integer: ["n", "m"],
  string: ["s", "t"],
  boolean: ["p", "q"],
  date: ["d", "d2"],
  datetime: ["ts"],
  temporal: ["d", "d2", "ts"],
  any: ["x", "n"],
};
function argumentFor(param: ParamSpec, nth: number): unknown {
  const columns = COLUMNS[param.type];
  if (param.kind !== "value") return { column: columns[nth % columns.length] };
  if (param.default !== undefined) return { value: param.default };
  if (param.text === "char") return { value: "*" };
  if (param.type === "string") return { value: "a" };
  if (param.type === "boolean") return { value: true };
  return { value: Math.max(2, param.min ?? 0) };
}
function argumentsFor(params: readonly ParamSpec[]): unknown[] {
  const used: Partial<Record<string, number>> = {};
  const next = (p: ParamSpec) => {
    const nth = used[p.type] ?? 0;
    used[p.type] = nth + 1;
    return argumentFor(p, nth);
  };
  return params.flatMap((p) =>
    p.repeat ? Array.from({ length: Math.max(2, p.repeat.min) }, () => next(p)) : [next(p)],
  );
}

/** Functions whose interesting inputs are not the first columns of their parameter types. */
const EXTRA_CASES: [string, unknown[]][] = [
  ["add_days", [{ column: "ts" }, { value: -40 }]],
  ["add_days", [{ column: "d" }, { column: "m" }]],
  ["days_between", [{ column: "ts" }, { column: "d2" }]],
  ["to_number", [{ column: "num" }]],
  ["to_integer", [{ column: "num" }]],
  ["to_date", [{ column: "dtext" }]],
  ["to_date", [{ column: "dtext" }, { value: "%d/%m/%Y" }]],
  ["format_date", [{ column: "ts" }, { value: "%Y-%m-%dT%H:%M:%S" }]],
];

describe("Formula's Python", () => {
  test("applies the formulas in order, each in its own with_columns, with Weft's rendering", () => {
    const code = generate([
      { output: "total", function: "multiply", args: [{ column: "price" }, { column: "qty" }] },
      { output: "total", function: "round", args: [{ column: "total" }, { value: 1 }] },
    ]);
    expect(code).toBe(
      [
        "out = (",
        "    frame",
        '    .with_columns((pl.col("price") * pl.col("qty")).alias("total"))',
        '    .with_columns((pl.col("total").round(1)).alias("total"))',
        ")",
      ].join("\n"),
    );
  });

  test("add_days uses pl.duration, which keeps a Date a Date and a Datetime's unit and zone", () => {
    expect(generate([{ output: "due", function: "add_days", args: [{ column: "day" }, { column: "n" }] }])).toContain(
      '.with_columns((pl.col("day") + pl.duration(days=pl.col("n"))).alias("due"))',
    );
  });

  test("names and text are escaped: quotes, backslashes, line breaks", () => {
    const code = generate([
      { output: 'a"b\\c\nd', function: "concat", args: [{ value: "" }, { column: "x'y" }, { value: '"""\n' }] },
    ]);
    expect(code).toContain(`pl.col("x'y")`);
    // A text with " and no ' is single-quoted, as Python's repr does.
    expect(code).toContain(".alias('a\"b\\\\c\\nd')");
    expect(code).toContain('pl.lit(\'"""\\n\')');
    expect(code.split("\n")).toHaveLength(4);
  });

  test("refuses what the tool refuses without looking at the data, with its messages", () => {
    const refused = (formulas: unknown[]) => () => generate(formulas);
    expect(refused([{ output: "o", function: "add", args: [{ column: "x" }] }])).toThrow(
      'Tool "fo" (formula), formula "o" (add): takes 2 arguments (a, b), got 1',
    );
    expect(refused([{ output: "o", function: "left", args: [{ column: "s" }, { column: "n" }] }])).toThrow(
      'argument "n" must be a value, not a column',
    );
    expect(refused([{ output: "o", function: "left", args: [{ column: "s" }, { value: -1 }] }])).toThrow(
      "must be at least 0, got -1",
    );
    expect(refused([{ output: "o", function: "add", args: [{ value: null }, { column: "x" }] }])).toThrow(
      ToolConfigError,
    );
  });

  test("an empty list passes the input through", () => {
    expect(generate([])).toBe("out = frame");
  });
});

function findPython(): string | undefined {
  for (const candidate of [process.env.WEFT_TEST_PYTHON, "python3"]) {
    if (!candidate) continue;
    if (Bun.spawnSync([candidate, "-c", "import polars"], { stdout: "ignore", stderr: "ignore" }).exitCode === 0) {
      return candidate;
    }
  }
  return undefined;
}
const python = findPython();

describe.skipIf(!python)("every catalogue function, in Python Polars, gives Weft's result", () => {
  test("over the test table (nulls, unicode, leap days, dates before 1970)", () => {
    const dir = mkdtempSync(join(tmpdir(), "weft-formula-py-"));
    try {
      input.writeParquet(join(dir, "input.parquet"));
      const compared: string[] = [];
      const lines = ["import polars as pl", `frame = pl.scan_parquet(${JSON.stringify(join(dir, "input.parquet"))})`];
      const cases: [string, unknown[]][] = [
        ...FORMULA_FUNCTIONS.map((fn): [string, unknown[]] => [fn.name, argumentsFor(fn.params)]),
        ...EXTRA_CASES,
      ];
      for (const [index, [name, args]] of cases.entries()) {
        const formulas = [{ output: "out", function: name, args }];
        const fn = { name: `${name}_${index}` };
        let weft: ReturnType<typeof run>;
        try {
          weft = run(formulas);
        } catch {
          continue; // these arguments do not fit this function (a family rule): other tests cover it
        }
        weft.select("out").writeJSON(join(dir, `${fn.name}.weft.jsonl`), { format: "lines" });
        const code = generate(formulas).replace(/^out = /, "result = ");
        lines.push(
          code,
          `result.select("out").collect().write_ndjson(${JSON.stringify(join(dir, `${fn.name}.py.jsonl`))})`,
        );
        compared.push(fn.name);
        if (process.env.WEFT_TEST_VERBOSE) console.log(fn.name, code);
      }
      writeFileSync(join(dir, "run.py"), lines.join("\n"));
      const ran = Bun.spawnSync([python as string, join(dir, "run.py")], { stderr: "pipe" });
      expect(ran.exitCode, ran.stderr.toString()).toBe(0);
      const differ = compared.filter((name) => {
        const read = (side: string) =>
          readFileSync(join(dir, `${name}.${side}.jsonl`), "utf8")
            .trim()
            .split("\n")
            .map((l) => JSON.parse(l));
        return !Bun.deepEquals(read("py"), read("weft"));
      });
      expect(differ).toEqual([]);
      expect(compared.length).toBeGreaterThan(FORMULA_FUNCTIONS.length * 0.8);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
