import pl, { DataType } from "nodejs-polars";
import { displayedDtype, readDtype } from "../formats/series-dtype";

/**
 * Polars data types by the names Python Polars prints (`Int64`, `Datetime(us, UTC)`,
 * `List(String)`), the parser for the names a user types in a cast, and `seriesDtype`, the
 * faithful type of a column. nodejs-polars 0.26.1 needs help for the last one: reading `dtype`
 * throws for Binary, Enum, Int128, UInt128 and Float16 columns (also nested in a List or a
 * Struct), and reports every Duration as `Duration(ms)` whatever its unit.
 */

/** A Polars type that nodejs-polars has no class for; `variant` holds its Python name. */
export class OpaqueDtype extends DataType {
  readonly variant: DataType["variant"];
  constructor(readonly polarsName: string) {
    super();
    // The base class types `variant` as its own closed list of names; ours are outside it.
    this.variant = polarsName as DataType["variant"];
  }
}

/** The numeric dtypes with a JS class in nodejs-polars, by `variant`. */
export const NUMERIC_VARIANTS: ReadonlySet<string> = new Set([
  "Int8",
  "Int16",
  "Int32",
  "Int64",
  "UInt8",
  "UInt16",
  "UInt32",
  "UInt64",
  "Float32",
  "Float64",
  "Decimal",
]);

import { TIME_UNITS, type TimeUnit } from "./dtype-grammar";

export { TIME_UNITS, type TimeUnit };

/** The unit and time zone of a Datetime (time zone null when naive; nodejs-polars says ""). */
export function datetimeParts(dt: DataType): { unit: TimeUnit; timeZone: string | null } {
  const [unit, zone] = (dt as DataType.Datetime).inner;
  return { unit: (unit ?? "us") as TimeUnit, timeZone: zone ? zone : null };
}

function durationUnit(dt: DataType): TimeUnit {
  return ((dt as DataType.Duration).inner[0] ?? "us") as TimeUnit;
}

/** The Python Polars name of a type, e.g. `Datetime(ms, UTC)`, `Struct({'x': Int8})`. */
export function dtypeName(dt: DataType): string {
  const variant: string = dt.variant;
  switch (variant) {
    case "Bool":
      return "Boolean";
    case "Utf8":
    case "String":
      return "String";
    case "Datetime": {
      const { unit, timeZone } = datetimeParts(dt);
      return timeZone ? `Datetime(${unit}, ${timeZone})` : `Datetime(${unit})`;
    }
    case "Duration":
      return `Duration(${durationUnit(dt)})`;
    case "Decimal": {
      const [precision, scale] = (dt as DataType.Decimal).inner;
      return precision == null && scale == null ? "Decimal" : `Decimal(${precision ?? 38}, ${scale ?? 0})`;
    }
    case "List":
      return `List(${dtypeName((dt as DataType.List).inner[0] as DataType)})`;
    case "FixedSizeList": {
      const [inner, size] = (dt as DataType.FixedSizeList).inner;
      return `Array(${dtypeName(inner)}, ${size})`;
    }
    case "Struct": {
      const fields = (dt as DataType.Struct).inner.map((f) => `${quote(f.name)}: ${dtypeName(f.dtype)}`);
      return `Struct({${fields.join(", ")}})`;
    }
    default:
      return variant;
  }
}

function quote(name: string): string {
  return `'${name.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/** The message nodejs-polars gives when a Rust dtype has no JS DataType. */

/** Polars' display names (as in `Series: 'x' [i128]`) of the types without a JS class. */
const OPAQUE_DISPLAY: Record<string, string> = {
  binary: "Binary",
  enum: "Enum",
  i128: "Int128",
  u128: "UInt128",
  f16: "Float16",
  object: "Object",
};

function hasDuration(dt: DataType): boolean {
  switch (dt.variant) {
    case "Duration":
      return true;
    case "List":
    case "FixedSizeList":
      return hasDuration((dt as DataType.List).inner[0] as DataType);
    case "Struct":
      return (dt as DataType.Struct).inner.some((f) => hasDuration(f.dtype));
    default:
      return false;
  }
}

/**
 * The faithful type of a column: `s.dtype` when nodejs-polars can tell it, else rebuilt by
 * walking the column (list items, struct fields) with OpaqueDtype for the types without a JS
 * class, and Duration units read from the column itself.
 */
export function seriesDtype(s: pl.Series): DataType {
  const dt = readDtype(s);
  if (dt && !hasDuration(dt)) return dt;
  const variant: string = dt?.variant ?? displayVariant(s);
  const empty = s.head(0);
  switch (variant) {
    case "Duration":
      return pl.Duration(empty.inner().timeUnit() as TimeUnit);
    case "List":
      return pl.List(seriesDtype(empty.explode()));
    case "FixedSizeList":
      return pl.FixedSizeList(seriesDtype(empty.explode()), arraySize(s, dt));
    case "Struct": {
      const fields = empty.struct.fields.map((name) => pl.Field.from(name, seriesDtype(empty.struct.field(name))));
      return pl.Struct(fields);
    }
    default: {
      if (dt) return dt;
      const shown = displayedDtype(s);
      return new OpaqueDtype(OPAQUE_DISPLAY[shown] ?? shown);
    }
  }
}

function displayVariant(s: pl.Series): string {
  const shown = displayedDtype(s);
  if (shown.startsWith("list[")) return "List";
  if (shown.startsWith("array[")) return "FixedSizeList";
  if (shown.startsWith("struct[")) return "Struct";
  return shown;
}

function arraySize(s: pl.Series, dt: DataType | null): number {
  if (dt) return (dt as DataType.FixedSizeList).inner[1];
  // `array[binary, 3]`, or `array[binary, (2, 3)]` for nested arrays (outer size first).
  const match = /, \(?(\d+)[,)\]]/.exec(displayedDtype(s));
  return Number(match?.[1] ?? 0);
}

// ---- parsing the names users type ----
