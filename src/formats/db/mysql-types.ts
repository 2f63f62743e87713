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
  uint16s,
  uint32s,
  ValueBuilder,
} from "./column-builders";
import {
  mysqlBitValue,
  mysqlDate,
  mysqlDateTime,
  mysqlDecimalDigits,
  mysqlInteger,
  parseMysqlTime,
} from "./mysql-text";

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
const ENUM_FLAG = 256;
const SET_FLAG = 2048;
/** Polars' widest Decimal. */
const MAX_DECIMAL_DIGITS = 38;

/** A value that the column's type cannot hold; the reader adds the column and row. */
export class MysqlValueError extends Error {}

/**
 * A result column as the protocol describes it (mysql2's column definition): type code,
 * flags, display length, `decimals` (a DECIMAL's scale) and character set (63: binary).
 */
export interface MysqlColumn {
  type: number;
  flags: number;
  length: number;
  decimals: number;
  charset: number;
}

/** Reads one column from the text protocol: each value is the bytes of its text. */
export interface MysqlColumnReader {
  builder: ColumnBuilder;
  read(bytes: Buffer): void;
}

/** Text from bytes: Bun's TextDecoder made 4M short strings in 60% of Buffer.toString's time. */
const UTF8 = new TextDecoder();
/** The character set of binary strings: BINARY, VARBINARY, BLOB (not `_bin` collated text). */
const BINARY_CHARSET = 63;
/** NOT_FIXED_DEC: MySQL's 31 and MariaDB's 39 say "no fixed scale"; a real scale is at most 38. */
const MAX_SCALE = 38;

/** How a MySQL column is read (README.md, "Types"). */
export function mysqlColumnReader(name: string, column: MysqlColumn): MysqlColumnReader {
  const { type, flags, length, decimals, charset } = column;
  const unsigned = (flags & UNSIGNED_FLAG) !== 0;
  const ints = (make: (size: number) => NumberArray, min: number, max: number): MysqlColumnReader => {
    const builder = new NumberBuilder(name, make);
    return {
      builder,
      read: (bytes) => {
        const value = mysqlInteger(bytes);
        if (!(value >= min && value <= max)) throw notA("whole number in range", bytes);
        builder.push(value);
      },
    };
  };
  const floats = (make: (size: number) => NumberArray): MysqlColumnReader => {
    const builder = new NumberBuilder(name, make);
    return {
      builder,
      read: (bytes) => {
        const value = Number(bytes.toString("latin1"));
        if (Number.isNaN(value)) throw notA("number", bytes);
        builder.push(value);
      },
    };
  };
  const viaText = (dtype: DataType): MysqlColumnReader => {
    const builder = new ValueBuilder<string>(name, pl.String, dtype);
    return { builder, read: (bytes) => builder.push(UTF8.decode(bytes)) };
  };
  switch (type) {
    case MYSQL_TYPE.tiny:
      return unsigned ? ints(uint8s, 0, 255) : ints(int8s, -128, 127);
    case MYSQL_TYPE.short:
      return unsigned ? ints(uint16s, 0, 65_535) : ints(int16s, -32_768, 32_767);
    case MYSQL_TYPE.year:
      return ints(int16s, 0, 9999);
    case MYSQL_TYPE.int24:
    case MYSQL_TYPE.long:
      return unsigned ? ints(uint32s, 0, 4_294_967_295) : ints(int32s, -2_147_483_648, 2_147_483_647);
    case MYSQL_TYPE.longlong:
      return unsigned ? viaText(pl.UInt64) : bigints(name);
    case MYSQL_TYPE.float:
      return floats(float32s);
    case MYSQL_TYPE.double:
      return floats(float64s);
    case MYSQL_TYPE.decimal:
    case MYSQL_TYPE.newdecimal: {
      const scale = decimals <= MAX_SCALE ? decimals : -1;
      const builder = new DecimalTextBuilder(name, (seen) => mysqlDecimalType(length, unsigned, scale, seen));
      const read = (bytes: Buffer) => {
        const digits = mysqlDecimalDigits(bytes);
        if (digits < 0) throw notA("decimal", bytes);
        builder.pushCounted(UTF8.decode(bytes), digits >>> 8, digits & 0xff); // ASCII, as checked
      };
      return { builder, read };
    }
    case MYSQL_TYPE.date:
    case MYSQL_TYPE.newdate:
      return temporal(name, pl.Int32, pl.Date, (bytes) => (bytes.length === 10 ? mysqlDate(bytes) : null));
    case MYSQL_TYPE.datetime:
      return temporal(name, undefined, pl.Datetime("us"), mysqlDateTime);
    case MYSQL_TYPE.timestamp:
      // The session's time_zone is +00:00, so TIMESTAMP text is UTC.
      return temporal(name, undefined, pl.Datetime("us", "UTC"), mysqlDateTime);
    case MYSQL_TYPE.time:
      return temporal(name, undefined, pl.Duration("us"), (bytes) => parseMysqlTime(bytes.toString("latin1")));
    case MYSQL_TYPE.bit: {
      const builder = new ValueBuilder<string>(name, pl.String, pl.UInt64);
      return { builder, read: (bytes) => builder.push(mysqlBitValue(bytes)) };
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
      // The binary character set marks BINARY, VARBINARY and BLOB; text with a _bin
      // collation has its own character set (it shares only the binary flag).
      return charset === BINARY_CHARSET ? base64(name) : viaText(pl.String);
    default:
      // JSON, ENUM, SET, NULL and any type added later: their text.
      return viaText(pl.String);
  }
}

/** A value's text in an error message: at most 40 characters of it. */
function notA(what: string, bytes: Buffer): MysqlValueError {
  const text = bytes.toString("utf8");
  const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
  return new MysqlValueError(`holds ${shown}, which is not a ${what}`);
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** BIGINT: up to 15 digits as a number, longer ones through BigInt (no per-value BigInt for most). */
function bigints(name: string): MysqlColumnReader {
  const builder = new Int64Builder(name);
  return {
    builder,
    read: (bytes) => {
      const value = mysqlInteger(bytes);
      if (!Number.isNaN(value)) {
        builder.pushNumber(value);
        return;
      }
      const text = bytes.toString("latin1");
      const big = /^-?\d+$/.test(text) ? BigInt(text) : null;
      if (big === null || big < INT64_MIN || big > INT64_MAX) throw notA("64-bit integer", bytes);
      builder.pushBigInt(big);
    },
  };
}

/**
 * The Polars type of a DECIMAL column, or null for its text (README.md, "Types"). The scale is
 * the column's `decimals` (MySQL writes every value with exactly that many digits after the
 * point); the precision comes from the display length: the precision, plus one for the point
 * when the scale is above 0, plus one for the sign unless unsigned (MySQL's own
 * `my_decimal_length_to_precision`). Past 38 declared digits the column is its text,
 * whatever its values, so the type does not change with the data. Values wider than the
 * declared type (never seen from MySQL or MariaDB) widen it rather than lose digits: Polars
 * would round extra fraction digits silently. A `scale` of -1 (not known) is the values' most.
 */
export function mysqlDecimalType(length: number, unsigned: boolean, scale: number, seen: DecimalDigits): DecimalType {
  const declaredScale = scale >= 0 ? scale : Math.max(seen.fraction, 0);
  const declared = mysqlDecimalPrecision(length, unsigned, declaredScale);
  const fraction = Math.max(declaredScale, seen.fraction);
  const precision = Math.max(declared + fraction - declaredScale, seen.integer + fraction, 1);
  return declared > MAX_DECIMAL_DIGITS || precision > MAX_DECIMAL_DIGITS ? null : { precision, scale: fraction };
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
 * The database's name of a result column's type, as far as the protocol tells it
 * (`INT UNSIGNED`, `DECIMAL(10,2)`, `VARBINARY`, `ENUM`; no lengths of text types).
 */
export function mysqlTypeName(column: MysqlColumn): string {
  const { type, flags, length, decimals } = column;
  const unsigned = (flags & UNSIGNED_FLAG) !== 0;
  const binary = column.charset === BINARY_CHARSET;
  if (type === MYSQL_TYPE.decimal || type === MYSQL_TYPE.newdecimal) {
    const scale = decimals <= MAX_SCALE ? decimals : 0;
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
    read: (bytes) => builder.push(bytes.toString("base64")),
  };
}

/**
 * A date or time from the bytes of its text. MySQL's zero dates (`0000-00-00`, `0000-00-00
 * 00:00:00`) are null, as its own drivers read them; any other text that does not parse is an error.
 */
function temporal(
  name: string,
  via: DataType | undefined,
  dtype: DataType,
  parse: (bytes: Buffer) => number | bigint | null,
): MysqlColumnReader {
  const builder = new Int64Builder(name, via ? [via, dtype] : dtype);
  return {
    builder,
    read: (bytes) => {
      // Only a year before 1000 starts with 0: most values skip the comparison.
      if (bytes[0] === ZERO_DATE[0] && bytes.length >= 10 && bytes.subarray(0, 10).equals(ZERO_DATE)) {
        builder.pushNull();
        return;
      }
      const value = parse(bytes);
      if (value === null) throw notA("valid value", bytes);
      if (typeof value === "bigint") builder.pushBigInt(value);
      else builder.pushNumber(value);
    },
  };
}
const ZERO_DATE = Buffer.from("0000-00-00");
