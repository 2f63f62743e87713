import { describe, expect, test } from "bun:test";
import { pl, rowsOf } from "../../../tests/helpers/tool-harness";
import { ToolConfigError } from "../../shared/errors";
import { dtypeName } from "../dtype";
import { col, floatText, halfEven, input, lift, results, run, source, val } from "./formula-table.fixture";

describe("formula: the tool", () => {
  test("formulas apply in order, a later one using an earlier output; an existing name is replaced in place", () => {
    const out = run([
      { output: "total", function: "multiply", args: [col("x"), col("m")] },
      { output: "total", function: "round", args: [{ column: "total" }, val(1)] },
      { output: "s", function: "upper", args: [col("s")] },
      { output: "label", function: "concat", args: [val(":"), col("s"), { column: "total" }] },
    ]);
    expect(out.columns).toEqual([...input.columns, "total", "label"]);
    const expected = source.map((r) => {
      const total = r.x === null || r.m === null ? null : halfEven(r.x * r.m, 1);
      const s = r.s === null ? null : r.s.toUpperCase();
      const label = [s, total === null ? null : floatText(total)].filter((v) => v !== null).join(":");
      return { total, s, label };
    });
    expect(rowsOf(out.select("total", "s", "label"))).toEqual(expected);
    expect(rowsOf(out.select("id", "x"))).toEqual(source.map((r) => ({ id: r.id, x: r.x })));
  });

  test("no formulas pass the input through; an empty input gives an empty output with the new column", () => {
    expect(rowsOf(run([]))).toEqual(rowsOf(input));
    const out = run([{ output: "len", function: "length", args: [col("s")] }], input.head(0));
    expect(out.height).toBe(0);
    expect(out.columns).toContain("len");
  });

  test("unicode column names with quotes and backslashes reach the compiler intact", () => {
    const name = 'prix "TTC" \\ €';
    const frame = pl.DataFrame([pl.Series(name, [1.5, null, -2], pl.Float64)]);
    const out = run([{ output: "名前\n2", function: "multiply", args: [{ column: name }, val(2)] }], frame);
    expect(out.getColumn("名前\n2").toArray() as unknown[]).toEqual([3, null, -4]);
  });

  test("add_days keeps a date-time's unit, and a large day count does not overflow", () => {
    const at = [new Date(Date.UTC(2024, 1, 28, 23, 30, 0, 125)), null];
    const frame = pl.DataFrame([pl.Series("at", at, pl.Datetime("ms"))]);
    const out = run(
      [
        { output: "later", function: "add_days", args: [{ column: "at" }, val(1)] },
        { output: "much_later", function: "add_days", args: [{ column: "at" }, val(100_000)] },
      ],
      frame,
    );
    expect(dtypeName(out.getColumn("later").dtype)).toBe("Datetime(ms)");
    const day0 = Date.UTC(2024, 1, 28, 23, 30, 0, 125);
    expect(rowsOf(out.select("later", "much_later"))).toEqual([
      { later: new Date(day0 + 86_400_000), much_later: new Date(day0 + 100_000 * 86_400_000) },
      { later: null, much_later: null },
    ]);
  });

  test("an argument mistake is a ToolConfigError naming the formula and the argument", () => {
    expect(() => run([{ output: "o", function: "upper", args: [col("x")] }])).toThrow(
      'formula "o" (upper): argument "text" needs text, but column "x" is Float64',
    );
    // A later formula sees earlier outputs, and not columns that do not exist yet.
    expect(() =>
      run([
        { output: "a", function: "add", args: [{ column: "later" }, val(1)] },
        { output: "later", function: "add", args: [col("x"), val(1)] },
      ]),
    ).toThrow('argument "a" names unknown column "later"');
  });

  test("an exponent over the server's limit is refused by the compiler, as a ToolConfigError of the tool", () => {
    let error: unknown;
    try {
      run([{ output: "big", function: "power", args: [col("x"), val(101)] }], input, { maxExprPowerExponent: 100 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolConfigError);
    expect((error as ToolConfigError).message).toContain('formula "big" (power)');
    expect(results("power", col("x"), val(-2))).toEqual(source.map((r) => lift((a: number) => a ** -2)(r.x)));
  });

  test("an unknown function is refused by the config schema", () => {
    expect(() => run([{ output: "o", function: "eval", args: [] }])).toThrow(ToolConfigError);
  });
});
