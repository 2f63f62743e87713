import pl from "nodejs-polars";
import {
  binaryBuilder,
  float32s,
  float64s,
  Int64Builder,
  int16s,
  int32s,
  NumberBuilder,
  uint8s,
  uint32s,
  ValueBuilder,
} from "./column-builders";
import { listPlan } from "./pg-lists";
import { NumericByValuesBuilder, numericDigits, pgNumericType } from "./pg-numeric";
import {
  ARRAY_ELEMENTS,
  decimalOf,
  PG_OID,
  type PgColumnPlan,
  type PgColumnReader,
  PgValueError,
  TEXT_TYPES,
} from "./pg-oids";
import {
  DATE_INFINITY,
  DATE_MINUS_INFINITY,
  numericText,
  PG_EPOCH_DAYS,
  timestampFrom2000,
  uuidText,
} from "./pg-values";

export { PG_OID } from "./pg-oids";

/**
 * How a column of type `oid` (with `typmod`, -1 when unknown) is read; see README.md for the
 * table. Types not read natively are cast to text in the select and arrive as String.
 */
export function pgColumnPlan(oid: number, typmod: number): PgColumnPlan {
  const native = nativePlan(oid, typmod);
  if (native) return native;
  const element = ARRAY_ELEMENTS[oid];
  if (element !== undefined) return listPlan(element, typmod);
  if (oid === PG_OID.money) {
    // money's text depends on lc_monetary ("$1,234.50"); as numeric it is a plain number. Its
    // int64 of the currency's smallest unit fits numeric(19, f), f the fraction digits of
    // lc_monetary, which the reader asks the server for and passes as `typmod`.
    const decimal = decimalOf(typmod);
    const cast = decimal ? `::numeric(${decimal.precision},${decimal.scale})` : "::numeric";
    return { cast, make: (name) => numericReader(name, typmod) };
  }
  return { cast: "::text", make: (name) => textReader(name) };
}

const MICROS_PER_DAY = 86_400_000_000;

const plan = (make: (name: string) => PgColumnReader): PgColumnPlan => ({ cast: "", make });

function nativePlan(oid: number, typmod: number): PgColumnPlan | undefined {
  if (TEXT_TYPES.has(oid)) return plan(textReader);
  switch (oid) {
    case PG_OID.bool:
      return plan((name) => {
        const builder = new NumberBuilder(name, uint8s, pl.Bool);
        return { builder, read: (bytes, _view, at) => builder.push(bytes[at] as number) };
      });
    case PG_OID.int2:
      return plan((name) => {
        const builder = new NumberBuilder(name, int16s);
        return { builder, read: (_bytes, view, at) => builder.push(view.getInt16(at)) };
      });
    case PG_OID.int4:
      return plan((name) => {
        const builder = new NumberBuilder(name, int32s);
        return { builder, read: (_bytes, view, at) => builder.push(view.getInt32(at)) };
      });
    case PG_OID.oid:
      return plan((name) => {
        const builder = new NumberBuilder(name, uint32s);
        return { builder, read: (_bytes, view, at) => builder.push(view.getUint32(at)) };
      });
    case PG_OID.int8:
      return plan((name) => {
        const builder = new Int64Builder(name);
        return { builder, read: (_bytes, view, at) => builder.pushHiLo(view.getInt32(at), view.getUint32(at + 4)) };
      });
    case PG_OID.float4:
      return plan((name) => {
        const builder = new NumberBuilder(name, float32s);
        return { builder, read: (_bytes, view, at) => builder.push(view.getFloat32(at)) };
      });
    case PG_OID.float8:
      return plan((name) => {
        const builder = new NumberBuilder(name, float64s);
        return { builder, read: (_bytes, view, at) => builder.push(view.getFloat64(at)) };
      });
    case PG_OID.jsonb:
      // jsonb's binary form is a version byte (1) and the JSON text.
      return plan((name) => {
        const builder = new ValueBuilder<string>(name, pl.String);
        return {
          builder,
          read: (bytes, _view, at, length) => builder.push(bytes.toString("utf8", at + 1, at + length)),
        };
      });
    case PG_OID.bytea:
      return plan((name) => {
        const builder = binaryBuilder(name);
        return { builder, read: (bytes, _view, at, length) => builder.push(bytes.toString("base64", at, at + length)) };
      });
    case PG_OID.uuid:
      return plan((name) => {
        const builder = new ValueBuilder<string>(name, pl.String);
        return { builder, read: (bytes, _view, at) => builder.push(uuidText(bytes, at)) };
      });
    case PG_OID.numeric:
      return plan((name) => numericReader(name, typmod));
    case PG_OID.date:
      return plan((name) => {
        const builder = new NumberBuilder(name, int32s, pl.Date);
        return {
          builder,
          read: (_bytes, view, at) => {
            const days = view.getInt32(at);
            // Polars has no infinite date: `infinity` and `-infinity` are null (README.md).
            if (days === DATE_INFINITY || days === DATE_MINUS_INFINITY) builder.pushNull();
            else builder.push(days + PG_EPOCH_DAYS);
          },
        };
      });
    case PG_OID.timestamp:
    case PG_OID.timestamptz:
      return plan((name) => {
        const builder = new Int64Builder(name, pl.Datetime("us", oid === PG_OID.timestamptz ? "UTC" : undefined));
        return {
          builder,
          read: (_bytes, view, at) => {
            const moved = timestampFrom2000(view.getInt32(at), view.getUint32(at + 4));
            if (moved === "overflow") throw new PgValueError("is a timestamp past Polars' range (year 294247)");
            if (moved === null) builder.pushNull();
            else builder.pushHiLo(moved[0], moved[1]);
          },
        };
      });
    case PG_OID.time:
      return plan((name) => {
        const builder = new Int64Builder(name, pl.Time);
        return {
          builder,
          read: (_bytes, view, at) => {
            const micros = view.getInt32(at) * 2 ** 32 + view.getUint32(at + 4);
            if (micros >= MICROS_PER_DAY) throw new PgValueError("is 24:00:00, which Polars' Time cannot hold");
            builder.pushNumber(micros * 1000);
          },
        };
      });
    case PG_OID.interval:
      return plan((name) => {
        const builder = new Int64Builder(name, pl.Duration("us"));
        return { builder, read: (_bytes, view, at) => pushInterval(builder, view, at) };
      });
    default:
      return undefined;
  }
}

function textReader(name: string): PgColumnReader {
  const builder = new ValueBuilder<string>(name, pl.String);
  return { builder, read: (bytes, _view, at, length) => builder.push(bytes.toString("utf8", at, at + length)) };
}

/**
 * An interval as microseconds, a month counted as 30 days and a day as 24 hours: the rule
 * PostgreSQL itself uses to compare and sort intervals (`interval '1 month' = '30 days'`).
 */
function pushInterval(builder: Int64Builder, view: DataView, at: number): void {
  const micros = view.getInt32(at) * 2 ** 32 + view.getUint32(at + 4);
  const days = view.getInt32(at + 8) + view.getInt32(at + 12) * 30;
  const total = micros + days * MICROS_PER_DAY;
  if (Number.isSafeInteger(total)) {
    builder.pushNumber(total);
    return;
  }
  const exact = view.getBigInt64(at) + BigInt(days) * BigInt(MICROS_PER_DAY);
  if (exact !== BigInt.asIntN(64, exact)) throw new PgValueError("is an interval past Polars' Duration range");
  builder.pushBigInt(exact);
}

/**
 * numeric (pg-numeric.ts): Decimal(p, s) when its typmod says p <= 38, where NaN is an error
 * naming the column and row (the type comes from the declaration and must not change with
 * the data); String when the typmod says more digits; typed by its values without a typmod.
 */
function numericReader(name: string, typmod: number): PgColumnReader {
  const type = pgNumericType(typmod);
  if (type === "values") {
    const builder = new NumericByValuesBuilder<string>(name);
    return { builder, read: (_bytes, view, at) => builder.push(builder.note(numericText(view, at))) };
  }
  if (type === "text") {
    const builder = new ValueBuilder<string>(name, pl.String);
    return { builder, read: (_bytes, view, at) => builder.push(numericText(view, at)) };
  }
  const builder = new ValueBuilder<string>(name, pl.String, pl.Decimal(type.precision, type.scale));
  return {
    builder,
    read: (_bytes, view, at) => {
      const text = numericText(view, at);
      if (numericDigits(text) === null)
        throw new PgValueError(`is ${text}, which Decimal(${type.precision}, ${type.scale}) cannot hold`);
      builder.push(text);
    },
  };
}
