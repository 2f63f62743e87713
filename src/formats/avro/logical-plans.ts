import pl from "nodejs-polars";
import type { AvroCursor, AvroOutput } from "./binary";
import { direct, type Step, type ValuePlan } from "./plan";
import type { AvroType } from "./schema";

type Primitive = Extract<AvroType, { kind: "primitive" }>;
type Fixed = Extract<AvroType, { kind: "fixed" }>;

/** Polars' Decimal holds at most 38 digits (an i128). */
const MAX_DECIMAL_PRECISION = 38;

const copyInt: Step = (src, out) => src.copyVarint(out, 5, 0x0f);
const copyLong: Step = (src, out) => src.copyVarint(out, 10, 0x01);

/**
 * The plan of a primitive with a logical type this reader applies, or undefined to read the
 * underlying type (the spec says an unknown or invalid logical type is ignored). Polars'
 * Avro reader applies date, time-millis/micros, timestamp-millis/micros (UTC) and
 * local-timestamp-millis/micros itself; nanosecond timestamps arrive as Int64 and are cast.
 */
export function logicalPrimitivePlan(type: Primitive): ValuePlan | undefined {
  const logical = type.logicalType;
  switch (`${type.name}:${logical}`) {
    case "int:date":
      return direct({ type: "int", logicalType: logical }, copyInt, pl.Date, 1);
    case "int:time-millis":
      return direct({ type: "int", logicalType: logical }, copyInt, pl.Time, 1);
    case "long:time-micros":
      return direct({ type: "long", logicalType: logical }, copyLong, pl.Time, 1);
    case "long:timestamp-millis":
      return direct({ type: "long", logicalType: logical }, copyLong, pl.Datetime("ms", "UTC"), 1);
    case "long:timestamp-micros":
      return direct({ type: "long", logicalType: logical }, copyLong, pl.Datetime("us", "UTC"), 1);
    case "long:local-timestamp-millis":
      return direct({ type: "long", logicalType: logical }, copyLong, pl.Datetime("ms"), 1);
    case "long:local-timestamp-micros":
      return direct({ type: "long", logicalType: logical }, copyLong, pl.Datetime("us"), 1);
    case "long:timestamp-nanos":
      return { ...direct("long", copyLong, pl.Datetime("ns", "UTC"), 1), cast: true };
    case "long:local-timestamp-nanos":
      return { ...direct("long", copyLong, pl.Datetime("ns"), 1), cast: true };
    case "bytes:decimal":
      return decimalPlan(type);
    default:
      return undefined;
  }
}

/**
 * A decimal (on bytes or fixed): Polars' Decimal(precision, scale) up to 38 digits, exact
 * text beyond. Undefined when the attributes are invalid (then the bytes are read as bytes).
 */
export function decimalPlan(type: Primitive | Fixed): ValuePlan | undefined {
  if (type.logicalType !== "decimal") return undefined;
  const precision = type.precision;
  const scale = type.scale ?? 0;
  if (!Number.isSafeInteger(precision) || !Number.isSafeInteger(scale)) return undefined;
  if ((precision as number) < 1 || scale < 0 || scale > (precision as number)) return undefined;
  const read = type.kind === "fixed" ? fixedBytes(type.size) : (src: AvroCursor) => src.lengthPrefixed();
  const minSize = type.kind === "fixed" ? type.size : 1;
  if ((precision as number) <= MAX_DECIMAL_PRECISION) {
    const schema = { type: "bytes", logicalType: "decimal", precision, scale };
    const write: Step = (src, out) => out.lengthPrefixed(shortestTwosComplement(read(src), src));
    return direct(schema, write, pl.Decimal(precision as number, scale), minSize);
  }
  const encoder = new TextEncoder();
  const write: Step = (src, out) => out.lengthPrefixed(encoder.encode(decimalText(read(src), scale)));
  return direct("string", write, pl.Utf8, minSize);
}

/** A fixed(16) uuid as its canonical text (8-4-4-4-12 lower-case hex). A uuid on a string is the string. */
export function uuidFixedPlan(type: Fixed): ValuePlan | undefined {
  if (type.logicalType !== "uuid" || type.size !== 16) return undefined;
  const encoder = new TextEncoder();
  return direct(
    "string",
    (src, out) => {
      const hex = Buffer.from(src.take(16)).toString("hex");
      const text = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      out.lengthPrefixed(encoder.encode(text));
    },
    pl.Utf8,
    16,
  );
}

/**
 * A duration (fixed(12): three little-endian unsigned 32-bit counts) as a struct of
 * months, days and milliseconds: Polars' Duration cannot hold months.
 */
export function durationPlan(type: Fixed, recordName: () => string): ValuePlan | undefined {
  if (type.logicalType !== "duration" || type.size !== 12) return undefined;
  const parts = ["months", "days", "milliseconds"];
  const schema = { type: "record", name: recordName(), fields: parts.map((name) => ({ name, type: "long" })) };
  const write = (src: AvroCursor, out: AvroOutput) => {
    const bytes = src.take(12);
    const view = new DataView(bytes.buffer, bytes.byteOffset, 12);
    for (let i = 0; i < 3; i++) out.long(view.getUint32(i * 4, true));
  };
  return direct(schema, write, pl.Struct(parts.map((name) => pl.Field.from(name, pl.Int64))), 12);
}

function fixedBytes(size: number): (src: AvroCursor) => Uint8Array {
  return (src) => src.take(size);
}

/**
 * The same two's-complement number without redundant sign bytes, so a wide fixed still
 * fits Polars' 16-byte decimals; a value that needs more than 16 bytes is refused.
 */
function shortestTwosComplement(bytes: Uint8Array, src: AvroCursor): Uint8Array {
  let start = 0;
  while (bytes.length - start > 16) {
    const b = bytes[start] as number;
    const next = bytes[start + 1] as number;
    if ((b === 0x00 && next < 0x80) || (b === 0xff && next >= 0x80)) start++;
    else src.fail(`a decimal of ${bytes.length} bytes has more than ${MAX_DECIMAL_PRECISION} digits`);
  }
  return bytes.subarray(start);
}

/** The exact decimal text of a big-endian two's-complement unscaled value and a scale. */
export function decimalText(bytes: Uint8Array, scale: number): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  if (bytes.length > 0 && (bytes[0] as number) >= 0x80) value -= 1n << BigInt(8 * bytes.length);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, "0");
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}
