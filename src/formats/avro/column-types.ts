import pl, { type DataType } from "nodejs-polars";
import { displayedDtype, readDtype } from "../series-dtype";

/**
 * A column's type, as far as the Avro writer needs it. nodejs-polars 0.26.1 throws when
 * asked for the type of a column that is (or holds) Binary, Enum, Float16 or a 128-bit
 * integer, so those types are read from Polars' display of the empty column instead.
 * (src/tools/dtype.ts does the same for the tools; formats/ cannot import tools/.)
 */
export type ColumnType =
  | { variant: "List" | "FixedSizeList"; inner: ColumnType }
  | { variant: "Struct"; fields: { name: string; type: ColumnType }[] }
  | { variant: "Datetime"; unit: string; timeZone: string | null }
  | { variant: string; dtype?: DataType };

/** The message nodejs-polars gives when a Rust dtype has no JS DataType. */

/** Polars' display names of the types without a JS class. */
const DISPLAY_NAMES: Record<string, string> = {
  binary: "Binary",
  enum: "Enum",
  i128: "Int128",
  u128: "UInt128",
  f16: "Float16",
  object: "Object",
};

/** The type of a column (an empty series is enough). */
export function columnType(series: pl.Series): ColumnType {
  const dtype = readDtype(series);
  if (dtype) return fromDtype(dtype);
  const empty = series.head(0);
  const shown = displayedDtype(empty);
  if (shown.startsWith("list[")) return { variant: "List", inner: columnType(empty.explode()) };
  if (shown.startsWith("array[")) return { variant: "FixedSizeList", inner: columnType(empty.explode()) };
  if (shown.startsWith("struct[")) {
    const fields = empty.struct.fields.map((name) => ({ name, type: columnType(empty.struct.field(name)) }));
    return { variant: "Struct", fields };
  }
  return { variant: DISPLAY_NAMES[shown] ?? shown };
}

function fromDtype(dtype: DataType): ColumnType {
  switch (dtype.variant) {
    case "List":
    case "FixedSizeList":
      return { variant: dtype.variant, inner: fromDtype((dtype as DataType.List).inner[0] as DataType) };
    case "Struct":
      return {
        variant: "Struct",
        fields: (dtype as DataType.Struct).inner.map((f) => ({ name: f.name, type: fromDtype(f.dtype) })),
      };
    case "Datetime": {
      const [unit, zone] = (dtype as DataType.Datetime).inner;
      return { variant: "Datetime", unit: unit ?? "us", timeZone: zone ? zone : null };
    }
    default:
      return { variant: dtype.variant, dtype };
  }
}

/** A readable name of a column type for messages (`List(Duration)`). */
export function typeName(type: ColumnType): string {
  if ("inner" in type) return `${type.variant}(${typeName(type.inner)})`;
  if ("fields" in type) return `Struct(${type.fields.map((f) => `${f.name}: ${typeName(f.type)}`).join(", ")})`;
  if ("unit" in type) return `Datetime(${type.unit}${type.timeZone ? `, ${type.timeZone}` : ""})`;
  return type.variant;
}

/** The nodejs-polars DataType of a column type, when it has one (Binary, Enum... have none). */
export function dataTypeOf(type: ColumnType): DataType | undefined {
  if ("inner" in type) {
    const inner = dataTypeOf(type.inner);
    return inner && type.variant === "List" ? pl.List(inner) : undefined;
  }
  if ("fields" in type) {
    const fields = type.fields.map((f) => ({ name: f.name, dtype: dataTypeOf(f.type) }));
    if (!fields.every((f) => f.dtype)) return undefined;
    return pl.Struct(fields.map((f) => pl.Field.from(f.name, f.dtype as DataType)));
  }
  if ("unit" in type) return pl.Datetime(type.unit as "ms", type.timeZone ?? undefined);
  return type.dtype;
}
