import pl, { type DataType } from "nodejs-polars";
import {
  binaryBuilder,
  type ColumnBuilder,
  type DecimalDigits,
  DecimalTextBuilder,
  type DecimalType,
  float32s,
  float64s,
  Int64Builder,
  int8s,
  int16s,
  int32s,
  type NumberArray,
  NumberBuilder,
  uint8s,
  uint32s,
  ValueBuilder,
} from "./column-builders";
import { parseIsoDate, parseIsoDateTime } from "./iso-text";

/** MySQL's column type codes (include/field_types.h) and the flags Weft reads. */
export const MYSQL_TYPE = {
  decimal: 0,
  tiny: 1,
  short: 2,
  long: 3,
  float: 4,
  double: 5,
  null: 6,
  timestamp: 7,
  longlong: 8,
  int24: 9,
  date: 10,
  time: 11,
  datetime: 12,
  year: 13,
  newdate: 14,
  varchar: 15,
  bit: 16,
  json: 245,
  newdecimal: 246,
  enum: 247,
  set: 248,
  tinyBlob: 249,
  mediumBlob: 250,
  longBlob: 251,
  blob: 252,
  varString: 253,
  string: 254,
  geometry: 255,
} as const;
const UNSIGNED_FLAG = 32;
const BINARY_FLAG = 128;
const ENUM_FLAG = 256;
const SET_FLAG = 2048;
/** Polars' widest Decimal. */
const MAX_DECIMAL_DIGITS = 38;

/** A value that the column's type cannot hold; the reader adds the column and row. */
export class MysqlValueError extends Error {}

/** Reads one column from the text protocol: each value is the bytes of its text. */
export interface MysqlColumnReader {
  builder: ColumnBuilder;
  read(bytes: Uint8Array): void;
  /** DECIMAL only: the builder, whose scale the reader may have to learn when no value shows it. */
  decimal?: DecimalTextBuilder;
}

/**
 * How a MySQL column is read: its type code, flags and display length (which, with the
 * scale, gives a DECIMAL's precision), as Bun describes a result column.
 */
export function mysqlColumnReader(name: string, type: number, flags: number, length = 0): MysqlColumnReader {
  const unsigned = (flags & UNSIGNED_FLAG) !== 0;
  const text = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  const numbers = (make: (size: number) => NumberArray): MysqlColumnReader => {
    const builder = new NumberBuilder(name, make);
    return { builder, read: (bytes) => builder.push(Number(text(bytes))) };
  };
  const viaText = (dtype: DataType, check?: (value: string) => string | null): MysqlColumnReader => {
    const builder = new ValueBuilder<string>(name, pl.String, dtype);
    return {
      builder,
      read: (bytes) => {
        const value = text(bytes);
        if (check?.(value) === null) builder.pushNull();
        else builder.push(value);
      },
    };
  };
  switch (type) {
    case MYSQL_TYPE.tiny:
      return unsigned ? numbers(uint8s) : numbers(int8s);
    case MYSQL_TYPE.short:
      return unsigned ? viaText(pl.UInt16) : numbers(int16s);
    case MYSQL_TYPE.year:
      return numbers(int16s);
    case MYSQL_TYPE.int24:
    case MYSQL_TYPE.long:
      return unsigned ? numbers(uint32s) : numbers(int32s);
    case MYSQL_TYPE.longlong:
      return viaText(unsigned ? pl.UInt64 : pl.Int64);
    case MYSQL_TYPE.float:
      return numbers(float32s);
    case MYSQL_TYPE.double:
      return numbers(float64s);
    case MYSQL_TYPE.decimal:
    case MYSQL_TYPE.newdecimal: {
      const builder = new DecimalTextBuilder(name, (seen) => mysqlDecimalType(length, unsigned, seen));
      const read = (bytes: Uint8Array) => {
        const value = text(bytes);
        if (!builder.push(value)) throw new MysqlValueError(`holds ${JSON.stringify(value)}, which is not a decimal`);
      };
      return { builder, read, decimal: builder };
    }
    case MYSQL_TYPE.date:
    case MYSQL_TYPE.newdate:
      return temporal(name, pl.Int32, pl.Date, (value) => parseIsoDate(value));
    case MYSQL_TYPE.datetime:
      return temporal(name, undefined, pl.Datetime("us"), (value) => parseIsoDateTime(value, "naive"));
    case MYSQL_TYPE.timestamp:
      // The session's time_zone is +00:00, so TIMESTAMP text is UTC.
      return temporal(name, undefined, pl.Datetime("us", "UTC"), (value) => parseIsoDateTime(value, "naive"));
    case MYSQL_TYPE.time:
      return temporal(name, undefined, pl.Duration("us"), parseMysqlTime);
    case MYSQL_TYPE.bit: {
      const builder = new ValueBuilder<string>(name, pl.String, pl.UInt64);
      return { builder, read: (bytes) => builder.push(bitValue(bytes)) };
    }
    case MYSQL_TYPE.geometry:
      return base64(name);
    case MYSQL_TYPE.tinyBlob:
    case MYSQL_TYPE.mediumBlob:
    case MYSQL_TYPE.longBlob:
    case MYSQL_TYPE.blob:
    case MYSQL_TYPE.varString:
    case MYSQL_TYPE.string:
    case MYSQL_TYPE.varchar:
      // The binary flag marks BINARY, VARBINARY and BLOB, and also text with a _bin collation.
      return (flags & BINARY_FLAG) !== 0 ? base64(name) : viaText(pl.String);
    default:
      // JSON, ENUM, SET, NULL and any type added later: their text.
      return viaText(pl.String);
  }
}

/**
 * The Polars type of a DECIMAL column, or null for its text (README.md, "Types"). MySQL writes
 * every value with exactly the column's scale, but Bun's column description has no scale
 * (the protocol's `decimals`), only the display length: the precision, plus one for the
 * point when the scale is above 0, plus one for the sign unless unsigned (MySQL's own
 * `my_decimal_length_to_precision`). So the scale comes from the values (`seen`; 0 when no
 * value showed it) and the precision from both. Past 38 declared digits the column is its
 * text, whatever its values, so the type does not change with the data; values wider than the
 * declared type (never seen from MySQL or MariaDB) widen it.
 */
export function mysqlDecimalType(length: number, unsigned: boolean, seen: DecimalDigits): DecimalType {
  const scale = Math.max(seen.fraction, 0);
  const declared = mysqlDecimalPrecision(length, unsigned, scale);
  const precision = Math.max(declared, seen.integer + scale, 1);
  return declared > MAX_DECIMAL_DIGITS || precision > MAX_DECIMAL_DIGITS ? null : { precision, scale };
}

/** A DECIMAL's precision from its display length and scale (MySQL's my_decimal_length_to_precision). */
function mysqlDecimalPrecision(length: number, unsigned: boolean, scale: number): number {
  return length - (scale > 0 ? 1 : 0) - (unsigned || length === 0 ? 0 : 1);
}

const TYPE_NAMES: Record<number, string> = {
  1: "TINYINT",
  2: "SMALLINT",
  3: "INT",
  4: "FLOAT",
  5: "DOUBLE",
  6: "NULL",
  7: "TIMESTAMP",
  8: "BIGINT",
  9: "MEDIUMINT",
  10: "DATE",
  11: "TIME",
  12: "DATETIME",
  13: "YEAR",
  14: "DATE",
  16: "BIT",
  245: "JSON",
  247: "ENUM",
  248: "SET",
  255: "GEOMETRY",
};

/**
 * The database's name of a result column's type, as far as Bun's description tells it
 * (`INT UNSIGNED`, `DECIMAL(10,2)`, `VARBINARY`, `ENUM`; no lengths of text types).
 * `scale` is a DECIMAL's, as its reader learned it.
 */
export function mysqlTypeName(type: number, flags: number, length: number, scale = 0): string {
  const unsigned = (flags & UNSIGNED_FLAG) !== 0;
  const binary = (flags & BINARY_FLAG) !== 0;
  if (type === MYSQL_TYPE.decimal || type === MYSQL_TYPE.newdecimal) {
    return `DECIMAL(${mysqlDecimalPrecision(length, unsigned, scale)},${scale})${unsigned ? " UNSIGNED" : ""}`;
  }
  if (type >= MYSQL_TYPE.tinyBlob && type <= MYSQL_TYPE.blob) return binary ? "BLOB" : "TEXT";
  if (type === MYSQL_TYPE.varString || type === MYSQL_TYPE.varchar) return binary ? "VARBINARY" : "VARCHAR";
  if (type === MYSQL_TYPE.string) {
    if ((flags & ENUM_FLAG) !== 0) return "ENUM";
    if ((flags & SET_FLAG) !== 0) return "SET";
    return binary ? "BINARY" : "CHAR";
  }
  const name = TYPE_NAMES[type] ?? `type ${type}`;
  const numeric = type <= MYSQL_TYPE.double || type === MYSQL_TYPE.longlong || type === MYSQL_TYPE.int24;
  return unsigned && numeric ? `${name} UNSIGNED` : name;
}

function base64(name: string): MysqlColumnReader {
  const builder = binaryBuilder(name);
  return {
    builder,
    read: (bytes) => builder.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")),
  };
}

/**
 * A date or time from its text. MySQL's zero dates (`0000-00-00`, `0000-00-00 00:00:00`) are
 * null, as its own drivers read them; any other text that does not parse is an error.
 */
function temporal(
  name: string,
  via: DataType | undefined,
  dtype: DataType,
  parse: (text: string) => number | bigint | null,
): MysqlColumnReader {
  const builder = new Int64Builder(name, via ? [via, dtype] : dtype);
  return {
    builder,
    read: (bytes) => {
      const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
      if (text.startsWith("0000-00-00")) {
        builder.pushNull();
        return;
      }
      const value = parse(text);
      if (value === null) throw new MysqlValueError(`holds ${JSON.stringify(text)}, which is not a valid value`);
      if (typeof value === "bigint") builder.pushBigInt(value);
      else builder.pushNumber(value);
    },
  };
}

/** A TIME (`-838:59:59.000000` to `838:59:59.000000`) as signed microseconds. */
export function parseMysqlTime(text: string): number | null {
  const m = /^(-)?(\d{2,3}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/.exec(text);
  if (!m) return null;
  const micros =
    ((Number(m[2]) * 60 + Number(m[3])) * 60 + Number(m[4])) * 1_000_000 + Number((m[5] ?? "").padEnd(6, "0"));
  return m[1] ? -micros : micros;
}

/** A BIT(n) value, sent as its big-endian bytes, as decimal text. */
function bitValue(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value.toString();
}
