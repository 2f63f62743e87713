import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import pl from "nodejs-polars";
import { acceptedFunctions, compileExpression, type ExprLimits } from ".";
import { ExpressionError } from "./expression-error";

// Property tests of the whole pipeline (parse → check → compile): whatever the text, the
// result is a Polars expression or an ExpressionError whose offset lies in the text. A
// TypeError, RangeError or an error thrown by nodejs-polars while building the expression
// is a bug: the checker let through something the compiler cannot build.

/** Each property runs in about 2 s here; the margin is for slower machines (bun's default is 5 s). */
const PROPERTY_TIMEOUT_MS = 20_000;

const LIMITS: ExprLimits = {
  maxExprStringRepeat: 10_000,
  maxExprPowerExponent: 100,
  maxExprFormatLength: 10_000,
  maxExprStringLength: 1_000_000,
};

/** Compiles; fails the property on anything but a Polars Expr or a well-formed ExpressionError. */
function compileOrRefuse(source: string): pl.Expr | null {
  let result: unknown;
  try {
    result = compileExpression(source, LIMITS);
  } catch (error) {
    if (!(error instanceof ExpressionError)) {
      throw new Error(`${JSON.stringify(source)} threw ${String(error)} instead of an ExpressionError`);
    }
    const { offset, message } = error;
    if (!Number.isInteger(offset) || offset < 0 || offset > source.length) {
      throw new Error(`${JSON.stringify(source)}: offset ${offset} is outside the source (${message})`);
    }
    if (!message.endsWith(`(at column ${offset + 1})`)) throw new Error(`no column in: ${message}`);
    return null;
  }
  if (!pl.Expr.isExpr(result)) throw new Error(`${JSON.stringify(source)} compiled to ${String(result)}`);
  return result;
}

/** compileOrRefuse as a property (fast-check reads a returned null as a failure). */
const refuses = (source: string): void => {
  compileOrRefuse(source);
};

// Columns named as the generators name them, of the kinds the catalogue works on.
const FRAME = pl.DataFrame([
  pl.Series("a", [1, -2, null], pl.Int64),
  pl.Series("b", [0.5, null, -3], pl.Float64),
  pl.Series("s", ["x", null, "ÿ z"], pl.Utf8),
  pl.Series("d", [new Date(0), null, new Date(Date.UTC(2024, 1, 29))], pl.Date),
  pl.Series("l", [[1, 2], null, []], pl.List(pl.Int64)),
]);

/**
 * Compiles and, when accepted, runs the expression on a three-row frame. Polars may refuse
 * the data at run time (a type mismatch, an unknown column: an Error from the engine), but
 * a JavaScript TypeError, RangeError or ReferenceError means the compiled value is broken.
 */
function compileAndRun(source: string): void {
  const expr = compileOrRefuse(source);
  if (expr === null) return;
  try {
    FRAME.lazy().select(expr.alias("r")).collectSync();
  } catch (error) {
    if (error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError) {
      throw new Error(`${JSON.stringify(source)} compiled, then failed in JavaScript: ${String(error)}`);
    }
  }
}

const { table_level, column_methods } = acceptedFunctions();
const ACCEPTED = [
  ...new Set([
    ...table_level,
    ...column_methods.all.map((name) => name.replace(/^list\./, "")),
    ...column_methods.string,
    ...column_methods.datetime,
  ]),
];
const HOSTILE_NAMES = [
  ...["__class__", "__dict__", "__import__", "__proto__", "constructor", "prototype", "toString", "_expr"],
  ...["eval", "exec", "open", "getattr", "os", "sys", "process", "require", "Bun", "globalThis", "cs", "selectors"],
  ...["read_csv", "readCSV", "scan_parquet", "write_csv", "sink_parquet", "sql_expr", "SQLContext", "Series"],
  ...["DataFrame", "LazyFrame", "map_elements", "map_batches", "pipe", "apply", "x", "ｐｌ", "рl", "_"],
];
const KEYWORD_ARGS = [
  ...["value", "literal", "n", "separator", "exponent", "lower_bound", "upper_bound", "strict", "dtype", "decimals"],
  ...["offset", "length", "pattern", "format", "fill_value", "ignore_nulls", "function", "name", "__class__"],
  ...["strategy", "limit", "time_zone", "time_unit", "every", "window_size", "method", "descending", "default"],
  ...["old", "new", "exact", "closed", "index", "characters", "quantile", "interpolation", "ddof"],
];

// ── Token soups ──────────────────────────────────────────────────────────────────────────

const LANGUAGE_TOKENS = [
  ...["pl", "col", "lit", "when", "then", "otherwise", "str", "dt", "list", "alias", "True", "False", "None"],
  ...["and", "or", "not", "in", "is", "lambda", "if", "else", "for", "import", "yield", "del", "class"],
  ...["+", "-", "*", "/", "//", "%", "**", "~", "&", "|", "^", "<<", ">>", "@", "<", ">", "<=", ">=", "==", "!="],
  ...["=", ":=", "+=", ";", ":", ",", ".", "(", ")", "[", "]", "{", "}", "(", ")", "...", "->", "#", "!", "$"],
  ...['"a"', "'b'", '""', '"""x"""', 'f"{x}"', 'rf"{x}"', 'r"\\d"', 'b"x"', '"\\x00"', '"\\N{BULLET}"'],
  ...['"\\u00e9"', '"\\U0001F600"', '"%s"', '"%10001s"', '"%.5f"', '"%d%%"', '"', "'", '"\\', "\\", "\\\n"],
  ...["0", "1", "-1", "2", "100", "101", "10001", "1e308", "1e999", "0x10", "0o7", "0b101", "1_000", "1.5", ".5"],
  ...["99999999999999999999999", "1__0", "0777", "1j", "9007199254740993"],
  ...["é", "ｐｌ", "р", "\u2028", "\u00a0", "\u200b", "😀", "\ud800", "＿", "\0", "\n", "\t", "\r\n", " "],
];
const TOKENS = [...LANGUAGE_TOKENS, ...ACCEPTED, ...HOSTILE_NAMES];
const SEPARATORS = ["", "", " ", "\n", "."];
const tokenSoup = fc
  .array(fc.tuple(fc.constantFrom(...TOKENS), fc.constantFrom(...SEPARATORS)), { maxLength: 30 })
  .map((parts) => parts.map(([token, separator]) => token + separator).join(""));

// ── Polars-shaped text: mostly valid calls, so that the checker and compiler are reached ──

// JSON's escapes (\n, \", \u0000) are Python's escapes too.
const quoted = fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s));
const literal = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.constantFrom("0", "2 ** 10", "2 ** 100", "2 ** 101", "10 ** 18", "2 ** 63", "-2 ** 63", "1e308", "0.1"),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((x) => x.toExponential()),
  fc.constantFrom("True", "False", "None", '"a" * 10000', '"a" * 10001', '"%s-%d" % ("a", 1)', '"%5s" % 1'),
  quoted,
);
const column = fc.constantFrom('"a"', '"b"', '"s"', '"__class__"', '""', '"*"', '"^a.*$"', '["a", "b"]');
const DTYPES = [
  ...["pl.Int64", "pl.Float64", "pl.Utf8", "pl.String", "pl.Boolean", "pl.Date", "pl.List(pl.Int64)"],
  ...['pl.Datetime("ms")', 'pl.Datetime("us", "UTC")', 'pl.Datetime("ns", "Europe/Paris")', 'pl.Duration("ms")'],
  ...['pl.Datetime("ms", "Mars/Olympus")', 'pl.Datetime(time_zone="")', 'pl.List(pl.Datetime("us", "Nowhere"))'],
];
const dtype = fc.constantFrom(...DTYPES);
const sometimesHostile = (names: string[]) =>
  fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, fc.constantFrom(...HOSTILE_NAMES));
// A method of the namespace it is called on, mostly: the checker's argument rules and the compiler get exercised.
const call = fc.oneof(
  { weight: 3, arbitrary: sometimesHostile(column_methods.all).map((m) => `.${m}`) },
  sometimesHostile(column_methods.string).map((m) => `.str.${m}`),
  sometimesHostile(column_methods.datetime).map((m) => `.dt.${m}`),
  fc
    .constantFrom(".arr.", ".cat.", ".name.", ".__class__.")
    .chain((ns) => sometimesHostile(ACCEPTED).map((m) => ns + m)),
);

const polarsText: fc.Memo<string> = fc.memo((depth) => {
  const base = fc.oneof(
    { weight: 3, arbitrary: column.map((c) => `pl.col(${c})`) },
    literal.map((l) => `pl.lit(${l})`),
    literal,
    dtype,
  );
  if (depth <= 1) return base;
  const inner = polarsText(depth - 1);
  const positional = fc.oneof(
    { weight: 4, arbitrary: inner },
    fc.array(literal, { maxLength: 3 }).map((items) => `[${items.join(", ")}]`),
  );
  const keyword = fc.tuple(fc.constantFrom(...KEYWORD_ARGS), inner).map(([k, v]) => `${k}=${v}`);
  const args = fc
    .tuple(fc.array(positional, { maxLength: 3 }), fc.array(keyword, { maxLength: 2 }))
    .map(([p, k]) => [...p, ...k].join(", "));
  return fc.oneof(
    { weight: 2, arbitrary: base },
    { weight: 4, arbitrary: fc.tuple(inner, call, args).map(([e, m, a]) => `(${e})${m}(${a})`) },
    fc.tuple(sometimesHostile(table_level), args).map(([m, a]) => `pl.${m}(${a})`),
    fc
      .tuple(inner, fc.constantFrom("+", "-", "*", "/", "//", "%", "**", "&", "|", "==", "<", ">=", "!="), inner)
      .map(([l, op, r]) => `(${l} ${op} ${r})`),
    fc.tuple(fc.constantFrom("-", "~", "+", "not "), inner).map(([op, e]) => `${op}(${e})`),
    fc
      .tuple(inner, inner, fc.option(inner))
      .map(([c, t, o]) => `pl.when(${c}).then(${t})${o ? `.otherwise(${o})` : ""}`),
    fc.tuple(inner, dtype).map(([e, t]) => `(${e}).cast(${t})`),
    fc.array(inner, { maxLength: 3 }).map((items) => `pl.concat_str([${items.join(", ")}], separator="-")`),
  );
});

// ── Every accepted name, with awkward literal arguments ──────────────────────────────────

const AWKWARD = [
  ...['""', '"1x"', '"%Q"', '"UTC"', '"Mars/Olympus"', '"1d"', '"-1h"', '"0ns"', '"raise"', '"min"', '"ms"', '"[a-"'],
  ...['"\\\\"', '"nearest"', '"%Y-%m-%d"', '"%"', '"$..a"', '"a"', '"left"', '"forward"', '"s"', '"l"'],
  ...["0", "1", "-1", "2", "255", "256", "2**31", "-2**31-1", "2**53+1", "2**63-1", "2**64-1", "1.5", "-0.0"],
  ...["1e308", "-1e308", "1e-320", "True", "False", "None", "[]", "[1, 2]", '["a"]', "[None]", '[1, "a"]'],
  ...["[1.5, None]", "[True]", '[pl.col("a")]', 'pl.col("a")', 'pl.col("s")', "pl.lit(1)", ...DTYPES],
];
const RECEIVERS = ['pl.col("a")', 'pl.col("b")', 'pl.col("s")', 'pl.col("d")', 'pl.col("l")', "pl.lit(1)"];
const awkwardArgs = fc
  .tuple(
    fc.array(fc.constantFrom(...AWKWARD), { maxLength: 3 }),
    fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYWORD_ARGS), fc.constantFrom(...AWKWARD)), {
      maxLength: 2,
      selector: ([name]) => name,
    }),
  )
  .map(([positional, named]) => [...positional, ...named.map(([k, v]) => `${k}=${v}`)].join(", "));
const receiver = fc.constantFrom(...RECEIVERS);
const catalogueCall = fc.oneof(
  fc.tuple(fc.constantFrom(...table_level), awkwardArgs).map(([f, a]) => `pl.${f}(${a})`),
  fc.tuple(receiver, fc.constantFrom(...column_methods.all), awkwardArgs).map(([r, m, a]) => `${r}.${m}(${a})`),
  fc.tuple(receiver, fc.constantFrom(...column_methods.string), awkwardArgs).map(([r, m, a]) => `${r}.str.${m}(${a})`),
  fc.tuple(receiver, fc.constantFrom(...column_methods.datetime), awkwardArgs).map(([r, m, a]) => `${r}.dt.${m}(${a})`),
);

// ── Mutations of valid expressions ──────────────────────────────────────────────────────

const VALID = [
  'pl.col("price") * pl.col("qty")',
  'pl.when(pl.col("a") > 1).then(pl.lit("big")).otherwise(pl.lit("small"))',
  'pl.col("name").str.to_uppercase().str.slice(0, 3)',
  'pl.col("d").dt.strftime("%Y-%m-%d")',
  'pl.col("x").fill_null(0).round(2).clip(-1, 1)',
  'pl.concat_str([pl.col("a"), pl.col("b")], separator=", ")',
  '(pl.col("a") // 2) % 3 ** 2 - 2 * 3',
  '~(pl.col("f").is_null() | pl.col("g").is_in([1, 2, 3]))',
];
const edit = fc.tuple(fc.nat(), fc.constantFrom("insert", "delete", "replace"), fc.constantFrom(...TOKENS));
const mutated = fc
  .tuple(fc.constantFrom(...VALID), fc.array(edit, { minLength: 1, maxLength: 4 }))
  .map(([src, edits]) => {
    let text = src;
    for (const [where, kind, token] of edits) {
      const at = where % (text.length + 1);
      if (kind === "insert") text = text.slice(0, at) + token + text.slice(at);
      else if (kind === "delete") text = text.slice(0, at) + text.slice(at + 1);
      else text = text.slice(0, at) + token + text.slice(at + token.length);
    }
    return text;
  });

describe("only ExpressionError ever escapes parse + check + compile", () => {
  test("acceptedFunctions() names something to fuzz with", () => {
    expect(ACCEPTED).toContain("col");
    expect(ACCEPTED.length).toBeGreaterThan(20);
  });

  test(
    "token soups",
    () => {
      fc.assert(fc.property(tokenSoup, refuses), { numRuns: 8_000 });
    },
    PROPERTY_TIMEOUT_MS,
  );

  test(
    "Polars-shaped expressions with accepted and hostile names (and what compiles, runs)",
    () => {
      fc.assert(fc.property(polarsText(4), compileAndRun), { numRuns: 5_000 });
    },
    PROPERTY_TIMEOUT_MS,
  );

  test(
    "every accepted function and method with awkward literal arguments (and what compiles, runs)",
    () => {
      fc.assert(fc.property(catalogueCall, compileAndRun), { numRuns: 8_000 });
    },
    PROPERTY_TIMEOUT_MS,
  );

  test(
    "valid expressions with random edits (and what compiles, runs)",
    () => {
      fc.assert(fc.property(mutated, compileAndRun), { numRuns: 4_000 });
    },
    PROPERTY_TIMEOUT_MS,
  );

  test(
    "arbitrary unicode text, lone surrogates included",
    () => {
      const text = fc.oneof(
        fc.string({ unit: "binary", maxLength: 40 }),
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
      );
      fc.assert(fc.property(text, refuses), { numRuns: 3_000 });
    },
    PROPERTY_TIMEOUT_MS,
  );

  // Found by the properties above; kept so that they stay fixed whatever the random seed.
  test.each([
    'pl.col("s").cast(pl.Datetime("ms", "Mars/Olympus"))',
    "pl.mean_horizontal([])",
    "pl.sum_horizontal([])",
    "pl.min_horizontal([])",
    "pl.max_horizontal([])",
    "pl.all_horizontal([])",
    "pl.any_horizontal([])",
    "pl.concat_list([])",
    'pl.col("l").list.concat([])',
    'pl.col("s").str.to_datetime(time_zone="Mars/Olympus")',
    'pl.lit(1).exclude("a")',
    'pl.cov("a", "b", 256)',
  ])("%s is refused or runs", (source) => {
    compileAndRun(source);
  });

  test("the valid seeds themselves compile", () => {
    for (const src of VALID) expect(pl.Expr.isExpr(compileExpression(src, LIMITS))).toBe(true);
  });
});
