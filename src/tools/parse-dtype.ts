import pl, { type DataType } from "nodejs-polars";
import { ValidationError } from "../shared/errors";
import { TIME_UNITS, type TimeUnit } from "./dtype";

/**
 * The dtype a user names in a cast (Select's `dtype`, an expression's `cast`): Python names
 * (`Int64`, `pl.Datetime("ms", "UTC")`), Polars' display forms (`list[i64]`) and the
 * lower-case aliases users type (`int`, `str`, `date`). Names are the inverse of dtypeName.
 */

const SIMPLE: Record<string, () => DataType> = {
  int8: () => pl.Int8,
  i8: () => pl.Int8,
  int16: () => pl.Int16,
  i16: () => pl.Int16,
  int32: () => pl.Int32,
  i32: () => pl.Int32,
  int64: () => pl.Int64,
  i64: () => pl.Int64,
  int: () => pl.Int64,
  integer: () => pl.Int64,
  uint8: () => pl.UInt8,
  u8: () => pl.UInt8,
  uint16: () => pl.UInt16,
  u16: () => pl.UInt16,
  uint32: () => pl.UInt32,
  u32: () => pl.UInt32,
  uint64: () => pl.UInt64,
  u64: () => pl.UInt64,
  float32: () => pl.Float32,
  f32: () => pl.Float32,
  float64: () => pl.Float64,
  f64: () => pl.Float64,
  float: () => pl.Float64,
  double: () => pl.Float64,
  boolean: () => pl.Bool,
  bool: () => pl.Bool,
  string: () => pl.String,
  str: () => pl.String,
  utf8: () => pl.String,
  date: () => pl.Date,
  time: () => pl.Time,
  categorical: () => pl.Categorical,
  cat: () => pl.Categorical,
};

/** What parseDtype accepts, for error messages. */
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
 * The type a user names in a cast: Python Polars names (`Int64`, `Datetime(ms, UTC)`,
 * `Decimal(10, 2)`, `List(Int64)`), an optional `pl.` prefix, keyword arguments
 * (`Datetime(time_unit='ms')`), Polars' display forms (`list[i64]`, `datetime[μs]`) and
 * lower-case aliases (`int64`, `str`, `float`, `bool`). A bare `Datetime` is microseconds, as
 * in Python Polars. Unknown names throw a ValidationError that lists the accepted ones.
 */
export function parseDtype(name: string): DataType {
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

  /** Positional or keyword arguments inside ( ) or [ ]. Values are kept as tokens or types. */
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

  const dtype = (): DataType => {
    const word = take();
    if (word.kind !== "word") fail();
    let base = word.text.toLowerCase();
    if (base === "pl" && isPunct(".")) {
      take(".");
      base = take().text.toLowerCase();
    }
    const simple = SIMPLE[base];
    if (simple) {
      if (isPunct("(") && tokens[pos + 1]?.text === ")") pos += 2; // `Int64()`
      return simple();
    }
    switch (base) {
      case "datetime": {
        const [u, zone] = args();
        if (zone && zone.kind !== "text" && zone.kind !== "word") fail();
        const timeZone = zone?.text === "None" ? null : (zone?.text ?? null);
        if (timeZone) checkTimeZone(timeZone, fail);
        return pl.Datetime(unit(u), timeZone);
      }
      case "duration":
        return pl.Duration(unit(args()[0]));
      case "decimal": {
        const [p, s] = args();
        return pl.Decimal(p ? integer(p, "precision") : 38, s ? integer(s, "scale") : 0);
      }
      case "list": {
        const close = isPunct("[") ? "]" : ")";
        take();
        const inner = dtype();
        take(close);
        return pl.List(inner);
      }
      case "array": {
        const close = isPunct("[") ? "]" : ")";
        take();
        const inner = dtype();
        take(",");
        const size = integer(take(), "array size");
        take(close);
        return pl.FixedSizeList(inner, size);
      }
      case "struct": {
        take("(");
        take("{");
        const fields: InstanceType<typeof pl.Field>[] = [];
        while (!isPunct("}")) {
          const field = take();
          if (field.kind !== "text") fail("struct field names are quoted");
          take(":");
          fields.push(pl.Field.from(field.text, dtype()));
          if (!isPunct("}")) take(",");
        }
        take("}");
        take(")");
        return pl.Struct(fields);
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
