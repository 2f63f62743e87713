import { type DtypeSpec, parseDtypeSpec } from "../tools/dtype-grammar";
import { pyStr } from "./python-text";

/** Python Polars source of a parsed dtype name. */
function pythonSource(spec: DtypeSpec): string {
  switch (spec.kind) {
    case "simple":
      return `pl.${spec.name}`;
    case "Datetime":
      return spec.timeZone
        ? `pl.Datetime(${pyStr(spec.unit)}, ${pyStr(spec.timeZone)})`
        : `pl.Datetime(${pyStr(spec.unit)})`;
    case "Duration":
      return `pl.Duration(${pyStr(spec.unit)})`;
    case "Decimal":
      return `pl.Decimal(${spec.precision}, ${spec.scale})`;
    case "List":
      return `pl.List(${pythonSource(spec.inner)})`;
    case "Array":
      return `pl.Array(${pythonSource(spec.inner)}, ${spec.size})`;
    case "Struct":
      return `pl.Struct({${spec.fields.map((field) => `${pyStr(field.name)}: ${pythonSource(field.type)}`).join(", ")}})`;
  }
}

/**
 * A dtype name a user typed (Select's `dtype`) as Python Polars source, by the grammar the
 * engine casts with (tools/dtype-grammar.ts): `pl.Int64`, `pl.Datetime("ms", "UTC")`,
 * `pl.List(pl.String)`. A ValidationError listing the accepted names otherwise.
 */
export function pythonDtype(name: string): string {
  return pythonSource(parseDtypeSpec(name));
}
