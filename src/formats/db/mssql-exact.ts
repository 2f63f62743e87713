/**
 * Exact values from tedious. tedious 20.3.9 turns decimal, numeric, money and smallmoney into
 * JS numbers (value-parser.js: `value * sign / 10 ** scale`, the 128-bit magnitude summed as
 * doubles), so anything past about 15 significant digits changes: decimal(38,10)
 * 9235717715.7560103758 arrives as 9235717715.75601. No connection option gives text instead
 * (useColumnNames, useUTC, lowerCaseGuids and camelCaseColumns touch other things). So Weft
 * wraps tedious's `readValue`, which the ROW and NBCROW readers look up on the module at each
 * call: for a connection marked with `markExact`, the wrapper lets tedious read the value (it
 * checks lengths and waits for more bytes as before), then reads the same bytes again exactly.
 * Other connections in the process get tedious's own values. mssql-types.test.ts runs
 * tedious's real token parser over TDS bytes, so a tedious that moves this hook fails there.
 */

/** A column's metadata as tedious's readers pass it (the fields the hook reads). */
interface HookMetadata {
  type: { name: string };
  scale?: number;
}
type ReadResult = { value: unknown; offset: number };
type ReadValue = (buf: Buffer, offset: number, metadata: HookMetadata, options: object) => ReadResult;

const EXACT = Symbol.for("weft.mssql.exact-values");
let installed = false;

/** Wraps tedious's value reader once per process (see the file comment). */
export function installExactValues(): void {
  if (installed) return;
  // A plain require with a literal: `bun build --compile` bundles it as the same module object
  // tedious's readers use (createRequire would look for node_modules at run time).
  const parser = require("tedious/lib/value-parser") as { readValue: ReadValue };
  const stock = parser.readValue;
  if (typeof stock !== "function") {
    throw new Error("tedious/lib/value-parser has no readValue: mssql-exact.ts needs updating for this tedious");
  }
  parser.readValue = (buf, offset, metadata, options) => {
    const result = stock(buf, offset, metadata, options);
    if (result.value === null || (options as Record<symbol, unknown>)[EXACT] !== true) return result;
    const exact = exactValue(buf, offset, result.offset, metadata, result.value);
    return exact === undefined ? result : { value: exact, offset: result.offset };
  };
  installed = true;
}

/** Marks a tedious connection's options (`connection.config.options`) so its values are read exactly. */
export function markExact(options: object): void {
  (options as Record<symbol, unknown>)[EXACT] = true;
}

/** The exact value of the bytes `buf[start, end)` tedious just read, or undefined to keep tedious's. */
function exactValue(buf: Buffer, start: number, end: number, metadata: HookMetadata, stock: unknown) {
  switch (metadata.type.name) {
    case "DecimalN":
    case "NumericN":
      // length, sign (1 = positive), magnitude little-endian
      return scaledText(buf[start + 1] === 1, unsignedLE(buf, start + 2, end), metadata.scale ?? 0);
    case "Money":
    case "SmallMoney":
      return moneyText(buf, start, end);
    case "MoneyN":
      return moneyText(buf, start + 1, end);
    case "Variant":
      return variantText(buf, start, end, stock);
    default:
      return undefined;
  }
}

/** An unsigned little-endian integer: a number when it is safe, else a bigint. */
function unsignedLE(buf: Buffer, from: number, to: number): number | bigint {
  if (to - from <= 6) return buf.readUIntLE(from, to - from);
  let value = 0n;
  for (let i = to - 1; i >= from; i--) value = (value << 8n) | BigInt(buf[i] as number);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** `units / 10^scale` as decimal text with exactly `scale` fraction digits (`-0.50`, `12`). */
export function scaledText(positive: boolean, units: number | bigint, scale: number): string {
  let digits = units.toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, "0");
    digits = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  }
  return positive || /^[0.]+$/.test(digits) ? digits : `-${digits}`;
}

/** money (8 bytes: high int32, low uint32) or smallmoney (int32), in ten-thousandths. */
function moneyText(buf: Buffer, start: number, end: number): string {
  if (end - start === 4) {
    const units = buf.readInt32LE(start);
    return scaledText(units >= 0, Math.abs(units), 4);
  }
  const units = (BigInt(buf.readInt32LE(start)) << 32n) | BigInt(buf.readUInt32LE(start + 4));
  return scaledText(units >= 0n, units < 0n ? -units : units, 4);
}

/**
 * A sql_variant as text, by its base type (README.md, "SQL Server"): numbers as digits
 * (decimal and money exactly, with their scale), bit as 1/0, real and float as JS's shortest
 * text that reads back the same, dates and times as `YYYY-MM-DD hh:mm:ss[.fraction]` with the
 * type's own number of fraction digits (datetimeoffset in its own offset, then ` +hh:mm`),
 * binary as `0x` and upper-case hex, text and uniqueidentifier as they are.
 */
function variantText(buf: Buffer, start: number, end: number, stock: unknown): string {
  const baseType = buf[start + 4];
  const data = start + 6 + (buf[start + 5] as number); // after the length, type, property count and properties
  const scale = buf[start + 6] as number; // the first property of time, datetime2, datetimeoffset
  switch (baseType) {
    case 0x32: // bit
      return stock ? "1" : "0";
    case 0x3b: // real
      return float32Text(stock as number);
    case 0x6a: // decimal
    case 0x6c: // numeric
      return scaledText(buf[data] === 1, unsignedLE(buf, data + 1, end), buf[start + 7] as number);
    case 0x3c: // money
    case 0x7a: // smallmoney
      return moneyText(buf, data, end);
    case 0x28: // date
      return dateTimeText(stock as Date, -1);
    case 0x3a: // smalldatetime
      return dateTimeText(stock as Date, 0);
    case 0x3d: // datetime
      return dateTimeText(stock as Date, 3);
    case 0x2a: // datetime2
      return dateTimeText(stock as Date, scale);
    case 0x29: // time
      return dateTimeText(stock as Date, scale).slice(11);
    case 0x2b: {
      // datetimeoffset: tedious gives the UTC instant; the offset in minutes ends the value.
      const minutes = buf.readInt16LE(end - 2);
      const local = withDelta(new Date((stock as Date).getTime() + minutes * 60_000), stock as Date);
      const sign = minutes < 0 ? "-" : "+";
      const abs = Math.abs(minutes);
      return `${dateTimeText(local, scale)} ${sign}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`;
    }
    case 0xa5: // varbinary
    case 0xad: // binary
      return hexText(stock as Uint8Array);
    default:
      return typeof stock === "string" ? stock : String(stock);
  }
}

/** The shortest decimal text that reads back as the same 32-bit float (0.1, not 0.100000001). */
export function float32Text(value: number): string {
  for (let digits = 1; digits <= 9; digits++) {
    const text = value.toPrecision(digits);
    if (Math.fround(Number(text)) === value) return String(Number(text));
  }
  return String(value);
}

/** `0x` and the bytes in upper-case hex, as SQL Server shows binary values. */
export function hexText(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex").toUpperCase()}`;
}

/** Tedious's extra 100-nanosecond units below the millisecond of a datetime2, time or datetimeoffset (0–9999). */
export function subMillisecondUnits(date: Date): number {
  const delta = (date as Date & { nanosecondsDelta?: number }).nanosecondsDelta;
  return delta === undefined ? 0 : Math.round(delta * 1e7);
}

function withDelta(date: Date, from: Date): Date {
  Object.defineProperty(date, "nanosecondsDelta", { value: subMillisecondUnits(from) / 1e7 });
  return date;
}

/** `YYYY-MM-DD hh:mm:ss` of a UTC date and `fractionDigits` of its seconds (none at 0; the date alone at -1). */
function dateTimeText(date: Date, fractionDigits: number): string {
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
  if (fractionDigits < 0) return day;
  const time = `${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}`;
  const units = date.getUTCMilliseconds() * 10_000 + subMillisecondUnits(date);
  const fraction = fractionDigits > 0 ? `.${pad(units, 7).slice(0, fractionDigits)}` : "";
  return `${day} ${time}${fraction}`;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}
