import { ValidationError } from "../shared/errors";

/**
 * The grammar of the dtype names users type (Select's `dtype`, an expression's `cast`),
 * without Polars: Python names (`Int64`, `pl.Datetime("ms", "UTC")`), keyword arguments
 * (`Datetime(time_unit='ms')`), Polars' display forms (`list[i64]`, `datetime[μs]`) and
 * lower-case aliases (`int`, `str`, `date`). A name parses to a DtypeSpec, which
 * parse-dtype.ts turns into a nodejs-polars type (the engine) and codegen/python-dtype.ts
 * into Python source (the Server process, which does not load Polars).
 */

/** The types without parameters, by their Python Polars names. */
export type SimpleDtype =
  | "Int8"
  | "Int16"
  | "Int32"
  | "Int64"
  | "UInt8"
  | "UInt16"
  | "UInt32"
  | "UInt64"
  | "Float32"
  | "Float64"
  | "Boolean"
  | "String"
  | "Date"
  | "Time"
  | "Categorical";

export const TIME_UNITS = ["ns", "us", "ms"] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** A parsed dtype name. */
export type DtypeSpec =
  | { kind: "simple"; name: SimpleDtype }
  | { kind: "Datetime"; unit: TimeUnit; timeZone: string | null }
  | { kind: "Duration"; unit: TimeUnit }
  | { kind: "Decimal"; precision: number; scale: number }
  | { kind: "List"; inner: DtypeSpec }
  | { kind: "Array"; inner: DtypeSpec; size: number }
  | { kind: "Struct"; fields: { name: string; type: DtypeSpec }[] };

const SIMPLE: Readonly<Record<string, SimpleDtype>> = {
  int8: "Int8",
  i8: "Int8",
  int16: "Int16",
  i16: "Int16",
  int32: "Int32",
  i32: "Int32",
  int64: "Int64",
  i64: "Int64",
  int: "Int64",
  integer: "Int64",
  uint8: "UInt8",
  u8: "UInt8",
  uint16: "UInt16",
  u16: "UInt16",
  uint32: "UInt32",
  u32: "UInt32",
  uint64: "UInt64",
  u64: "UInt64",
  float32: "Float32",
  f32: "Float32",
  float64: "Float64",
  f64: "Float64",
  float: "Float64",
  double: "Float64",
  boolean: "Boolean",
  bool: "Boolean",
  string: "String",
  str: "String",
  utf8: "String",
  date: "Date",
  time: "Time",
  categorical: "Categorical",
  cat: "Categorical",
};

/** What parseDtypeSpec accepts, for error messages. */
export const ACCEPTED_DTYPE_NAMES =
  "Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Float32, Float64, Boolean, String (Utf8), " +
  "Date, Datetime, Datetime(ms|us|ns), Datetime(us, <time zone>), Time, Duration(ms|us|ns), " +
  "Decimal(<precision>, <scale>), Categorical, List(<type>), Array(<type>, <size>), " +
  "Struct({'<name>': <type>, ...}); lower-case aliases such as int64, int, float, str, bool, date, datetime";

type Token = { kind: "word" | "number" | "text" | "punct"; text: string };

function tokenize(source: string, fail: () => never): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:([A-Za-z_μ][\w/+\-μ]*)|(\d+)|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([()[\]{},:=.]))/y;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    pattern.lastIndex = at;
    const m = pattern.exec(source);
    if (!m) fail();
    at = pattern.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: "word", text: m[1] });
    else if (m[2] !== undefined) tokens.push({ kind: "number", text: m[2] });
    else if (m[3] !== undefined || m[4] !== undefined)
      tokens.push({ kind: "text", text: (m[3] ?? m[4] ?? "").replace(/\\(.)/g, "$1") });
    else tokens.push({ kind: "punct", text: m[5] ?? "" });
  }
  return tokens;
}

/**
 * The dtype a user names. A bare `Datetime` is microseconds, as in Python Polars; a bare
 * `Decimal` is Decimal(38, 0). Unknown names, units or time zones throw a ValidationError
 * that lists the accepted names.
 */
export function parseDtypeSpec(name: string): DtypeSpec {
  const fail = (why?: string): never => {
    throw new ValidationError(
      `Unknown data type "${name}"${why ? ` (${why})` : ""}; accepted: ${ACCEPTED_DTYPE_NAMES}`,
    );
  };
  const tokens = tokenize(name, fail);
  let pos = 0;
  const peek = () => tokens[pos];
  const take = (text?: string): Token => {
    const token = tokens[pos];
    if (!token || (text !== undefined && token.text !== text)) fail();
    pos += 1;
    return token as Token;
  };
  const isPunct = (...texts: string[]) => peek()?.kind === "punct" && texts.includes(peek()?.text ?? "");

  /** Positional or keyword arguments inside ( ) or [ ], kept as tokens. */
  const args = (): Token[] => {
    const out: Token[] = [];
    if (!isPunct("(", "[")) return out;
    const close = take().text === "(" ? ")" : "]";
    while (!isPunct(close)) {
      if (peek()?.kind === "word" && tokens[pos + 1]?.text === "=") pos += 2; // keyword name
      out.push(take());
      if (!isPunct(close)) take(",");
    }
    take(close);
    return out;
  };
  const unit = (token: Token | undefined): TimeUnit => {
    const text = token?.text.replace("μ", "u") ?? "us";
    if (!(TIME_UNITS as readonly string[]).includes(text)) fail(`time unit must be ms, us or ns, not "${token?.text}"`);
    return text as TimeUnit;
  };
  const integer = (token: Token | undefined, what: string): number => {
    if (token?.kind !== "number") fail(`${what} must be a whole number`);
    return Number(token?.text);
  };
  /** Opens `(` or `[` and answers the matching closer. */
  const open = (): string => (take().text === "[" ? "]" : ")");

  const dtype = (): DtypeSpec => {
    const word = take();
    if (word.kind !== "word") fail();
    let base = word.text.toLowerCase();
    if (base === "pl" && isPunct(".")) {
      take(".");
      base = take().text.toLowerCase();
    }
    const simple = Object.hasOwn(SIMPLE, base) ? SIMPLE[base] : undefined;
    if (simple) {
      if (isPunct("(") && tokens[pos + 1]?.text === ")") pos += 2; // `Int64()`
      return { kind: "simple", name: simple };
    }
    switch (base) {
      case "datetime": {
        const [u, zone] = args();
        if (zone && zone.kind !== "text" && zone.kind !== "word") fail();
        const timeZone = zone?.text === "None" ? null : (zone?.text ?? null);
        if (timeZone) checkTimeZone(timeZone, fail);
        return { kind: "Datetime", unit: unit(u), timeZone };
      }
      case "duration":
        return { kind: "Duration", unit: unit(args()[0]) };
      case "decimal": {
        const [p, s] = args();
        return { kind: "Decimal", precision: p ? integer(p, "precision") : 38, scale: s ? integer(s, "scale") : 0 };
      }
      case "list": {
        const close = open();
        const inner = dtype();
        take(close);
        return { kind: "List", inner };
      }
      case "array": {
        const close = open();
        const inner = dtype();
        take(",");
        const size = integer(take(), "array size");
        take(close);
        return { kind: "Array", inner, size };
      }
      case "struct": {
        take("(");
        take("{");
        const fields: { name: string; type: DtypeSpec }[] = [];
        while (!isPunct("}")) {
          const field = take();
          if (field.kind !== "text") fail("struct field names are quoted");
          take(":");
          fields.push({ name: field.text, type: dtype() });
          if (!isPunct("}")) take(",");
        }
        take("}");
        take(")");
        return { kind: "Struct", fields };
      }
      default:
        return fail();
    }
  };

  const result = dtype();
  if (pos !== tokens.length) fail();
  return result;
}

function checkTimeZone(zone: string, fail: (why: string) => never): void {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
  } catch (error) {
    // Intl throws RangeError for a zone it does not know; Polars would refuse it too.
    if (error instanceof RangeError) fail(`unknown time zone "${zone}"`);
    throw error;
  }
}
