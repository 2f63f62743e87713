import { afterEach, describe, expect, test } from "bun:test";
import pl from "nodejs-polars";
import { floorDiv, negate, trueDiv, xor } from "./operators";

// The operators with Python's meaning, also where the native methods they prefer are missing
// (a later nodejs-polars may drop or rename them): the fallbacks must give the same values.

const ints = [7, -7, 6, null, 0];
const divisors = [2, 2, -4, 1, 3];
const FRAME = pl.DataFrame([
  pl.Series("a", ints, pl.Int64),
  pl.Series("b", divisors, pl.Int64),
  pl.Series("p", [true, false, null, true, false], pl.Bool),
  pl.Series("q", [true, true, true, false, false], pl.Bool),
]);

const column = (expr: pl.Expr) => FRAME.lazy().select(expr.alias("x")).collectSync().getColumn("x");
const nativePrototype = Object.getPrototypeOf((pl.col("x") as unknown as { _expr: object })._expr) as Record<
  string,
  unknown
>;
const saved = { truediv: nativePrototype.truediv, xor: nativePrototype.xor };

afterEach(() => {
  Object.assign(nativePrototype, saved);
});

const pyFloorDiv = (a: number, b: number) => Math.floor(a / b);
const xor3 = (a: boolean | null, b: boolean | null) => (a === null || b === null ? null : a !== b);
const intXor = ints.map((a, i) => (a === null ? null : a ^ (divisors[i] as number)));

for (const native of [true, false]) {
  describe(native ? "with the native methods" : "with the fallbacks", () => {
    const setUp = () => {
      if (!native) {
        delete nativePrototype.truediv;
        delete nativePrototype.xor;
      }
    };

    test("a / b is a float even for integers", () => {
      setUp();
      const out = column(trueDiv(pl.col("a"), pl.col("b")));
      expect(String(out.dtype)).toContain("Float64");
      expect(out.toArray() as unknown[]).toEqual(ints.map((a, i) => (a === null ? null : a / (divisors[i] as number))));
    });

    test("^ is exclusive or, Kleene on booleans and bitwise on integers", () => {
      setUp();
      const p = [true, false, null, true, false];
      const q = [true, true, true, false, false];
      expect(column(xor(pl.col("p"), pl.col("q"))).toArray() as unknown[]).toEqual(
        p.map((a, i) => xor3(a, q[i] as boolean)),
      );
      expect(column(xor(pl.col("a"), pl.col("b"))).toArray() as unknown[]).toEqual(intXor);
    });
  });
}

describe("floor division and negation", () => {
  test("a // b floors toward negative infinity and keeps integers integer", () => {
    const out = column(floorDiv(pl.col("a"), pl.col("b")));
    expect(String(out.dtype)).toContain("Int64");
    expect(out.toArray() as unknown[]).toEqual(
      ints.map((a, i) => (a === null ? null : pyFloorDiv(a, divisors[i] as number))),
    );
    const floats = column(floorDiv(pl.col("a").cast(pl.Float64), pl.lit(2)));
    expect(floats.toArray() as unknown[]).toEqual(ints.map((a) => (a === null ? null : pyFloorDiv(a, 2))));
  });

  test("-a keeps the integer type", () => {
    const out = column(negate(pl.col("a")));
    expect(String(out.dtype)).toContain("Int64");
    expect(out.toArray() as unknown[]).toEqual(ints.map((a) => (a === null ? null : a === 0 ? 0 : -a)));
  });
});
