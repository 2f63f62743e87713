import type { AvroCursor } from "./binary";
import type { AvroType } from "./schema";

/** Recursion deeper than this in one value (a recursive record) is refused rather than risking the stack. */
const MAX_VALUE_DEPTH = 1000;

/**
 * One value decoded to plain JS, for the types that have no faithful Polars column (a union
 * of several types, a recursive record): null, booleans, numbers (BigInt past 2^53), strings,
 * bytes as Uint8Array, arrays, and records and maps as objects. Logical types are not applied.
 */
export function readValue(type: AvroType, src: AvroCursor, depth = 0): unknown {
  if (depth > MAX_VALUE_DEPTH) src.fail(`a value nests deeper than ${MAX_VALUE_DEPTH} levels`);
  switch (type.kind) {
    case "primitive":
      switch (type.name) {
        case "null":
          return null;
        case "boolean":
          return readBoolean(src);
        case "int":
          return src.int();
        case "long":
          return src.long();
        case "float":
          return src.float();
        case "double":
          return src.double();
        case "bytes":
          return src.lengthPrefixed();
        case "string":
          return decodeUtf8(src.lengthPrefixed(), src);
      }
      break;
    case "fixed":
      return src.take(type.size);
    case "enum":
      return type.symbols[src.count("an enum index", type.symbols.length - 1)];
    case "array":
      return readBlocks(src, () => readValue(type.items, src, depth + 1));
    case "map": {
      const entries = readBlocks(src, () => [
        decodeUtf8(src.lengthPrefixed(), src),
        readValue(type.values, src, depth + 1),
      ]);
      return Object.fromEntries(entries as [string, unknown][]);
    }
    case "record": {
      // fromEntries defines own properties, so a field named "__proto__" stays a field.
      return Object.fromEntries(type.fields.map((field) => [field.name, readValue(field.type, src, depth + 1)]));
    }
    case "union": {
      const branch = type.branches[src.count("a union branch", type.branches.length - 1)];
      return branch ? readValue(branch, src, depth + 1) : null;
    }
  }
}

/** The items of an array or map: blocks of `count` items (a negative count is followed by the block's byte size). */
export function readBlocks<T>(src: AvroCursor, item: () => T): T[] {
  const items: T[] = [];
  for (;;) {
    let n = src.long();
    if (n === 0) return items;
    if (typeof n !== "number") return src.fail(`a block of ${n} items is too large`);
    if (n < 0) {
      n = -n;
      src.count("a block size", src.remaining);
    }
    if (n > src.remaining) src.fail(`a block of ${n} items cannot fit in the ${src.remaining} bytes left`);
    for (let i = 0; i < n; i++) items.push(item());
  }
}

export function readBoolean(src: AvroCursor): boolean {
  const b = src.byte();
  if (b > 1) src.fail(`a boolean byte is ${b}, not 0 or 1`);
  return b === 1;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Strict UTF-8 decoding: a string that is not UTF-8 is corrupt data, not something to patch over. */
export function decodeUtf8(bytes: Uint8Array, src: AvroCursor): string {
  try {
    return utf8.decode(bytes);
  } catch (error) {
    return src.fail(`a string is not valid UTF-8 (${(error as Error).message})`);
  }
}

/**
 * A decoded value as text: a string as it is, a number or boolean in decimal, bytes in
 * base64, and arrays, records and maps as JSON (64-bit integers keep every digit).
 */
export function valueText(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  return toJson(value);
}

/** JSON by hand, since JSON.stringify cannot write a BigInt as a number. */
function toJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? String(value) : JSON.stringify(String(value));
    case "bigint":
    case "boolean":
      return String(value);
  }
  if (value instanceof Uint8Array) return JSON.stringify(Buffer.from(value).toString("base64"));
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(",")}}`;
}
