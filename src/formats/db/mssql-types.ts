import pl, { type DataType } from "nodejs-polars";
import {
  binaryBuilder,
  type ColumnBuilder,
  float32s,
  float64s,
  Int64Builder,
  int16s,
  int32s,
  type NumberArray,
  NumberBuilder,
  uint8s,
  ValueBuilder,
} from "./column-builders";
import { hexText, subMillisecondUnits } from "./mssql-exact";

/**
 * A SQL Server column type as Weft reads it: the type's name as SQL Server writes it
 * (`decimal`, `datetime2`, `nvarchar`, `udt` for CLR types such as geography), with the
 * precision and scale of decimal and numeric and the scale of time types.
 */
export interface MssqlType {
  name: string;
  precision?: number;
  scale?: number;
}

/** The fields of tedious's column metadata (COLMETADATA) that Weft reads. */
export interface TediousColumnMetadata {
  colName?: string;
  type: { name: string; id?: number };
  userType?: number;
  dataLength?: number;
  precision?: number;
  scale?: number;
  udtInfo?: { typeName?: string };
}

/** timestamp (rowversion) is binary(8) with this user type in COLMETADATA (MS-TDS 2.2.7.4). */
const TIMESTAMP_USER_TYPE = 0x50;

/** The type of a result column from tedious's metadata; fixed and nullable wire types alike. */
export function typeOfMetadata(metadata: TediousColumnMetadata): MssqlType {
  const { dataLength, precision, scale } = metadata;
  switch (metadata.type.name) {
    case "Bit":
    case "BitN":
      return { name: "bit" };
    case "TinyInt":
      return { name: "tinyint" };
    case "SmallInt":
      return { name: "smallint" };
    case "Int":
      return { name: "int" };
    case "BigInt":
      return { name: "bigint" };
    case "IntN":
      return {
        name: ({ 1: "tinyint", 2: "smallint", 4: "int" } as Record<number, string>)[dataLength ?? 8] ?? "bigint",
      };
    case "Real":
      return { name: "real" };
    case "Float":
      return { name: "float" };
    case "FloatN":
      return { name: dataLength === 4 ? "real" : "float" };
    case "SmallMoney":
      return { name: "smallmoney" };
    case "Money":
      return { name: "money" };
    case "MoneyN":
      return { name: dataLength === 4 ? "smallmoney" : "money" };
    case "DecimalN":
    case "NumericN":
      return { name: metadata.type.name === "DecimalN" ? "decimal" : "numeric", precision, scale };
    case "SmallDateTime":
      return { name: "smalldatetime" };
    case "DateTime":
      return { name: "datetime" };
    case "DateTimeN":
      return { name: dataLength === 4 ? "smalldatetime" : "datetime" };
    case "Time":
    case "DateTime2":
    case "DateTimeOffset":
      return { name: metadata.type.name.toLowerCase(), scale };
    case "Binary":
    case "VarBinary":
      return { name: metadata.userType === TIMESTAMP_USER_TYPE ? "timestamp" : metadata.type.name.toLowerCase() };
    case "UniqueIdentifier":
      return { name: "uniqueidentifier" };
    case "Variant":
      return { name: "sql_variant" };
    case "UDT":
      return { name: "udt" };
    default:
      // Char, VarChar, NChar, NVarChar, Text, NText, Xml, Image, Null, and any type added later.
      return { name: metadata.type.name.toLowerCase() };
  }
}

/** CLR types (hierarchyid, geometry, geography, user CLR types) in sys.types. */
const UDT_SYSTEM_TYPE_ID = 240;

/**
 * The type of a column described by sp_describe_first_result_set: its `system_type_name`
 * (`decimal(10,2)`, `nvarchar(max)`, `datetime2(7)`), `system_type_id`, `precision`, `scale`.
 */
export function typeOfDescription(row: {
  system_type_name: string | null;
  system_type_id: number | null;
  precision: number | null;
  scale: number | null;
}): MssqlType {
  if (row.system_type_id === UDT_SYSTEM_TYPE_ID) return { name: "udt" };
  const name = (/^\s*([a-z_0-9]+)/i.exec(row.system_type_name ?? "")?.[1] ?? "").toLowerCase();
  if (name === "decimal" || name === "numeric") {
    return { name, precision: row.precision ?? 18, scale: row.scale ?? 0 };
  }
  if (name === "time" || name === "datetime2" || name === "datetimeoffset") return { name, scale: row.scale ?? 7 };
  return { name };
}

/** A value a column cannot hold; the reader adds the column and row. */
export class MssqlValueError extends Error {}

/** Reads one column: each value as tedious gives it, with mssql-exact.ts's exact decimals. */
export interface MssqlColumnReader {
  builder: ColumnBuilder;
  read(value: unknown): void;
}

const MS_PER_DAY = 86_400_000;

/** How a SQL Server column becomes a Polars column (README.md, "SQL Server"). */
export function mssqlColumnReader(name: string, type: MssqlType): MssqlColumnReader {
  const numbers = (make: (size: number) => NumberArray, dtype?: DataType): MssqlColumnReader => {
    const builder = new NumberBuilder(name, make, dtype);
    return { builder, read: (value) => builder.push(expect(value, "number") as number) };
  };
  switch (type.name) {
    case "bit": {
      const builder = new ValueBuilder<boolean>(name, pl.Bool);
      return { builder, read: (value) => builder.push(expect(value, "boolean") as boolean) };
    }
    case "tinyint":
      return numbers(uint8s);
    case "smallint":
      return numbers(int16s);
    case "int":
      return numbers(int32s);
    case "bigint": {
      const builder = new Int64Builder(name);
      return { builder, read: (value) => pushInteger(builder, value) };
    }
    case "real":
      return numbers(float32s);
    case "float":
      return numbers(float64s);
    case "decimal":
    case "numeric":
      return decimals(name, type.precision ?? 18, type.scale ?? 0);
    case "money":
      return decimals(name, 19, 4);
    case "smallmoney":
      return decimals(name, 10, 4);
    case "date": {
      const builder = new NumberBuilder(name, int32s, pl.Date);
      return { builder, read: (value) => builder.push(Math.floor(expectDate(value).getTime() / MS_PER_DAY)) };
    }
    case "smalldatetime":
    case "datetime":
    case "datetime2":
      return dateTimes(name, pl.Datetime("us"));
    case "datetimeoffset":
      // tedious gives the UTC instant (the offset is dropped), so the column is UTC.
      return dateTimes(name, pl.Datetime("us", "UTC"));
    case "time": {
      const builder = new Int64Builder(name, pl.Time);
      return {
        builder,
        // tedious gives 1970-01-01 plus the time of day in UTC; Polars' Time is nanoseconds.
        read: (value) => {
          const date = expectDate(value);
          builder.pushNumber(date.getTime() * 1_000_000 + subMillisecondUnits(date) * 100);
        },
      };
    }
    case "binary":
    case "varbinary":
    case "image":
    case "timestamp":
    case "udt": {
      const builder = binaryBuilder(name);
      return { builder, read: (value) => builder.push(base64(value)) };
    }
    default: {
      // char, varchar, nchar, nvarchar, text, ntext, xml, uniqueidentifier (upper case, as
      // SQL Server shows it), sql_variant (text from mssql-exact.ts) and any other type.
      const builder = new ValueBuilder<string>(name, pl.String);
      return { builder, read: (value) => builder.push(valueText(value)) };
    }
  }
}

/**
 * A value of a type Weft does not know, as text: a string as it is, numbers as JS writes
 * them, booleans as 1/0, a date as ISO 8601 in UTC, bytes as `0x` and upper-case hex,
 * anything else as JSON.
 */
export function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return hexText(value);
  return JSON.stringify(value) ?? String(value);
}

function decimals(name: string, precision: number, scale: number): MssqlColumnReader {
  const builder = new ValueBuilder<string>(name, pl.String, pl.Decimal(precision, scale));
  return {
    builder,
    read: (value) => {
      // mssql-exact.ts gives the exact text; a JS number here would already have lost digits.
      if (typeof value !== "string") throw new MssqlValueError(`is ${describe(value)}, not exact decimal text`);
      builder.push(value);
    },
  };
}

/** A Datetime(us) column from tedious's JS Dates (UTC) and their 100 ns units below the millisecond. */
function dateTimes(name: string, dtype: DataType): MssqlColumnReader {
  const builder = new Int64Builder(name, dtype);
  return {
    builder,
    read: (value) => {
      const date = expectDate(value);
      const ms = date.getTime();
      // Polars keeps microseconds: datetime2(7)'s last digit (100 ns) is dropped, not rounded.
      const extra = Math.floor(subMillisecondUnits(date) / 10);
      const micros = ms * 1000 + extra;
      if (Number.isSafeInteger(micros)) builder.pushNumber(micros);
      else builder.pushBigInt(BigInt(ms) * 1000n + BigInt(extra));
    },
  };
}

/** bigint arrives as decimal text (tedious: `readBigInt64LE(...).toString()`). */
function pushInteger(builder: Int64Builder, value: unknown): void {
  if (typeof value === "string" && /^-?\d{1,19}$/.test(value)) {
    const number = Number(value);
    if (Number.isSafeInteger(number)) builder.pushNumber(number);
    else builder.pushBigInt(BigInt(value));
  } else if (typeof value === "number" && Number.isSafeInteger(value)) {
    builder.pushNumber(value);
  } else {
    throw new MssqlValueError(`is ${describe(value)}, not a 64-bit integer`);
  }
}

function base64(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new MssqlValueError(`is ${describe(value)}, not bytes`);
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64");
}

function expect(value: unknown, kind: "number" | "boolean"): unknown {
  if (typeof value !== kind) throw new MssqlValueError(`is ${describe(value)}, not a ${kind}`);
  return value;
}

function expectDate(value: unknown): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new MssqlValueError(`is ${describe(value)}, not a date`);
  }
  return value;
}

function describe(value: unknown): string {
  const text = valueText(value);
  return `${typeof value} ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}
