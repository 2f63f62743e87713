import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { checkExpression, compileExpression, type ExprLimits, parseExpression } from ".";
import { ExpressionError } from "./expression-error";

// Acceptance corpus of docs/server-api.md rule 9: every entry must be refused with an ExpressionError
// whose message names what was refused and whose offset points into the source, before
// anything runs. Sources are written as Python would be typed into the Calculate tool.

const LIMITS: ExprLimits = {
  maxExprStringRepeat: 10_000,
  maxExprPowerExponent: 100,
  maxExprFormatLength: 10_000,
  maxExprStringLength: 1_000_000,
};

/** A source the refusal must be named after (`says`); `at` is the text the offset must fall inside. */
interface Hostile {
  src: string;
  says: RegExp;
  at?: string;
  /** A title for sources too long or too odd to print. */
  name?: string;
}

const run = Math.random().toString(36).slice(2);
const writeTarget = join(tmpdir(), `weft-hostile-${run}.csv`);
const sinkTarget = join(tmpdir(), `weft-hostile-${run}.parquet`);

const DUNDER: Hostile[] = [
  { src: 'pl.col("a").__class__', says: /__class__/, at: "__class__" },
  { src: "pl.__dict__", says: /__dict__/, at: "__dict__" },
  { src: 'pl.col("a").str.__len__()', says: /__len__/, at: "__len__" },
  { src: "(pl).__class__.__mro__", says: /__class__|__mro__/, at: "__class__.__mro__" },
  {
    src: 'pl.col("a").alias("x").__class__.__subclasses__()',
    says: /__class__|__subclasses__/,
    at: "__class__.__subclasses__",
  },
  { src: "pl.lit(1).__add__(1)", says: /__add__/, at: "__add__" },
  { src: "pl.col('a').fill_null(pl.__loader__)", says: /__loader__/, at: "__loader__" },
  { src: 'pl.when(pl.col("a").__eq__(1)).then(1)', says: /__eq__/, at: "__eq__" },
  { src: 'pl.col("a").＿＿class＿＿', says: /__class__|U\+FF3F/, at: "＿＿class＿＿" },
  { src: 'pl.col("a")  .  __class__', says: /__class__/, at: "__class__" },
  { src: '(pl\n  .col("a")\n  .__class__)', says: /__class__/, at: "__class__" },
  { src: 'pl.col("a").__getattribute__("alias")', says: /__getattribute__/, at: "__getattribute__" },
  { src: 'pl.col("a")._pyexpr', says: /_pyexpr/, at: "_pyexpr" },
  { src: 'pl.col("a")._expr', says: /_expr/, at: "_expr" },
  // JavaScript's own property names must not reach a catalogue lookup or the Polars object.
  { src: 'pl.col("a").constructor', says: /constructor/, at: "constructor" },
  { src: 'pl.constructor("return process")()', says: /constructor/, at: "constructor" },
  { src: 'pl.col("a").__proto__', says: /__proto__/, at: "__proto__" },
  { src: "pl.prototype", says: /prototype/, at: "prototype" },
  { src: 'pl.col("a").toString()', says: /toString/, at: "toString" },
  { src: 'pl.col("a").str.hasOwnProperty("x")', says: /hasOwnProperty/, at: "hasOwnProperty" },
  { src: 'pl.col("a").valueOf()', says: /valueOf/, at: "valueOf" },
  { src: 'pl.col("a").str.constructor', says: /constructor/, at: "constructor" },
];

const NAMES: Hostile[] = [
  { src: '__import__("os")', says: /__import__/, at: "__import__" },
  { src: 'open("/etc/passwd")', says: /open/, at: "open" },
  { src: 'eval("1")', says: /eval/, at: "eval" },
  { src: "exec", says: /exec/, at: "exec" },
  { src: 'exec("import os")', says: /exec/, at: "exec" },
  { src: 'getattr(pl, "col")', says: /getattr/, at: "getattr" },
  { src: "globals()", says: /globals/, at: "globals" },
  { src: 'os.system("x")', says: /\bos\b|system/, at: "os.system" },
  { src: "sys", says: /sys/, at: "sys" },
  { src: "sys.modules", says: /sys|modules/, at: "sys.modules" },
  { src: "Bun", says: /Bun/, at: "Bun" },
  { src: 'Bun.spawn(["touch", "/tmp/x"])', says: /Bun|spawn/, at: "Bun.spawn" },
  { src: "process", says: /process/, at: "process" },
  { src: "process.exit(1)", says: /process|exit/, at: "process.exit" },
  { src: 'require("fs")', says: /require/, at: "require" },
  { src: "constructor", says: /constructor/, at: "constructor" },
  { src: "globalThis", says: /globalThis/, at: "globalThis" },
  { src: "__builtins__", says: /__builtins__/, at: "__builtins__" },
  { src: 'pl.col(open("x"))', says: /open/, at: "open" },
  { src: 'pl.col("a").fill_null(value=eval("1"))', says: /eval/, at: "eval" },
  { src: 'ｅｖａｌ("1")', says: /eval|ｅｖａｌ/, at: "ｅｖａｌ" },
  { src: 'compile("1", "", "eval")', says: /compile/, at: "compile" },
  { src: "breakpoint()", says: /breakpoint/, at: "breakpoint" },
  { src: "pl.lit(1) + vars()", says: /vars/, at: "vars" },
];

const FSTRINGS: Hostile[] = [
  { src: 'f"{pl.__class__}"', says: /f-string/i, at: 'f"' },
  { src: 'f"{x!r:>10}"', says: /f-string/i, at: 'f"' },
  { src: 'rf"{x}"', says: /f-string/i, at: "rf" },
  { src: "fr'{x}'", says: /f-string/i, at: "fr" },
  { src: 'F"{x}"', says: /f-string/i, at: "F" },
  { src: 'fR"""{x}"""', says: /f-string/i, at: "fR" },
  { src: 'pl.lit(f"{1}")', says: /f-string/i, at: 'f"' },
  { src: 'pl.col("a").str.contains("x" f"{y}")', says: /f-string/i, at: 'f"' },
  { src: 't"{x}"', says: /t-string|template/i, at: 't"' },
];

const IO: Hostile[] = [
  { src: 'pl.read_csv("/etc/passwd")', says: /read_csv/, at: "read_csv" },
  { src: 'pl.scan_parquet("s3://bucket/x.parquet")', says: /scan_parquet/, at: "scan_parquet" },
  { src: `pl.col("a").write_csv("${writeTarget}")`, says: /write_csv/, at: "write_csv" },
  { src: `pl.col("a").sink_parquet("${sinkTarget}")`, says: /sink_parquet/, at: "sink_parquet" },
  { src: 'pl.read_database("select 1", "postgresql://u@h/db")', says: /read_database/, at: "read_database" },
  { src: 'pl.read_json("http://example.com/x.json")', says: /read_json/, at: "read_json" },
  {
    src: 'pl.when(pl.col("a") > 1).then(pl.read_csv("/etc/passwd")).otherwise(0)',
    says: /read_csv/,
    at: "read_csv",
  },
  { src: 'pl.read_ipc(source="/etc/passwd")', says: /read_ipc/, at: "read_ipc" },
  { src: 'pl.scan_csv("/etc/passwd").collect()', says: /scan_csv|collect/, at: 'scan_csv("/etc/passwd").collect' },
  // The nodejs-polars spelling must not slip through the Python → JS name mapping.
  { src: 'pl.readCSV("/etc/passwd")', says: /readCSV/, at: "readCSV" },
  { src: 'pl.col("a").fill_null(pl.scanParquet("/x"))', says: /scanParquet/, at: "scanParquet" },
  { src: 'pl.read_excel("x.xlsx")', says: /read_excel/, at: "read_excel" },
  { src: 'pl.scan_ndjson("x.ndjson")', says: /scan_ndjson/, at: "scan_ndjson" },
  { src: 'pl.read_database_uri("select 1", "sqlite:///x")', says: /read_database_uri/, at: "read_database_uri" },
];

const SELECTORS_FRAMES_SQL: Hostile[] = [
  { src: "pl.selectors.numeric()", says: /selectors/, at: "selectors" },
  { src: "cs.all()", says: /\bcs\b/, at: "cs" },
  { src: 'pl.selectors.by_name("a")', says: /selectors/, at: "selectors" },
  { src: 'pl.col("a").fill_null(cs.first())', says: /\bcs\b/, at: "cs" },
  { src: "pl.Series([1])", says: /Series/, at: "Series" },
  { src: 'pl.lit(pl.Series("a", [1, 2]))', says: /Series/, at: "Series" },
  { src: 'pl.col("a").is_in(pl.Series([1]))', says: /Series/, at: "Series" },
  { src: "pl.DataFrame({})", says: /DataFrame|dict/, at: "DataFrame({})" },
  { src: "pl.DataFrame([1])", says: /DataFrame/, at: "DataFrame" },
  { src: "pl.LazyFrame", says: /LazyFrame/, at: "LazyFrame" },
  { src: "pl.from_pandas(1)", says: /from_pandas/, at: "from_pandas" },
  { src: "pl.from_records([[1]])", says: /from_records/, at: "from_records" },
  { src: 'pl.sql_expr("1")', says: /sql_expr/, at: "sql_expr" },
  { src: 'pl.sql("select 1")', says: /sql/, at: "sql" },
  { src: "pl.SQLContext()", says: /SQLContext/, at: "SQLContext" },
  { src: 'pl.col("a").fill_null(pl.sql_expr("b"))', says: /sql_expr/, at: "sql_expr" },
  { src: 'pl.when(pl.sql_expr("a > 1")).then(1)', says: /sql_expr/, at: "sql_expr" },
];

const STATEMENTS: Hostile[] = [
  { src: "lambda x: x", says: /lambda/, at: "lambda" },
  { src: 'pl.col("a").map_elements(lambda x: x)', says: /lambda|map_elements/, at: "map_elements(lambda" },
  { src: "[x for x in y]", says: /comprehension/, at: "for" },
  { src: "(x for x in y)", says: /comprehension|generator/, at: "for" },
  { src: "x := 1", says: /:=/, at: ":=" },
  { src: '(x := pl.col("a"))', says: /:=/, at: ":=" },
  { src: "a; b", says: /;|statement/, at: ";" },
  { src: 'pl.col("a"); import os', says: /;|statement/, at: ";" },
  { src: "import os", says: /import/, at: "import" },
  { src: "from os import system", says: /import/, at: "from" },
  { src: "a = 1", says: /assign/, at: "=" },
  { src: "del a", says: /del/, at: "del" },
  { src: 'pl.col("a")\nimport os', says: /line break|statement/, at: "\n" },
  { src: "x if y else z", says: /conditional/, at: "if" },
  { src: "{1: 2}", says: /dict/, at: "{" },
  { src: 'pl.col(*["a"])', says: /\*args|unpack/, at: "*" },
  { src: 'pl.col(**{"name": "a"})', says: /\*\*kwargs|unpack/, at: "**" },
  { src: "x += 1", says: /augmented/, at: "+=" },
  { src: 'pl.col("a") # comment', says: /comment/, at: "#" },
  { src: "class X: pass", says: /statement|class/, at: "class" },
];

const CALLBACKS: Hostile[] = [
  { src: 'pl.col("a").map_batches(1)', says: /map_batches/, at: "map_batches" },
  { src: 'pl.col("a").map_elements(function=1)', says: /map_elements/, at: "map_elements" },
  { src: 'pl.col("a").pipe(1)', says: /pipe/, at: "pipe" },
  { src: 'pl.col("a").apply(1)', says: /apply/, at: "apply" },
  { src: 'pl.col("a").rolling_map(1, window_size=2)', says: /rolling_map/, at: "rolling_map" },
  { src: 'pl.map_batches(["a"], 1)', says: /map_batches/, at: "map_batches" },
  {
    src: 'pl.col("a").fill_null(pl.col("b").map_elements(str))',
    says: /map_elements|\bstr\b/,
    at: "map_elements(str)",
  },
  { src: "pl.fold(pl.lit(0), 1, pl.all())", says: /fold/, at: "fold" },
];

const PYTHON_LOGIC: Hostile[] = [
  { src: 'pl.col("a") > 1 and pl.col("b") < 2', says: /\band\b/, at: 'pl.col("a") > 1 and' },
  { src: 'pl.col("a") or pl.col("b")', says: /\bor\b/, at: 'pl.col("a") or' },
  { src: 'not pl.col("a")', says: /\bnot\b/, at: "not" },
  { src: '1 < pl.col("a") < 3', says: /chain|compar/i, at: '1 < pl.col("a") <' },
  { src: 'pl.col("a") is None', says: /\bis\b/, at: 'pl.col("a") is' },
  { src: 'pl.col("a") is not None', says: /\bis not\b/, at: 'pl.col("a") is not' },
  { src: 'pl.col("a") in [1, 2]', says: /\bin\b/, at: 'pl.col("a") in' },
  { src: 'pl.when((pl.col("a") > 1) and True).then(1)', says: /\band\b/, at: '(pl.col("a") > 1) and' },
];

const LITERAL_LIMITS: Hostile[] = [
  { src: '"a" * 10001', says: /repeat/i, at: "*" },
  { src: '10001 * "a"', says: /repeat/i, at: "*" },
  { src: '("ab" * 5000) * 2', says: /repeat/i, at: ") * 2" },
  { src: 'pl.lit("a" * 10001)', says: /repeat/i, at: "*" },
  { src: 'pl.col("s").str.contains("é" * 10001)', says: /repeat/i, at: "*" },
  { src: '"a" * (10 ** 6)', says: /repeat/i, at: '"a" *' },
  { src: '("a" * 10000 + "b") * 2', says: /repeat/i, at: ") * 2" },
  { src: "2 ** 101", says: /exponent|101/i, at: "**" },
  { src: "2 ** -101", says: /exponent|101/i, at: "**" },
  { src: "pl.lit(2) ** 1000", says: /exponent|1000/i, at: "** 1000" },
  { src: 'pl.col("a").pow(1000)', says: /exponent|1000/i, at: "pow(1000)" },
  { src: 'pl.col("a").pow(exponent=1000)', says: /exponent|1000/i, at: "pow(exponent=1000)" },
  { src: 'pl.col("a") ** (10 * 11)', says: /exponent|110/i, at: "** (10 * 11)" },
  { src: "2 ** 2 ** 2 ** 2 ** 2", says: /exponent/i, at: "** 2 ** 2 ** 2" },
  { src: "(10 ** 100) ** 100", says: /large|bits/i, at: ") ** 100" },
  { src: "pl.lit(1 << 100000)", says: /large|bits/i, at: "<<" },
  { src: '"%10001s" % "x"', says: /format|width/i, at: '% "x"' },
  { src: '"%.99999f" % 1.0', says: /format|precision/i, at: "% 1.0" },
  { src: '"%s%s" % ("a" * 6000, "b" * 6000)', says: /format/i, at: '% ("a"' },
  { src: '("%s" * 3) % ("a" * 4000, "b" * 4000, "c" * 4000)', says: /format/i, at: ") % (" },
  { src: '"%s" % ("x" * 9999 + "yy")', says: /format/i, at: "% (" },
  { src: '"%10000s%10000s" % ("a", "b")', says: /format/i, at: '% ("a"' },
  { src: '"%0*d" % (10001, 1)', says: /\*|format/i, at: "% (" },
];

const nbsp = String.fromCharCode(0xa0);
const SIZE_AND_CHARACTERS: Hostile[] = [
  { name: "10,005 characters of 1 + 1 + ...", src: `${"1 + ".repeat(2501)}1`, says: /10000|10,000|long/ },
  { name: "a 10,000-character string literal", src: `pl.lit("${"a".repeat(10_000)}")`, says: /10000|10,000|long/ },
  { name: "10,001 spaces then 1", src: `${" ".repeat(10_001)}1`, says: /10000|10,000|long/ },
  { name: "100,000 parentheses", src: `${"(".repeat(100_000)}1${")".repeat(100_000)}`, says: /long|nest/ },
  { name: "4,000 parentheses", src: `${"(".repeat(4000)}1${")".repeat(4000)}`, says: /nest/ },
  { name: "4,000 list brackets", src: `${"[".repeat(4000)}1${"]".repeat(4000)}`, says: /nest/ },
  { name: "5,000 unary minus", src: `${"-".repeat(5000)}1`, says: /nest/ },
  { name: "2,000 nots", src: `${"not ".repeat(2000)}1`, says: /nest|\bnot\b/ },
  { name: "3,000 chained powers", src: `2${"**2".repeat(3000)}`, says: /nest|exponent/i },
  { name: "1,600 chained .abs()", src: `pl.col("a")${".abs()".repeat(1600)}`, says: /deep|depth|nest/ },
  { name: "5,000 additions", src: `1${"+1".repeat(4999)}`, says: /deep|depth|nest/ },
  { name: "NUL inside a string", src: 'pl.col("a\0")', says: /NUL/, at: "\0" },
  { name: "NUL after an expression", src: 'pl.col("a")\0', says: /NUL/, at: "\0" },
  { name: "NUL before a dunder", src: 'pl.col("a")\0.__class__', says: /NUL/, at: "\0" },
  { name: "U+2028 line separator", src: 'pl.col("a")\u2028', says: /U\+2028/, at: "\u2028" },
  { name: "Cyrillic р in pl", src: 'рl.col("a")', says: /рl|U\+0440/, at: "рl" },
  { name: "Cyrillic о in col", src: 'pl.cоl("a")', says: /cоl|U\+043E/, at: "cоl" },
  { name: "no-break space", src: `pl.col("a")${nbsp}+ 1`, says: /U\+00A0/, at: nbsp },
  { name: "zero-width space", src: 'pl.\u200bcol("a")', says: /U\+200B/, at: "\u200b" },
  { name: "right-to-left override", src: 'pl.col("a")\u202e', says: /U\+202E/, at: "\u202e" },
  { name: "byte-order mark", src: '\ufeffpl.col("a")', says: /U\+FEFF/, at: "\ufeff" },
];

const GROUPS: Record<string, Hostile[]> = {
  "dunder and JavaScript property names": DUNDER,
  "bare names and builtins": NAMES,
  "f-strings": FSTRINGS,
  "file and network I/O": IO,
  "selectors, frames, series and SQL": SELECTORS_FRAMES_SQL,
  "lambdas, comprehensions and statements": STATEMENTS,
  "callbacks (map_elements, map_batches, pipe, apply)": CALLBACKS,
  "Python and/or/not, chained comparisons, is, in": PYTHON_LOGIC,
  "literal limits": LITERAL_LIMITS,
  "oversize input, deep nesting, NUL and odd unicode": SIZE_AND_CHARACTERS,
};

const ALL = Object.values(GROUPS).flat();

/** Calls `fn` and returns what it threw (failing the test when it returns). */
function refusal(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal, but the expression was accepted");
}

/** Polars entry points that read or write data: none may be reached while refusing. */
const IO_FUNCTIONS = Object.keys(pl).filter((key) => /^(read|scan|write|sink)|SQL/i.test(key));
const spies: { mockRestore(): void; mock: { calls: unknown[][] } }[] = [];
const originalSpawn = Bun.spawn;
const originalSpawnSync = Bun.spawnSync;
const originalWrite = Bun.write;
let sideEffects: string[] = [];

beforeAll(() => {
  for (const key of IO_FUNCTIONS) spies.push(spyOn(pl as unknown as Record<string, () => unknown>, key));
  spies.push(spyOn(globalThis, "eval"));
  const record = (what: string) => () => {
    sideEffects.push(what);
    throw new Error(`${what} called while refusing an expression`);
  };
  Bun.spawn = record("Bun.spawn") as unknown as typeof Bun.spawn;
  Bun.spawnSync = record("Bun.spawnSync") as unknown as typeof Bun.spawnSync;
  Bun.write = record("Bun.write") as unknown as typeof Bun.write;
});

afterAll(() => {
  for (const spy of spies) spy.mockRestore();
  Bun.spawn = originalSpawn;
  Bun.spawnSync = originalSpawnSync;
  Bun.write = originalWrite;
});

describe("hostile expressions are refused", () => {
  test("the corpus is large enough", () => {
    expect(ALL.length).toBeGreaterThanOrEqual(80);
  });

  for (const [group, cases] of Object.entries(GROUPS)) {
    const rows = cases.map((c): [string, Hostile] => [c.name ?? JSON.stringify(c.src), c]);
    test.each(rows)(`${group}: %s`, (_title, c) => {
      sideEffects = [];
      const error = refusal(() => compileExpression(c.src, LIMITS));
      expect(error).toBeInstanceOf(ExpressionError);
      const e = error as ExpressionError;
      expect(e.status).toBe(400);
      expect(e.message).toMatch(c.says);
      // A message built from a JavaScript object's inherited members would show them here.
      expect(e.message).not.toMatch(/\[native code\]|\[object \w+\]|\bundefined\b/);
      expect(Number.isInteger(e.offset)).toBe(true);
      expect(e.offset).toBeGreaterThanOrEqual(0);
      expect(e.offset).toBeLessThanOrEqual(Math.max(0, c.src.length - 1));
      expect(e.message.endsWith(`(at column ${e.offset + 1})`)).toBe(true);
      if (c.at !== undefined) {
        const start = c.src.indexOf(c.at);
        expect(start).toBeGreaterThanOrEqual(0); // the corpus itself is right
        const end = start + c.at.length;
        const where =
          e.offset >= start && e.offset < end ? "inside" : `offset ${e.offset} is outside [${start}, ${end})`;
        expect(where).toBe("inside");
      }
      // The allowlist lives before compilation: the parser or the checker refuses, the same way.
      const early = refusal(() => checkExpression(parseExpression(c.src), LIMITS));
      expect(early).toBeInstanceOf(ExpressionError);
      expect((early as ExpressionError).message).toBe(e.message);
      expect(sideEffects).toEqual([]);
      for (const spy of spies) expect(spy.mock.calls).toEqual([]);
    });
  }

  test("a refused write leaves no file behind", () => {
    expect(existsSync(writeTarget)).toBe(false);
    expect(existsSync(sinkTarget)).toBe(false);
  });
});
