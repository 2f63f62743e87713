import pl, { type DataType } from "nodejs-polars";
import { ValueBuilder } from "./column-builders";
import { NumericByValuesBuilder, numericDigits, pgNumericType } from "./pg-numeric";
import { decimalOf, PG_OID, type PgColumnPlan, PgValueError } from "./pg-oids";
import {
  ArrayShapeError,
  arrayElements,
  DATE_INFINITY,
  DATE_MINUS_INFINITY,
  numericText,
  PG_EPOCH_DAYS,
  timestampFrom2000,
  uuidText,
} from "./pg-values";

/**
 * An array of a native element type as a List. Elements travel as JS values of a type
 * nodejs-polars builds (numbers, text) and the list is cast to its final inner type.
 */
export function listPlan(element: number, typmod: number): PgColumnPlan {
  if (element === PG_OID.numeric && pgNumericType(typmod) === "values") return numericListByValues();
  const { jsType, via, finalType, read } = listElement(element, typmod);
  return {
    cast: "",
    make(name) {
      const casts = finalType ? [...(via ? [pl.List(via)] : []), pl.List(finalType)] : undefined;
      const builder = new ValueBuilder<unknown[]>(name, pl.List(jsType), casts);
      return {
        builder,
        read: (bytes, view, at) => {
          try {
            builder.push(arrayElements(view, at, (pos, length) => read(bytes, view, pos, length)));
          } catch (error) {
            throw shapeError(error);
          }
        },
      };
    },
  };
}

function shapeError(error: unknown): unknown {
  if (error instanceof ArrayShapeError) {
    return new PgValueError(`is ${error.message}; only one-dimensional arrays become lists`);
  }
  return error;
}

/** numeric[] without a typmod: a List of the Decimal(38, s) its elements decide, or of their text (pg-numeric.ts). */
function numericListByValues(): PgColumnPlan {
  return {
    cast: "",
    make(name) {
      const builder = new NumericByValuesBuilder<(string | null)[]>(name, true);
      return {
        builder,
        read: (_bytes, view, at) => {
          try {
            builder.push(arrayElements(view, at, (pos) => builder.note(numericText(view, pos))));
          } catch (error) {
            throw shapeError(error);
          }
        },
      };
    },
  };
}

interface ListElement {
  /** The type nodejs-polars builds the elements as, then `via` (when given), then `finalType`. */
  jsType: DataType;
  via?: DataType;
  finalType?: DataType;
  read(bytes: Buffer, view: DataView, at: number, length: number): unknown;
}

/** A 64-bit integer element as decimal text (a list of bigints would become nulls). */
const int64Text = (view: DataView, at: number) => view.getBigInt64(at).toString();

function listElement(element: number, typmod: number): ListElement {
  const text = (bytes: Buffer, _view: DataView, at: number, length: number) => bytes.toString("utf8", at, at + length);
  switch (element) {
    case PG_OID.bool:
      return { jsType: pl.Bool, read: (bytes, _view, at) => bytes[at] === 1 };
    case PG_OID.int2:
      return { jsType: pl.Int16, read: (_bytes, view, at) => view.getInt16(at) };
    case PG_OID.int4:
      return { jsType: pl.Int32, read: (_bytes, view, at) => view.getInt32(at) };
    case PG_OID.oid:
      return { jsType: pl.UInt32, read: (_bytes, view, at) => view.getUint32(at) };
    case PG_OID.int8:
      return { jsType: pl.String, finalType: pl.Int64, read: (_bytes, view, at) => int64Text(view, at) };
    case PG_OID.float4:
      return { jsType: pl.Float32, read: (_bytes, view, at) => view.getFloat32(at) };
    case PG_OID.float8:
      return { jsType: pl.Float64, read: (_bytes, view, at) => view.getFloat64(at) };
    case PG_OID.jsonb:
      return { jsType: pl.String, read: (bytes, _view, at, length) => bytes.toString("utf8", at + 1, at + length) };
    case PG_OID.uuid:
      return { jsType: pl.String, read: (bytes, _view, at) => uuidText(bytes, at) };
    case PG_OID.numeric: {
      // Without a typmod: numericListByValues. Wider than 38 digits: their text.
      const decimal = decimalOf(typmod);
      if (!decimal) return { jsType: pl.String, read: (_bytes, view, at) => numericText(view, at) };
      return {
        jsType: pl.String,
        finalType: pl.Decimal(decimal.precision, decimal.scale),
        read: (_bytes, view, at) => {
          const value = numericText(view, at);
          if (numericDigits(value) === null) throw new PgValueError(`holds ${value}, which a Decimal list cannot hold`);
          return value;
        },
      };
    }
    case PG_OID.date:
      return {
        jsType: pl.Int32,
        finalType: pl.Date,
        read: (_bytes, view, at) => {
          const days = view.getInt32(at);
          return days === DATE_INFINITY || days === DATE_MINUS_INFINITY ? null : days + PG_EPOCH_DAYS;
        },
      };
    case PG_OID.timestamp:
    case PG_OID.timestamptz:
      return {
        jsType: pl.String,
        via: pl.Int64,
        finalType: pl.Datetime("us", element === PG_OID.timestamptz ? "UTC" : undefined),
        read: (_bytes, view, at) => {
          const moved = timestampFrom2000(view.getInt32(at), view.getUint32(at + 4));
          if (moved === "overflow") throw new PgValueError("holds a timestamp past Polars' range");
          return moved === null ? null : (BigInt(moved[0]) * 2n ** 32n + BigInt(moved[1])).toString();
        },
      };
    default:
      return { jsType: pl.String, read: text };
  }
}
