import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { type ColumnType, dataTypeOf, typeName } from "./column-types";

/**
 * How the writer corrects the schema Polars writes for one value: Polars writes every
 * timestamp as local-timestamp-* and has no nanosecond or time-of-day encoding, so those
 * columns are written as longs or naive timestamps and their logical type is set here.
 */
export type SchemaFix =
  | { kind: "keep" }
  | { kind: "logical"; logicalType: string }
  | { kind: "list"; items: SchemaFix }
  | { kind: "struct"; fields: SchemaFix[] };

/** What a column needs before Polars' Avro writer takes it: an expression (none when it is fine as is) and a fix. */
export interface Conversion {
  expr: pl.Expr | undefined;
  fix: SchemaFix;
}

const KEEP: Conversion = { expr: undefined, fix: { kind: "keep" } };

/**
 * The conversion of a value of `type` held by `expr` (a column, a struct field or a list
 * element). Types Avro has no place for (Duration, Object) are refused naming the column.
 */
export function conversionFor(type: ColumnType, expr: pl.Expr, refuse: (what: string) => never): Conversion {
  if ("inner" in type) return listConversion(type, expr, refuse);
  if ("fields" in type) return structConversion(type.fields, expr, refuse);
  if ("unit" in type) {
    const zoned = type.timeZone !== null;
    if (type.unit === "ns") {
      const logicalType = zoned ? "timestamp-nanos" : "local-timestamp-nanos";
      return { expr: expr.cast(pl.Int64), fix: { kind: "logical", logicalType } };
    }
    // Polars writes only naive timestamps: the instant is kept, the zone becomes UTC.
    if (!zoned) return KEEP;
    const logicalType = type.unit === "ms" ? "timestamp-millis" : "timestamp-micros";
    return { expr: expr.cast(pl.Datetime(type.unit as "ms")), fix: { kind: "logical", logicalType } };
  }
  switch (type.variant) {
    case "Int8":
    case "Int16":
    case "UInt8":
    case "UInt16":
      return { expr: expr.cast(pl.Int32), fix: { kind: "keep" } };
    case "UInt32":
      return { expr: expr.cast(pl.Int64), fix: { kind: "keep" } };
    case "UInt64":
    case "Int128":
    case "UInt128":
      // Strict: a value past Int64's range fails the write instead of becoming null.
      return { expr: expr.cast(pl.Int64, true), fix: { kind: "keep" } };
    case "Float16":
      return { expr: expr.cast(pl.Float32), fix: { kind: "keep" } };
    case "Categorical":
    case "Enum":
    case "Null":
      return { expr: expr.cast(pl.Utf8), fix: { kind: "keep" } };
    case "Time": {
      // Polars' Time counts nanoseconds; Avro's finest time of day is time-micros.
      const micros = expr.cast(pl.Int64).div(1000).floor().cast(pl.Int64);
      return { expr: micros, fix: { kind: "logical", logicalType: "time-micros" } };
    }
    case "Duration":
    case "Object":
      return refuse(type.variant);
    default:
      return KEEP;
  }
}

function listConversion(
  type: Extract<ColumnType, { inner: ColumnType }>,
  expr: pl.Expr,
  refuse: (what: string) => never,
): Conversion {
  const items = conversionFor(type.inner, pl.element(), refuse);
  let list = expr;
  if (type.variant === "FixedSizeList") {
    // Polars' Avro writer has no fixed-size lists; a plain list holds the same values.
    const inner = dataTypeOf(type.inner);
    if (!inner) return refuse(typeName(type));
    list = expr.cast(pl.List(inner));
  }
  const converted = items.expr ? list.lst.eval(items.expr) : list;
  const changed = converted !== expr;
  return { expr: changed ? converted : undefined, fix: { kind: "list", items: items.fix } };
}

function structConversion(
  fields: { name: string; type: ColumnType }[],
  expr: pl.Expr,
  refuse: (what: string) => never,
): Conversion {
  const conversions = fields.map((f) => conversionFor(f.type, expr.struct.field(f.name), refuse));
  const fix: SchemaFix = { kind: "struct", fields: conversions.map((c) => c.fix) };
  if (conversions.every((c) => c.expr === undefined)) return { expr: undefined, fix };
  const rebuilt = pl.struct(fields.map((f, i) => (conversions[i]?.expr ?? expr.struct.field(f.name)).alias(f.name)));
  // A null struct stays null rather than becoming a struct of nulls.
  return { expr: pl.when(expr.isNull()).then(pl.lit(null)).otherwise(rebuilt), fix };
}

/** Applies a fix to the schema Polars wrote for one value (["null", T] or T). */
export function applyFix(schema: unknown, fix: SchemaFix): unknown {
  if (fix.kind === "keep") return schema;
  if (Array.isArray(schema)) return schema.map((branch) => (branch === "null" ? branch : applyFix(branch, fix)));
  const node = (typeof schema === "string" ? { type: schema } : schema) as Record<string, unknown>;
  switch (fix.kind) {
    case "logical":
      return { type: "long", logicalType: fix.logicalType };
    case "list":
      return { ...node, items: applyFix(node.items, fix.items) };
    case "struct": {
      const fields = node.fields as { name: string; type: unknown }[];
      return {
        ...node,
        fields: fields.map((f, i) => ({ ...f, type: applyFix(f.type, fix.fields[i] ?? { kind: "keep" }) })),
      };
    }
  }
}

/** The refusal for a column whose type Avro cannot hold. */
export function refusal(path: string, column: string): (what: string) => never {
  return (what) => {
    throw new DataSourceError(
      `Cannot write ${path}: column "${column}" holds ${what}, which Avro cannot store; cast it first (for example to Int64 or String)`,
    );
  };
}
