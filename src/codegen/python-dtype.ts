import { ValidationError } from "../shared/errors";
import { pyStr } from "./python-text";

/**
 * A dtype name a user typed (Select's `dtype`) as Python Polars source: the grammar of
 * src/tools/parse-dtype.ts (Python names, an optional `pl.` prefix, keyword arguments,
 * display forms such as `list[i64]`, lower-case aliases), written out as `pl.Int64`,
 * `pl.Datetime("ms", "UTC")`, `pl.List(pl.String)`. That module builds nodejs-polars types,
 * which the Server process cannot load; dtype.test.ts keeps the two in step.
 */

const SIMPLE: Readonly<Record<string, string>> = {
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

const ACCEPTED =
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

function checkTimeZone(zone: string, fail: (why: string) => never): void {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
  } catch (error) {
    if (error instanceof RangeError) fail(`unknown time zone "${zone}"`);
    throw error;
  }
}

/** The Python source of the dtype `name`; a ValidationError listing the accepted names otherwise. */
export function pythonDtype(name: string): string {
  const fail = (why?: string): never => {
    throw new ValidationError(`Unknown data type "${name}"${why ? ` (${why})` : ""}; accepted: ${ACCEPTED}`);
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
  const args = (): Token[] => {
    const out: Token[] = [];
    if (!isPunct("(", "[")) return out;
    const close = take().text === "(" ? ")" : "]";
    while (!isPunct(close)) {
      if (peek()?.kind === "word" && tokens[pos + 1]?.text === "=") pos += 2;
      out.push(take());
      if (!isPunct(close)) take(",");
    }
    take(close);
    return out;
  };
  const unit = (token: Token | undefined): string => {
    const text = token?.text.replace("μ", "u") ?? "us";
    if (!["ns", "us", "ms"].includes(text)) fail(`time unit must be ms, us or ns, not "${token?.text}"`);
    return text;
  };
  const integer = (token: Token | undefined, what: string): number => {
    if (token?.kind !== "number") fail(`${what} must be a whole number`);
    return Number(token?.text);
  };
  /** Opens `(` or `[` and answers the matching closer. */
  const open = (): string => (take().text === "[" ? "]" : ")");

  const dtype = (): string => {
    const word = take();
    if (word.kind !== "word") fail();
    let base = word.text.toLowerCase();
    if (base === "pl" && isPunct(".")) {
      take(".");
      base = take().text.toLowerCase();
    }
    const simple = Object.hasOwn(SIMPLE, base) ? SIMPLE[base] : undefined;
    if (simple) {
      if (isPunct("(") && tokens[pos + 1]?.text === ")") pos += 2;
      return `pl.${simple}`;
    }
    switch (base) {
      case "datetime": {
        const [u, zone] = args();
        if (zone && zone.kind !== "text" && zone.kind !== "word") fail();
        const timeZone = zone?.text === "None" ? null : (zone?.text ?? null);
        if (timeZone) checkTimeZone(timeZone, fail);
        return timeZone ? `pl.Datetime(${pyStr(unit(u))}, ${pyStr(timeZone)})` : `pl.Datetime(${pyStr(unit(u))})`;
      }
      case "duration":
        return `pl.Duration(${pyStr(unit(args()[0]))})`;
      case "decimal": {
        const [p, s] = args();
        return `pl.Decimal(${p ? integer(p, "precision") : 38}, ${s ? integer(s, "scale") : 0})`;
      }
      case "list": {
        const close = open();
        const inner = dtype();
        take(close);
        return `pl.List(${inner})`;
      }
      case "array": {
        const close = open();
        const inner = dtype();
        take(",");
        const size = integer(take(), "array size");
        take(close);
        return `pl.Array(${inner}, ${size})`;
      }
      case "struct": {
        take("(");
        take("{");
        const fields: string[] = [];
        while (!isPunct("}")) {
          const field = take();
          if (field.kind !== "text") fail("struct field names are quoted");
          take(":");
          fields.push(`${pyStr(field.text)}: ${dtype()}`);
          if (!isPunct("}")) take(",");
        }
        take("}");
        take(")");
        return `pl.Struct({${fields.join(", ")}})`;
      }
      default:
        return fail();
    }
  };

  const result = dtype();
  if (pos !== tokens.length) fail();
  return result;
}
