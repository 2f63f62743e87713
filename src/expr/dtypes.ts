import pl, { type DataType } from "nodejs-polars";
import type { DtypeName } from "./dtype-names";
import { type Param, param } from "./params";

/**
 * The data types an expression may name, `pl.Int64` or called `pl.Datetime("ms", "UTC")`,
 * with their Python parameters. `Object`, `Struct`, `Array`, `Enum` and `Binary` are not
 * accepted (nodejs-polars cannot build or collect some of them, and Struct needs a dict).
 */
export interface DtypeEntry {
  readonly params: readonly Param[];
  readonly build: (args: DtypeArgs) => DataType;
}

/** The literal or dtype arguments of a dtype call. */
export interface DtypeArgs {
  optStr(name: string): string | undefined;
  optInt(name: string): number | undefined;
  dtype(name: string): DataType;
  fail(name: string, message: string): never;
}

const TIME_UNITS = ["ms", "us", "ns"] as const;
type TimeUnit = (typeof TIME_UNITS)[number];

const simple = (make: () => DataType): DtypeEntry => ({ params: [], build: make });

/** Each name of dtype-names.ts, built: the `satisfies` keeps the two lists the same. */
export const DTYPES: Readonly<Record<string, DtypeEntry>> = {
  Int8: simple(() => pl.Int8),
  Int16: simple(() => pl.Int16),
  Int32: simple(() => pl.Int32),
  Int64: simple(() => pl.Int64),
  UInt8: simple(() => pl.UInt8),
  UInt16: simple(() => pl.UInt16),
  UInt32: simple(() => pl.UInt32),
  UInt64: simple(() => pl.UInt64),
  Float32: simple(() => pl.Float32),
  Float64: simple(() => pl.Float64),
  String: simple(() => pl.String),
  Utf8: simple(() => pl.String),
  Boolean: simple(() => pl.Bool),
  Date: simple(() => pl.Date),
  Time: simple(() => pl.Time),
  Null: simple(() => pl.Null),
  Categorical: simple(() => pl.Categorical),
  Datetime: {
    params: [param.str("time_unit", { default: "us", choices: TIME_UNITS }), param.str("time_zone", { default: null })],
    build: (a) => {
      const unit = (a.optStr("time_unit") ?? "us") as TimeUnit;
      const zone = a.optStr("time_zone");
      if (!zone) return pl.Datetime(unit);
      const dtype = pl.Datetime(unit, zone);
      try {
        // nodejs-polars checks a zone only when the type is used (and then throws a plain Error):
        // a cast of null tries it once here, so an unknown zone is refused as the user's argument.
        pl.lit(null).cast(dtype);
        return dtype;
      } catch (error) {
        const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
        return a.fail("time_zone", `is not a known time zone: ${reason}`);
      }
    },
  },
  Duration: {
    params: [param.str("time_unit", { default: "us", choices: TIME_UNITS })],
    build: (a) => pl.Duration((a.optStr("time_unit") ?? "us") as TimeUnit),
  },
  Decimal: {
    params: [
      param.int("precision", { default: null, min: 1, max: 38 }),
      param.int("scale", { default: 0, min: 0, max: 38 }),
    ],
    build: (a) => pl.Decimal(a.optInt("precision") ?? 38, a.optInt("scale") ?? 0),
  },
  List: {
    params: [param.dtype("inner")],
    build: (a) => pl.List(a.dtype("inner")),
  },
} satisfies Record<DtypeName, DtypeEntry>;

/** Dtype names refused by name, with the reason. */
export const REFUSED_DTYPES: Readonly<Record<string, string>> = {
  Object: "arbitrary Python objects are not allowed",
  Struct: "struct types are not supported in expressions",
  Array: "fixed-size array types are not supported in expressions",
  Enum: "enum types are not supported in expressions",
  Binary: "binary types are not supported in expressions",
};

/** The dtype named `name`, if any. */
export function dtypeEntry(name: string): DtypeEntry | undefined {
  return Object.hasOwn(DTYPES, name) ? DTYPES[name] : undefined;
}

/** True when a dtype named `name` may be written without a call (`pl.List` needs its inner type). */
export function dtypeNeedsCall(name: string): boolean {
  return (DTYPES[name]?.params ?? []).some((p) => !("default" in p));
}
