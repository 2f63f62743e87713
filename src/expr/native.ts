import pl from "nodejs-polars";
import { _Expr } from "nodejs-polars/bin/lazy/expr";

/**
 * A few Python Polars semantics exist in the native (Rust) expression object of
 * nodejs-polars 0.26.1 but not in its JS layer: true division (`/` on integers floors in JS),
 * `xor`, strict string-to-date parsing, `replace` with expression arguments, duration totals.
 * These helpers call the native method by name; the catalogue lists each one as
 * `native.<name>` so that a version without it drops the entry instead of failing at run time.
 */

type NativeExpr = Record<string, unknown>;

function nativeOf(expr: pl.Expr): NativeExpr {
  return (expr as unknown as { _expr: NativeExpr })._expr;
}

/** True when the installed nodejs-polars has the native expression method. */
export function hasNative(name: string): boolean {
  return typeof nativeOf(pl.col("x"))[name] === "function";
}

/** `expr.<name>(...args)` on the native object; Expr arguments are passed as native objects. */
export function callNative(expr: pl.Expr, name: string, ...args: unknown[]): pl.Expr {
  const target = nativeOf(expr);
  const method = target[name];
  if (typeof method !== "function") throw new Error(`nodejs-polars has no native expression method ${name}`);
  const plain = args.map((arg) => (pl.Expr.isExpr(arg) ? nativeOf(arg) : arg));
  return _Expr(method.apply(target, plain));
}
