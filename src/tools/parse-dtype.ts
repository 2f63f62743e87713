import pl, { type DataType } from "nodejs-polars";
import { type DtypeSpec, parseDtypeSpec, type SimpleDtype } from "./dtype-grammar";

export { ACCEPTED_DTYPE_NAMES } from "./dtype-grammar";

const SIMPLE: Readonly<Record<SimpleDtype, () => DataType>> = {
  Int8: () => pl.Int8,
  Int16: () => pl.Int16,
  Int32: () => pl.Int32,
  Int64: () => pl.Int64,
  UInt8: () => pl.UInt8,
  UInt16: () => pl.UInt16,
  UInt32: () => pl.UInt32,
  UInt64: () => pl.UInt64,
  Float32: () => pl.Float32,
  Float64: () => pl.Float64,
  Boolean: () => pl.Bool,
  String: () => pl.String,
  Date: () => pl.Date,
  Time: () => pl.Time,
  Categorical: () => pl.Categorical,
};

/** The nodejs-polars type of a parsed dtype name. */
function polarsType(spec: DtypeSpec): DataType {
  switch (spec.kind) {
    case "simple":
      return SIMPLE[spec.name]();
    case "Datetime":
      return pl.Datetime(spec.unit, spec.timeZone);
    case "Duration":
      return pl.Duration(spec.unit);
    case "Decimal":
      return pl.Decimal(spec.precision, spec.scale);
    case "List":
      return pl.List(polarsType(spec.inner));
    case "Array":
      return pl.FixedSizeList(polarsType(spec.inner), spec.size);
    case "Struct":
      return pl.Struct(spec.fields.map((field) => pl.Field.from(field.name, polarsType(field.type))));
  }
}

/**
 * The type a user names in a cast (the grammar of dtype-grammar.ts). Names are the inverse
 * of dtypeName; unknown names throw a ValidationError that lists the accepted ones.
 */
export function parseDtype(name: string): DataType {
  return polarsType(parseDtypeSpec(name));
}
