import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { commentText, identifierFrom, pyStr, pyValue } from "./python-text";

/** What Python reads back from string literals, via ast.literal_eval, as JSON (lone surrogates escaped). */
function pythonReads(literals: string[]): unknown[] {
  const program = [
    "import ast, json, sys",
    "for line in sys.stdin.read().split('\\n'):",
    "    print(json.dumps(ast.literal_eval(line)))",
  ].join("\n");
  const ran = Bun.spawnSync(["python3", "-c", program], { stdin: Buffer.from(literals.join("\n")), stderr: "pipe" });
  if (ran.exitCode !== 0) throw new Error(ran.stderr.toString());
  return ran.stdout
    .toString()
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

/** The characters of `chars` that `text` holds as themselves. */
const rawOf = (text: string, chars: string) => [...chars].filter((c) => text.includes(c));

const HOSTILE = [
  "",
  'say "hi"',
  "it's",
  `both ' and "`,
  '"""',
  "'''",
  "back\\slash\\",
  "line\nbreak\r\nand\rcarriage",
  "tab\tvt\u000bff\u000c",
  "nul\u0000byte",
  "bidi \u202eevil\u202c and \u2066isolate\u2069",
  "separators \u2028 \u2029 \u0085",
  "nbsp\u00a0 and ideographic\u3000space",
  "zero\u200bwidth\ufeffbom",
  "lone \ud800 surrogate \udfff",
  "emoji 😀 and 東京 and Zoë",
  "\\N{BULLET} \\x41 {braces} %s",
];

describe("pyStr", () => {
  test("Python reads every hostile text back exactly", () => {
    expect(pythonReads(HOSTILE.map(pyStr))).toEqual(HOSTILE);
  });

  test("any text round-trips (property test)", () => {
    const texts = fc.sample(fc.string({ unit: "binary", maxLength: 40 }), 300);
    expect(pythonReads(texts.map(pyStr))).toEqual(texts);
  });

  test("never holds a raw line break, NUL or bidirectional control", () => {
    for (const text of HOSTILE) expect(rawOf(pyStr(text), "\n\r\u0000\u2028\u2029\u202e\u2066\u0085")).toEqual([]);
  });

  test("readable: printable characters stay as written; repr's choice of quote", () => {
    expect(pyStr("Zoë 😀")).toBe('"Zoë 😀"');
    expect(pyStr('say "hi"')).toBe(`'say "hi"'`);
    expect(pyStr(`both ' and "`)).toBe(`"both ' and \\""`);
  });
});

describe("pyValue", () => {
  test("JSON values as Python literals", () => {
    expect(pyValue(null)).toBe("None");
    expect(pyValue(true)).toBe("True");
    expect(pyValue([1, -2.5, "a", false, null, 1e21, 1e-7])).toBe('[1, -2.5, "a", False, None, 1e+21, 1e-7]');
    expect(pyValue(-0)).toBe("-0.0");
    expect(() => pyValue(Number.NaN)).toThrow(RangeError);
    expect(pythonReads([pyValue([1, -2.5, 1e21, 1e-7, 123456789012])])).toEqual([[1, -2.5, 1e21, 1e-7, 123456789012]]);
  });
});

describe("commentText", () => {
  test("a label cannot end the comment it is in", () => {
    const text = commentText('x\nimport os\r\nos.system("id")\u2028y\u0000');
    expect(rawOf(text, "\n\r\u2028\u0000")).toEqual([]);
    expect(text).toBe('x\\nimport os\\r\\nos.system("id")\\u2028y\\x00');
  });

  test("long text is cut", () => {
    expect([...commentText("é".repeat(200), 80)]).toHaveLength(80);
  });
});

describe("identifierFrom", () => {
  test.each([
    ["Orders CSV", "orders_csv"],
    ["Région Süd", "region_sud"],
    ["  --Big--orders!!  ", "big_orders"],
    ["2024 sales", "x_2024_sales"],
    ["東京", "x"],
    ["", "x"],
    ["a".repeat(60), "a".repeat(40)],
  ])("%j → %s", (text, expected) => {
    expect(identifierFrom(text, "x")).toBe(expected);
  });
});
