import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { BinaryOp, CompareOp, Node, UnaryOp } from "./ast";
import { ExpressionError } from "./expression-error";
import { parseExpression } from "./parser";
import { printExpression } from "./print";

// Property-based tests: whatever the text, the parser returns a tree or throws an
// ExpressionError with an offset inside the text; valid trees survive print → parse.

const RUNS = 5_000;

/** Parses; any exception but an ExpressionError with an offset in [0, length] fails the property. */
function parseOrRefuse(source: string): Node | null {
  try {
    return parseExpression(source);
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    expect(Number.isInteger(error.offset)).toBe(true);
    expect(error.offset).toBeGreaterThanOrEqual(0);
    expect(error.offset).toBeLessThanOrEqual(source.length);
    return null;
  }
}

/** The tree without offsets, for comparing a generated tree with a parsed one. */
function withoutPositions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPositions);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key !== "pos" && key !== "namePos") out[key] = withoutPositions(inner);
  }
  return out;
}

// ── Random text ────────────────────────────────────────────────────────────────────────

// Any UTF-16 code unit, lone surrogates and NUL included.
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

const TOKENS = [
  ...["pl", "col", "x", "_", "größe", "名前", "ｐｌ", "Ｔｒｕｅ", "_＿x", "a·b", "ﬁ", "℘"],
  ...["True", "False", "None", "not", "and", "or", "in", "is", "if", "else", "for", "async", "lambda", "await"],
  ...["yield", "import", "from", "del", "return", "def", "class", "pass", "with", "as", "match"],
  ...["0", "1", "42", "007", "0_0", "1_000", "1__0", "1_", "0x1F", "0x", "0o17", "0o8", "0b101", "0b2", "1.5", ".5"],
  ...["1.", "1e3", "1e-3", "1E+", "1e", "1j", "1.real", "9007199254740993", "1e400", "0x_f", "0b1_"],
  ...["'a'", '"b"', "''", "'''t\nq'''", '"""', "'", '"', "'''", "r'\\d'", "b'x'", "rb'\\x'", "u'u'", "f'x'"],
  ...["rf'{x}'", "t'x'", "ur'x'", "'\\n'", "'\\x4'", "'\\x41'", "'\\u00e9'", "'\\U0001F600'", "'\\U00110000'"],
  ...["'\\N{DASH}'", "'\\101'", "'\\777'", "b'\\777'", "'\\", "r'\\'", "'\\\n'", "b'é'", "'\ud800'"],
  ...["+", "-", "*", "/", "//", "%", "@", "**", "~", "&", "|", "^", "<<", ">>", "<", ">", "<=", ">="],
  ...["==", "!=", "<>", "=", ":=", "+=", "**=", "->", "...", ";", ":", ",", ".", "!", "?", "$", "`"],
  ...["(", ")", "[", "]", "{", "}", "(", ")", "(", "[", "f(", "a[", "x.", "k="],
  ...["\\", "\\\n", "#", "# c\n", "\0", "\n", "\r", "\r\n", "\t", "\f", "\v", "\u00a0", "\u2028", "\ufeff"],
  ...["😀", "\ud83d", "\ude00", "é", "\u0301", "ﷺ", "𝕩"],
];
const SEPARATORS = ["", "", " ", " ", "\n", "\t", "\\\n"];
const tokenSoup = fc
  .array(fc.tuple(fc.constantFrom(...TOKENS), fc.constantFrom(...SEPARATORS)), { maxLength: 25 })
  .map((parts) => parts.map(([token, separator]) => token + separator).join(""));

// ── Random valid trees ──────────────────────────────────────────────────────────────────

// NFKC-stable identifiers (the parser normalizes names), soft keywords included.
const NAMES = ["pl", "col", "x", "_y", "a1", "größe", "名前", "match", "type", "_"];
const pos = 0;

const leaf: fc.Arbitrary<Node> = fc.oneof(
  fc.constantFrom(...NAMES, "True", "False", "None").map((name): Node => ({ kind: "name", name, pos })),
  fc
    .oneof(fc.nat(), fc.constantFrom(2 ** 53 - 1, 2 ** 53), fc.bigInt({ min: 2n ** 53n + 1n, max: 2n ** 90n }))
    .map((value): Node => ({ kind: "number", value, isFloat: false, pos })),
  fc
    .double({ min: 0, noNaN: true })
    .map((value): Node => ({ kind: "number", value: Math.abs(value), isFloat: true, pos })),
  fc.string({ unit: codeUnit, maxLength: 8 }).map((value): Node => ({ kind: "string", value, bytes: false, pos })),
  fc.string({ unit: "binary-ascii", maxLength: 8 }).map((value): Node => ({ kind: "string", value, bytes: true, pos })),
);

const BINARY_OPS: BinaryOp[] = ["+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", ">>", "@"];
const COMPARE_OPS: CompareOp[] = ["==", "!=", "<", "<=", ">", ">=", "in", "not in", "is", "is not"];
const UNARY_OPS: UnaryOp[] = ["-", "+", "~", "not"];

const tree: fc.Memo<Node> = fc.memo((depth) => {
  if (depth <= 1) return leaf;
  const inner = tree(depth - 1);
  const some = (max: number) => fc.array(inner, { maxLength: max });
  const part = fc.option(inner, { nil: null });
  return fc.oneof(
    { weight: 3, arbitrary: leaf },
    fc.record({ op: fc.constantFrom(...UNARY_OPS), operand: inner }).map((n): Node => ({ kind: "unary", ...n, pos })),
    fc
      .record({ op: fc.constantFrom(...BINARY_OPS), left: inner, right: inner })
      .map((n): Node => ({ kind: "binary", ...n, pos })),
    fc
      .array(fc.tuple(fc.constantFrom(...COMPARE_OPS), inner), { minLength: 1, maxLength: 3 })
      .chain((pairs) => inner.map((left) => ({ left, pairs })))
      .map(({ left, pairs }): Node => {
        return { kind: "compare", left, ops: pairs.map(([op]) => op), comparators: pairs.map(([, c]) => c), pos };
      }),
    fc
      .record({
        op: fc.constantFrom("and" as const, "or" as const),
        values: fc.array(inner, { minLength: 2, maxLength: 3 }),
      })
      .map((n): Node => ({ kind: "boolop", ...n, pos })),
    fc
      .record({ object: inner, name: fc.constantFrom(...NAMES) })
      .map((n): Node => ({ kind: "attribute", ...n, namePos: pos, pos })),
    fc
      .record({
        callee: inner,
        args: some(3),
        keywords: fc.uniqueArray(
          fc.record({ name: fc.constantFrom(...NAMES), value: inner }).map((k) => ({ ...k, pos })),
          { maxLength: 3, selector: (k) => k.name },
        ),
      })
      .map((n): Node => ({ kind: "call", ...n, pos })),
    fc.record({ object: inner, index: inner }).map((n): Node => ({ kind: "subscript", ...n, pos })),
    fc
      .record({ object: inner, slice: fc.record({ start: part, stop: part, step: part }) })
      .map((n): Node => ({ kind: "subscript", ...n, index: null, pos })),
    some(3).map((items): Node => ({ kind: "list", items, pos })),
    some(3).map((items): Node => ({ kind: "tuple", items, pos })),
  );
});

// Operators only, over short leaves: dense in precedence and associativity questions
// (`(a ** b) ** c`, `-(a < b)`, `(a or b) or c`, `not a == b`).
const operators: fc.Memo<Node> = fc.memo((depth) => {
  const small = fc.oneof(
    fc.constantFrom("a", "b", "True").map((name): Node => ({ kind: "name", name, pos })),
    fc.nat(9).map((value): Node => ({ kind: "number", value, isFloat: false, pos })),
  );
  if (depth <= 1) return small;
  const inner = operators(depth - 1);
  return fc.oneof(
    small,
    fc.record({ op: fc.constantFrom(...UNARY_OPS), operand: inner }).map((n): Node => ({ kind: "unary", ...n, pos })),
    {
      weight: 4,
      arbitrary: fc
        .record({ op: fc.constantFrom(...BINARY_OPS), left: inner, right: inner })
        .map((n): Node => ({ kind: "binary", ...n, pos })),
    },
    fc
      .record({ op: fc.constantFrom("**" as const, "-" as const), left: inner, right: inner })
      .map((n): Node => ({ kind: "binary", ...n, pos })),
    fc
      .record({ op: fc.constantFrom(...COMPARE_OPS), left: inner, right: inner })
      .map(({ op, left, right }): Node => ({ kind: "compare", left, ops: [op], comparators: [right], pos })),
    fc
      .record({
        op: fc.constantFrom("and" as const, "or" as const),
        values: fc.array(inner, { minLength: 2, maxLength: 3 }),
      })
      .map((n): Node => ({ kind: "boolop", ...n, pos })),
  );
});

/** Every node's offsets point at its text: names at their name, operators at their operator. */
function checkPositions(node: Node, source: string): void {
  expect(node.pos).toBeGreaterThanOrEqual(0);
  expect(node.pos).toBeLessThan(source.length);
  const children: Node[] = [];
  switch (node.kind) {
    case "name":
      expect(source.startsWith(node.name, node.pos)).toBe(true);
      break;
    case "binary":
      expect(source.startsWith(node.op, node.pos)).toBe(true);
      children.push(node.left, node.right);
      break;
    case "unary":
      expect(source.startsWith(node.op, node.pos)).toBe(true);
      children.push(node.operand);
      break;
    case "attribute":
      expect(source.startsWith(node.name, node.namePos)).toBe(true);
      children.push(node.object);
      break;
    case "call":
      for (const keyword of node.keywords) expect(source.startsWith(`${keyword.name}=`, keyword.pos)).toBe(true);
      children.push(node.callee, ...node.args, ...node.keywords.map((keyword) => keyword.value));
      break;
    case "subscript":
      children.push(node.object);
      for (const p of [node.index, node.slice?.start, node.slice?.stop, node.slice?.step]) if (p) children.push(p);
      break;
    case "compare":
      children.push(node.left, ...node.comparators);
      break;
    case "boolop":
      children.push(...node.values);
      break;
    case "list":
    case "tuple":
      children.push(...node.items);
      break;
    default:
      break;
  }
  for (const child of children) checkPositions(child, source);
}

describe("the parser never throws anything but an ExpressionError", () => {
  test("random strings of any code unit", () => {
    fc.assert(
      fc.property(fc.string({ unit: codeUnit, maxLength: 40 }), (source) => void parseOrRefuse(source)),
      {
        numRuns: RUNS,
      },
    );
  });

  test("random printable unicode", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (source) => void parseOrRefuse(source)),
      {
        numRuns: RUNS,
      },
    );
  });

  test("token soups of the language's tokens, keywords and odd characters", () => {
    fc.assert(
      fc.property(tokenSoup, (source) => void parseOrRefuse(source)),
      { numRuns: RUNS * 2 },
    );
  });

  test("valid expressions with one random edit", () => {
    const edited = fc
      .tuple(tree(4).map(printExpression), fc.nat(), fc.nat(), fc.constantFrom(...TOKENS, ""))
      .map(([text, at, length, insert]) => {
        const cut = at % (text.length + 1);
        return text.slice(0, cut) + insert + text.slice(cut + (length % 3));
      });
    fc.assert(
      fc.property(edited, (source) => void parseOrRefuse(source)),
      { numRuns: RUNS },
    );
  });
});

describe("valid expressions round-trip through printExpression", () => {
  /** print → parse gives the same tree, and printing it again gives the same text. */
  function roundTrips(node: Node): void {
    const text = printExpression(node);
    const parsed = parseExpression(text);
    expect(withoutPositions(parsed)).toEqual(withoutPositions(node));
    expect(printExpression(parsed)).toBe(text);
    checkPositions(parsed, text);
  }

  test("trees of every node kind and literal", () => {
    fc.assert(fc.property(tree(5), roundTrips), { numRuns: RUNS });
  });

  test("operator trees (precedence and associativity)", () => {
    fc.assert(fc.property(operators(6), roundTrips), { numRuns: RUNS });
  });
});
