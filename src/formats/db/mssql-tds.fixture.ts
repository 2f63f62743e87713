/**
 * For the SQL Server tests (no SQL Server can run in CI): TDS bytes written from the
 * protocol's specification (MS-TDS 2.2.5 data types, 2.2.7 tokens), independently of
 * tedious and of Weft's reader, so a test can run tedious's real parser over them. Each
 * column kind has its TYPE_INFO and an encoder from plain values (`"-12.50"` for decimals,
 * `"2024-02-29 13:45:01.1234567"` for date-times) to the value's bytes on the wire.
 */

const u8 = (n: number) => Buffer.from([n]);
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const ucs2 = (s: string) => Buffer.from(s, "utf16le");
/** B_VARCHAR: a length in characters (one byte), then UCS-2. */
export const bVarChar = (s: string) => Buffer.concat([u8(s.length), ucs2(s)]);
/** US_VARCHAR: a length in characters (two bytes), then UCS-2. */
export const usVarChar = (s: string) => Buffer.concat([u16(s.length), ucs2(s)]);

/** A collation: Latin1_General_CI_AS (code page 1252), or a _UTF8 one (flag bit 6, SQL Server 2019). */
const collation = (utf8 = false) => Buffer.from([0x09, 0x04, utf8 ? 0x00 : 0xd0, utf8 ? 0x04 : 0x00, utf8 ? 0 : 0x34]);

/** One result column as the wire describes it, and how its values are written. */
export interface TdsColumn {
  name: string;
  /** UserType, Flags (nullable: 1), TYPE_INFO and, for text/ntext/image, a table name. */
  metadata: Buffer;
  /** A value's bytes in a ROW token; `null` as the type writes it (NBCROW writes nothing). */
  encode(value: unknown): Buffer;
}

type Encoder = (value: unknown) => Buffer;

function column(name: string, typeInfo: Buffer, encode: Encoder, options: { userType?: number; table?: boolean } = {}) {
  const tableName = options.table ? Buffer.concat([u8(1), usVarChar("t")]) : Buffer.alloc(0);
  const metadata = Buffer.concat([u32(options.userType ?? 0), u16(0x0001), typeInfo, tableName]);
  return { name, metadata: Buffer.concat([metadata, bVarChar(name)]), encode };
}

/** A value with a one-byte length before it (0: null). */
const byteLen = (write: (value: unknown) => Buffer): Encoder => {
  return (value) => {
    if (value === null) return u8(0);
    const data = write(value);
    return Buffer.concat([u8(data.length), data]);
  };
};
/** A value with a two-byte length before it (0xFFFF: null). */
const shortLen = (write: (value: unknown) => Buffer): Encoder => {
  return (value) => (value === null ? u16(0xffff) : Buffer.concat([u16(write(value).length), write(value)]));
};
/** A PLP value (varchar(max), xml, udt), in chunks of at most 5 bytes to cross chunk edges. */
const plp = (write: (value: unknown) => Buffer): Encoder => {
  return (value) => {
    if (value === null) return Buffer.alloc(8, 0xff);
    const data = write(value);
    const total = Buffer.alloc(8);
    total.writeBigUInt64LE(BigInt(data.length));
    const chunks: Buffer[] = [total];
    for (let at = 0; at < data.length; at += 5) {
      const chunk = data.subarray(at, at + 5);
      chunks.push(u32(chunk.length), chunk);
    }
    chunks.push(u32(0));
    return Buffer.concat(chunks);
  };
};

const int = (bytes: number) => (value: unknown) => {
  const b = Buffer.alloc(bytes);
  if (bytes === 8) b.writeBigInt64LE(BigInt(value as string));
  else if (bytes === 1) b.writeUInt8(value as number);
  else b.writeIntLE(value as number, 0, bytes);
  return b;
};
const float = (bytes: 4 | 8) => (value: unknown) => {
  const b = Buffer.alloc(bytes);
  if (bytes === 4) b.writeFloatLE(value as number);
  else b.writeDoubleLE(value as number);
  return b;
};

/** `"-12.50"` at `scale` as a signed integer of units (`-1250n`). */
export function decimalUnits(text: string, scale: number): bigint {
  const [whole = "", fraction = ""] = text.replace("-", "").split(".");
  const units = BigInt(`${whole}${fraction.padEnd(scale, "0")}`);
  return text.startsWith("-") ? -units : units;
}

const decimalBytes = (precision: number) => (precision <= 9 ? 4 : precision <= 19 ? 8 : precision <= 28 ? 12 : 16);
/** decimal/numeric: sign (1 positive, 0 negative), then the magnitude little-endian. */
const decimal = (precision: number, scale: number) => (value: unknown) => {
  const units = decimalUnits(value as string, scale);
  const magnitude = Buffer.alloc(decimalBytes(precision));
  let rest = units < 0n ? -units : units;
  for (let i = 0; i < magnitude.length; i++, rest >>= 8n) magnitude[i] = Number(rest & 0xffn);
  return Buffer.concat([u8(units < 0n ? 0 : 1), magnitude]);
};
/** money: ten-thousandths as an int64, high 4 bytes first; smallmoney: an int32. */
const money = (bytes: 4 | 8) => (value: unknown) => {
  const units = decimalUnits(value as string, 4);
  if (bytes === 4) return int(4)(Number(units));
  const b = Buffer.alloc(8);
  b.writeInt32LE(Number(units >> 32n));
  b.writeUInt32LE(Number(units & 0xffffffffn), 4);
  return b;
};

const MS_PER_DAY = 86_400_000;
/** Days from 0001-01-01 to 1970-01-01 in the proleptic Gregorian calendar. */
const DAYS_0001_TO_1970 = 719_162;
/** Days from 1900-01-01 to 1970-01-01. */
const DAYS_1900_TO_1970 = 25_567;

/** `YYYY-MM-DD[ hh:mm[:ss[.fffffff]]]` as days since 1970 and 100 ns units into the day. */
export function civil(text: string): { days: number; units: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?)?$/.exec(text);
  if (!m) throw new Error(`bad test date ${text}`);
  const utc = new Date(0);
  utc.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const days = Math.floor(utc.getTime() / MS_PER_DAY);
  const seconds = (Number(m[4] ?? 0) * 60 + Number(m[5] ?? 0)) * 60 + Number(m[6] ?? 0);
  return { days, units: seconds * 10_000_000 + Number((m[7] ?? "").padEnd(7, "0")) };
}

const le = (value: number, bytes: number) => {
  const b = Buffer.alloc(bytes);
  b.writeUIntLE(value, 0, bytes);
  return b;
};
const timeBytes = (scale: number) => (scale <= 2 ? 3 : scale <= 4 ? 4 : 5);
/** time(n): the time of day in units of 10^-n s; the text must have no digits past n. */
const timeOf = (units: number, scale: number) => {
  const scaled = units / 10 ** (7 - scale);
  if (!Number.isInteger(scaled)) throw new Error(`time ${units} has more digits than scale ${scale}`);
  return le(scaled, timeBytes(scale));
};
const dateOf = (days: number) => le(days + DAYS_0001_TO_1970, 3);

/** datetimeoffset text: `YYYY-MM-DD hh:mm:ss.fffffff +hh:mm` (local time and its offset). */
function dateTimeOffset(scale: number) {
  return (value: unknown) => {
    const m = /^(.*) ([+-])(\d{2}):(\d{2})$/.exec(value as string);
    if (!m) throw new Error(`bad test datetimeoffset ${value}`);
    const minutes = (m[2] === "-" ? -1 : 1) * (Number(m[3]) * 60 + Number(m[4]));
    const local = civil(m[1] as string);
    // The wire holds UTC: the local time less its offset.
    let units = local.units - minutes * 60 * 10_000_000;
    let days = local.days;
    const unitsPerDay = 86_400 * 10_000_000;
    while (units < 0) {
      units += unitsPerDay;
      days--;
    }
    while (units >= unitsPerDay) {
      units -= unitsPerDay;
      days++;
    }
    const offset = Buffer.alloc(2);
    offset.writeInt16LE(minutes);
    return Buffer.concat([timeOf(units, scale), dateOf(days), offset]);
  };
}

/** datetime: days since 1900 (int32), then 1/300 s ticks; smalldatetime: uint16 days, uint16 minutes. */
function legacyDateTime(small: boolean) {
  return (value: unknown) => {
    const { days, units } = civil(value as string);
    if (small) return Buffer.concat([u16(days + DAYS_1900_TO_1970), u16(units / 600_000_000)]);
    const b = Buffer.alloc(8);
    b.writeInt32LE(days + DAYS_1900_TO_1970);
    b.writeUInt32LE(Math.round((units * 300) / 10_000_000), 4);
    return b;
  };
}

/** A GUID's 16 bytes: the first three groups little-endian, the rest as written. */
export function guidBytes(text: string): Buffer {
  const hex = text.replaceAll("-", "");
  const raw = Buffer.from(hex, "hex");
  return Buffer.concat([
    Buffer.from(raw.subarray(0, 4)).reverse(),
    Buffer.from(raw.subarray(4, 6)).reverse(),
    Buffer.from(raw.subarray(6, 8)).reverse(),
    raw.subarray(8),
  ]);
}

const latin1 = (value: unknown) => Buffer.from(value as string, "latin1");
const utf8 = (value: unknown) => Buffer.from(value as string, "utf8");
const text16 = (value: unknown) => ucs2(value as string);
const bytes = (value: unknown) => Buffer.from(value as Uint8Array);

/** text/ntext/image: a 16-byte text pointer, an 8-byte timestamp, a 4-byte length, the data. */
const textPointer = (write: (value: unknown) => Buffer): Encoder => {
  return (value) => {
    if (value === null) return u8(0);
    const data = write(value);
    return Buffer.concat([u8(16), Buffer.alloc(16, 0xab), Buffer.alloc(8, 0xcd), u32(data.length), data]);
  };
};

/** sql_variant values: a base type and its value in plain form. */
export type VariantValue =
  | {
      type: "int" | "bigint" | "bit" | "real" | "float" | "nvarchar" | "varbinary" | "uniqueidentifier";
      value: unknown;
    }
  | { type: "decimal"; precision: number; scale: number; value: string }
  | { type: "money" | "date" | "datetime" | "smalldatetime"; value: string }
  | { type: "datetime2" | "time" | "datetimeoffset"; scale: number; value: string };

function variantBytes(variant: VariantValue): Buffer {
  const [base, props, data] = ((): [number, Buffer, Buffer] => {
    switch (variant.type) {
      case "int":
        return [0x38, Buffer.alloc(0), int(4)(variant.value)];
      case "bigint":
        return [0x7f, Buffer.alloc(0), int(8)(variant.value)];
      case "bit":
        return [0x32, Buffer.alloc(0), u8(variant.value ? 1 : 0)];
      case "real":
        return [0x3b, Buffer.alloc(0), float(4)(variant.value)];
      case "float":
        return [0x3e, Buffer.alloc(0), float(8)(variant.value)];
      case "decimal":
        return [
          0x6a,
          Buffer.from([variant.precision, variant.scale]),
          decimal(variant.precision, variant.scale)(variant.value),
        ];
      case "money":
        return [0x3c, Buffer.alloc(0), money(8)(variant.value)];
      case "date":
        return [0x28, Buffer.alloc(0), dateOf(civil(variant.value).days)];
      case "datetime":
        return [0x3d, Buffer.alloc(0), legacyDateTime(false)(variant.value)];
      case "smalldatetime":
        return [0x3a, Buffer.alloc(0), legacyDateTime(true)(variant.value)];
      case "datetime2": {
        const { days, units } = civil(variant.value);
        return [0x2a, u8(variant.scale), Buffer.concat([timeOf(units, variant.scale), dateOf(days)])];
      }
      case "time":
        return [0x29, u8(variant.scale), timeOf(civil(`1970-01-01 ${variant.value}`).units, variant.scale)];
      case "datetimeoffset":
        return [0x2b, u8(variant.scale), dateTimeOffset(variant.scale)(variant.value)];
      case "nvarchar":
        // Max length, then collation, in the order tedious reads them (README.md, "SQL Server").
        return [0xe7, Buffer.concat([u16(8000), collation()]), text16(variant.value)];
      case "varbinary":
        return [0xa5, u16(8000), bytes(variant.value)];
      case "uniqueidentifier":
        return [0x24, Buffer.alloc(0), guidBytes(variant.value as string)];
    }
  })();
  return Buffer.concat([u8(base), u8(props.length), props, data]);
}

/** The columns of every SQL Server type Weft maps, by the name a test gives them. */
export const tdsType = {
  /** TDS's NULLTYPE (0x1F): no bytes, always null. */
  null: (name: string) => column(name, u8(0x1f), () => Buffer.alloc(0)),
  bit: (name: string) =>
    column(
      name,
      Buffer.from([0x68, 1]),
      byteLen((v) => u8(v ? 1 : 0)),
    ),
  bitNotNull: (name: string) => column(name, u8(0x32), (v) => u8(v ? 1 : 0)),
  tinyint: (name: string) => column(name, Buffer.from([0x26, 1]), byteLen(int(1))),
  smallint: (name: string) => column(name, Buffer.from([0x26, 2]), byteLen(int(2))),
  int: (name: string) => column(name, Buffer.from([0x26, 4]), byteLen(int(4))),
  intNotNull: (name: string) => column(name, u8(0x38), int(4)),
  bigint: (name: string) => column(name, Buffer.from([0x26, 8]), byteLen(int(8))),
  bigintNotNull: (name: string) => column(name, u8(0x7f), int(8)),
  real: (name: string) => column(name, Buffer.from([0x6d, 4]), byteLen(float(4))),
  float: (name: string) => column(name, Buffer.from([0x6d, 8]), byteLen(float(8))),
  floatNotNull: (name: string) => column(name, u8(0x3e), float(8)),
  decimal: (name: string, precision: number, scale: number, numeric = false) =>
    column(
      name,
      Buffer.from([numeric ? 0x6c : 0x6a, 1 + decimalBytes(precision), precision, scale]),
      byteLen(decimal(precision, scale)),
    ),
  money: (name: string) => column(name, Buffer.from([0x6e, 8]), byteLen(money(8))),
  smallmoney: (name: string) => column(name, Buffer.from([0x6e, 4]), byteLen(money(4))),
  moneyNotNull: (name: string) => column(name, u8(0x3c), money(8)),
  smallmoneyNotNull: (name: string) => column(name, u8(0x7a), money(4)),
  date: (name: string) =>
    column(
      name,
      u8(0x28),
      byteLen((v) => dateOf(civil(v as string).days)),
    ),
  time: (name: string, scale: number) =>
    column(
      name,
      Buffer.from([0x29, scale]),
      byteLen((v) => timeOf(civil(`1970-01-01 ${v}`).units, scale)),
    ),
  datetime2: (name: string, scale: number) =>
    column(
      name,
      Buffer.from([0x2a, scale]),
      byteLen((v) => {
        const { days, units } = civil(v as string);
        return Buffer.concat([timeOf(units, scale), dateOf(days)]);
      }),
    ),
  datetimeoffset: (name: string, scale: number) =>
    column(name, Buffer.from([0x2b, scale]), byteLen(dateTimeOffset(scale))),
  datetime: (name: string) => column(name, Buffer.from([0x6f, 8]), byteLen(legacyDateTime(false))),
  smalldatetime: (name: string) => column(name, Buffer.from([0x6f, 4]), byteLen(legacyDateTime(true))),
  datetimeNotNull: (name: string) => column(name, u8(0x3d), legacyDateTime(false)),
  char: (name: string, length: number) =>
    column(name, Buffer.concat([u8(0xaf), u16(length), collation()]), shortLen(latin1)),
  varchar: (name: string, length: number) =>
    column(name, Buffer.concat([u8(0xa7), u16(length), collation()]), shortLen(latin1)),
  varcharUtf8: (name: string) => column(name, Buffer.concat([u8(0xa7), u16(400), collation(true)]), shortLen(utf8)),
  varcharMax: (name: string) => column(name, Buffer.concat([u8(0xa7), u16(0xffff), collation(true)]), plp(utf8)),
  nchar: (name: string, length: number) =>
    column(name, Buffer.concat([u8(0xef), u16(length * 2), collation()]), shortLen(text16)),
  nvarchar: (name: string, length: number) =>
    column(name, Buffer.concat([u8(0xe7), u16(length * 2), collation()]), shortLen(text16)),
  nvarcharMax: (name: string) => column(name, Buffer.concat([u8(0xe7), u16(0xffff), collation()]), plp(text16)),
  text: (name: string) =>
    column(name, Buffer.concat([u8(0x23), u32(0x7fffffff), collation()]), textPointer(latin1), { table: true }),
  ntext: (name: string) =>
    column(name, Buffer.concat([u8(0x63), u32(0x7ffffffe), collation()]), textPointer(text16), { table: true }),
  xml: (name: string) => column(name, Buffer.from([0xf1, 0]), plp(text16)),
  uniqueidentifier: (name: string) =>
    column(
      name,
      Buffer.from([0x24, 16]),
      byteLen((v) => guidBytes(v as string)),
    ),
  binary: (name: string, length: number) => column(name, Buffer.concat([u8(0xad), u16(length)]), shortLen(bytes)),
  varbinary: (name: string, length: number) => column(name, Buffer.concat([u8(0xa5), u16(length)]), shortLen(bytes)),
  varbinaryMax: (name: string) => column(name, Buffer.concat([u8(0xa5), u16(0xffff)]), plp(bytes)),
  image: (name: string) =>
    column(name, Buffer.concat([u8(0x22), u32(0x7fffffff)]), textPointer(bytes), { table: true }),
  rowversion: (name: string) => column(name, Buffer.concat([u8(0xad), u16(8)]), shortLen(bytes), { userType: 0x50 }),
  variant: (name: string) =>
    column(name, Buffer.concat([u8(0x62), u32(8016)]), (v) => {
      if (v === null) return u32(0);
      const data = variantBytes(v as VariantValue);
      return Buffer.concat([u32(data.length), data]);
    }),
  geography: (name: string) =>
    column(
      name,
      Buffer.concat([
        u8(0xf0),
        u16(0xffff),
        bVarChar("master"),
        bVarChar("sys"),
        bVarChar("geography"),
        usVarChar("Microsoft.SqlServer.Types.SqlGeography"),
      ]),
      plp(bytes),
    ),
} satisfies Record<string, (name: string, ...rest: never[]) => TdsColumn>;

/** COLMETADATA (0x81): the column count, then each column. */
export function colMetadataToken(columns: readonly TdsColumn[]): Buffer {
  return Buffer.concat([u8(0x81), u16(columns.length), ...columns.map((c) => c.metadata)]);
}

/** ROW (0xD1): every value as its type writes it, nulls included. */
export function rowToken(columns: readonly TdsColumn[], values: readonly unknown[]): Buffer {
  return Buffer.concat([u8(0xd1), ...columns.map((c, i) => c.encode(values[i] ?? null))]);
}

/** NBCROW (0xD2): a bitmap of the null columns, then only the other values. */
export function nbcRowToken(columns: readonly TdsColumn[], values: readonly unknown[]): Buffer {
  const bitmap = Buffer.alloc(Math.ceil(columns.length / 8));
  const data: Buffer[] = [];
  columns.forEach((c, i) => {
    const value = values[i] ?? null;
    if (value === null) bitmap[i >> 3] = (bitmap[i >> 3] as number) | (1 << (i & 7));
    else data.push(c.encode(value));
  });
  return Buffer.concat([u8(0xd2), bitmap, ...data]);
}

/** DONE status bits. */
export const DONE = { final: 0, more: 0x1, error: 0x2, count: 0x10, attention: 0x20 } as const;

/** DONE (0xFD): status, current command, row count (8 bytes from TDS 7.2). */
export function doneToken(status: number, rowCount = 0): Buffer {
  const count = Buffer.alloc(8);
  count.writeBigUInt64LE(BigInt(rowCount));
  return Buffer.concat([u8(0xfd), u16(status), u16(0xc1), count]);
}

/** The end of a procedure's response: DONEINPROC (0xFF), RETURNSTATUS (0x79) 0, DONEPROC (0xFE). */
export function procedureEndTokens(rowCount: number): Buffer {
  const done = doneToken(DONE.count, rowCount);
  return Buffer.concat([
    Buffer.from([0xff]),
    done.subarray(1),
    Buffer.from([0x79]),
    u32(0),
    Buffer.from([0xfe]),
    doneToken(DONE.final).subarray(1),
  ]);
}

/** ERROR (0xAA): number, state, class, message, server name, procedure, line. */
export function errorToken(number: number, message: string, severity = 16): Buffer {
  const body = Buffer.concat([
    u32(number),
    u8(1),
    u8(severity),
    usVarChar(message),
    bVarChar("fake"),
    bVarChar(""),
    u32(1),
  ]);
  return Buffer.concat([u8(0xaa), u16(body.length), body]);
}

/** LOGINACK (0xAD): interface T-SQL, TDS 7.4, a program name and version. */
export function loginAckToken(): Buffer {
  const version = Buffer.alloc(4);
  version.writeUInt32BE(0x74000004);
  const body = Buffer.concat([u8(1), version, bVarChar("Microsoft SQL Server"), Buffer.from([16, 0, 0, 1])]);
  return Buffer.concat([u8(0xad), u16(body.length), body]);
}
