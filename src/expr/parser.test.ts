import { describe, expect, test } from "bun:test";
import type { BinaryOp, CompareOp, Keyword, Node, UnaryOp } from "./ast";
import { ExpressionError } from "./expression-error";
import { MAX_EXPRESSION_LENGTH, MAX_NESTING, MAX_TREE_DEPTH, parseExpression } from "./parser";

// Builders for expected trees; every position is written out, so each test also checks offsets.
const name = (n: string, pos: number): Node => ({ kind: "name", name: n, pos });
const int = (value: number | bigint, pos: number): Node => ({ kind: "number", value, isFloat: false, pos });
const float = (value: number, pos: number): Node => ({ kind: "number", value, isFloat: true, pos });
const str = (value: string, pos: number, bytes = false): Node => ({ kind: "string", value, bytes, pos });
const bin = (op: BinaryOp, left: Node, right: Node, pos: number): Node => ({ kind: "binary", op, left, right, pos });
const un = (op: UnaryOp, operand: Node, pos: number): Node => ({ kind: "unary", op, operand, pos });
const cmp = (left: Node, ops: CompareOp[], comparators: Node[], pos: number): Node => ({
  kind: "compare",
  left,
  ops,
  comparators,
  pos,
});
const bool = (op: "and" | "or", values: Node[], pos: number): Node => ({ kind: "boolop", op, values, pos });
const attr = (object: Node, n: string, namePos: number, pos: number): Node => ({
  kind: "attribute",
  object,
  name: n,
  namePos,
  pos,
});
const call = (callee: Node, args: Node[], keywords: Keyword[], pos: number): Node => ({
  kind: "call",
  callee,
  args,
  keywords,
  pos,
});
const sub = (object: Node, index: Node, pos: number): Node => ({ kind: "subscript", object, index, pos });
const slice = (object: Node, start: Node | null, stop: Node | null, step: Node | null, pos: number): Node => ({
  kind: "subscript",
  object,
  index: null,
  slice: { start, stop, step },
  pos,
});
const list = (items: Node[], pos: number): Node => ({ kind: "list", items, pos });
const tuple = (items: Node[], pos: number): Node => ({ kind: "tuple", items, pos });

/** Parses, expecting an ExpressionError whose message contains `fragment`, at `offset`. */
function refusal(source: string, fragment: string, offset: number, limits = {}): void {
  let caught: unknown;
  try {
    parseExpression(source, limits);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ExpressionError);
  const error = caught as ExpressionError;
  expect(error.message).toContain(fragment);
  expect(error.offset).toBe(offset);
}

describe("precedence and associativity (Python's)", () => {
  test("& binds tighter than |, ^ between them", () => {
    expect(parseExpression("a | b & c")).toEqual(bin("|", name("a", 0), bin("&", name("b", 4), name("c", 8), 6), 2));
    expect(parseExpression("a & b ^ c | d")).toEqual(
      bin("|", bin("^", bin("&", name("a", 0), name("b", 4), 2), name("c", 8), 6), name("d", 12), 10),
    );
  });

  test("~ binds tighter than &", () => {
    expect(parseExpression("~a & b")).toEqual(bin("&", un("~", name("a", 1), 0), name("b", 5), 3));
  });

  test("comparisons bind looser than |: a == b | c is a == (b | c)", () => {
    expect(parseExpression("a == b | c")).toEqual(
      cmp(name("a", 0), ["=="], [bin("|", name("b", 5), name("c", 9), 7)], 0),
    );
  });

  test("** binds tighter than unary minus on its left, and is right-associative", () => {
    expect(parseExpression("-x ** 2")).toEqual(un("-", bin("**", name("x", 1), int(2, 6), 3), 0));
    expect(parseExpression("-2**2")).toEqual(un("-", bin("**", int(2, 1), int(2, 4), 2), 0));
    expect(parseExpression("2**-1")).toEqual(bin("**", int(2, 0), un("-", int(1, 4), 3), 1));
    expect(parseExpression("2**3**2")).toEqual(bin("**", int(2, 0), bin("**", int(3, 3), int(2, 6), 4), 1));
    expect(parseExpression("a**-b**c")).toEqual(
      bin("**", name("a", 0), un("-", bin("**", name("b", 4), name("c", 7), 5), 3), 1),
    );
    expect(parseExpression("(-2)**2")).toEqual(bin("**", un("-", int(2, 2), 1), int(2, 6), 4));
  });

  test("trailers chain left to right: a.b(c)[d].e", () => {
    const callee = attr(name("a", 0), "b", 2, 0);
    expect(parseExpression("a.b(c)[d].e")).toEqual(
      attr(sub(call(callee, [name("c", 4)], [], 0), name("d", 7), 0), "e", 10, 0),
    );
  });

  test("unary minus applies to the whole primary", () => {
    expect(parseExpression("-a.b")).toEqual(un("-", attr(name("a", 1), "b", 3, 1), 0));
    expect(parseExpression("- -+~a")).toEqual(un("-", un("-", un("+", un("~", name("a", 5), 4), 3), 2), 0));
  });

  test("not binds looser than comparisons: not a in b is not (a in b)", () => {
    expect(parseExpression("not a in b")).toEqual(un("not", cmp(name("a", 4), ["in"], [name("b", 9)], 4), 0));
    expect(parseExpression("not not a")).toEqual(un("not", un("not", name("a", 8), 4), 0));
  });

  test("arithmetic levels, all left-associative", () => {
    expect(parseExpression("a - b - c")).toEqual(bin("-", bin("-", name("a", 0), name("b", 4), 2), name("c", 8), 6));
    expect(parseExpression("a + b * c")).toEqual(bin("+", name("a", 0), bin("*", name("b", 4), name("c", 8), 6), 2));
    expect(parseExpression("(a + b) * c")).toEqual(bin("*", bin("+", name("a", 1), name("b", 5), 3), name("c", 10), 8));
    expect(parseExpression("a // b % c @ d / e")).toEqual(
      bin(
        "/",
        bin("@", bin("%", bin("//", name("a", 0), name("b", 5), 2), name("c", 9), 7), name("d", 13), 11),
        name("e", 17),
        15,
      ),
    );
    expect(parseExpression("a << b + c >> d")).toEqual(
      bin(">>", bin("<<", name("a", 0), bin("+", name("b", 5), name("c", 9), 7), 2), name("d", 14), 11),
    );
    expect(parseExpression("a & b << c")).toEqual(bin("&", name("a", 0), bin("<<", name("b", 4), name("c", 9), 6), 2));
  });

  test("comparison chains are one node with every operator", () => {
    expect(parseExpression("a < b <= c")).toEqual(cmp(name("a", 0), ["<", "<="], [name("b", 4), name("c", 9)], 0));
    expect(parseExpression("a not in b is not c")).toEqual(
      cmp(name("a", 0), ["not in", "is not"], [name("b", 9), name("c", 18)], 0),
    );
    const ops: CompareOp[] = ["==", "!=", "<", "<=", ">", ">=", "in", "not in", "is", "is not"];
    for (const op of ops) {
      expect(parseExpression(`x ${op} y`)).toEqual(cmp(name("x", 0), [op], [name("y", 3 + op.length)], 0));
    }
    // A parenthesized operand starts the node at its parenthesis.
    expect(parseExpression("(a) < b")).toEqual(cmp(name("a", 1), ["<"], [name("b", 6)], 0));
  });

  test("and binds tighter than or; chains of one operator are flat", () => {
    expect(parseExpression("a or b and c")).toEqual(
      bool("or", [name("a", 0), bool("and", [name("b", 5), name("c", 11)], 5)], 0),
    );
    expect(parseExpression("a or b or c")).toEqual(bool("or", [name("a", 0), name("b", 5), name("c", 10)], 0));
    expect(parseExpression("a and not b")).toEqual(bool("and", [name("a", 0), un("not", name("b", 10), 6)], 0));
    expect(parseExpression("(a or b) or c")).toEqual(
      bool("or", [bool("or", [name("a", 1), name("b", 6)], 1), name("c", 12)], 0),
    );
  });
});

describe("literals and displays", () => {
  test("numbers of every form", () => {
    expect(parseExpression("0x_ff")).toEqual(int(255, 0));
    expect(parseExpression("1_000")).toEqual(int(1000, 0));
    expect(parseExpression("0o17 + 0b11")).toEqual(bin("+", int(15, 0), int(3, 7), 5));
    expect(parseExpression(".5")).toEqual(float(0.5, 0));
    expect(parseExpression("1e-3")).toEqual(float(0.001, 0));
    expect(parseExpression("1_0.5")).toEqual(float(10.5, 0));
    expect(parseExpression("-9007199254740993")).toEqual(un("-", int(9007199254740993n, 1), 0));
  });

  test("strings, adjacent literals concatenated at the first one's position", () => {
    expect(parseExpression("'a' \"b\" '''c'''")).toEqual(str("abc", 0));
    expect(parseExpression("r'\\d' '\\t'")).toEqual(str("\\d\t", 0));
    expect(parseExpression("(\n  'a'\n  'b'\n)")).toEqual(str("ab", 4));
    expect(parseExpression("b'a' B'b'")).toEqual(str("ab", 0, true));
    expect(parseExpression("u'é'")).toEqual(str("é", 0));
    refusal("'a' b'b'", "bytes (b'...') and text cannot be joined", 4);
    refusal("b'a' 'b'", "bytes (b'...') and text cannot be joined", 5);
  });

  test("True, False and None are names", () => {
    expect(parseExpression("[True, False, None]")).toEqual(
      list([name("True", 1), name("False", 7), name("None", 14)], 0),
    );
    expect(parseExpression("True.x")).toEqual(attr(name("True", 0), "x", 5, 0));
  });

  test("lists and tuples, with trailing commas", () => {
    expect(parseExpression("[]")).toEqual(list([], 0));
    expect(parseExpression("[1, 2,]")).toEqual(list([int(1, 1), int(2, 4)], 0));
    expect(parseExpression("()")).toEqual(tuple([], 0));
    expect(parseExpression("(a,)")).toEqual(tuple([name("a", 1)], 0));
    expect(parseExpression("(a, b)")).toEqual(tuple([name("a", 1), name("b", 4)], 0));
    expect(parseExpression("(a)")).toEqual(name("a", 1));
    expect(parseExpression("((a))")).toEqual(name("a", 2));
    expect(parseExpression("a, b,")).toEqual(tuple([name("a", 0), name("b", 3)], 0));
    expect(parseExpression("a,")).toEqual(tuple([name("a", 0)], 0));
    expect(parseExpression("[(1, 2), [3]]")).toEqual(
      list([tuple([int(1, 2), int(2, 5)], 1), list([int(3, 10)], 9)], 0),
    );
  });

  test("line breaks and backslash continuations inside brackets", () => {
    // Parentheses are not nodes: the call starts at `pl`.
    expect(parseExpression("(pl.col('a')\n  .sum())")).toEqual(
      call(attr(call(attr(name("pl", 1), "col", 4, 1), [str("a", 8)], [], 1), "sum", 16, 1), [], [], 1),
    );
    expect(parseExpression("a + \\\n b")).toEqual(bin("+", name("a", 0), name("b", 7), 2));
    expect(parseExpression("\n  a  \n")).toEqual(name("a", 3));
  });
});

describe("calls and subscripts", () => {
  test("positional and keyword arguments, trailing comma", () => {
    expect(parseExpression("f(a, b, k=v)")).toEqual(
      call(name("f", 0), [name("a", 2), name("b", 5)], [{ name: "k", value: name("v", 10), pos: 8 }], 0),
    );
    expect(parseExpression("f()")).toEqual(call(name("f", 0), [], [], 0));
    expect(parseExpression("f(a,)")).toEqual(call(name("f", 0), [name("a", 2)], [], 0));
    expect(parseExpression("f(k=1, j=2,)")).toEqual(
      call(
        name("f", 0),
        [],
        [
          { name: "k", value: int(1, 4), pos: 2 },
          { name: "j", value: int(2, 9), pos: 7 },
        ],
        0,
      ),
    );
    expect(parseExpression("f(k=a==b)")).toEqual(
      call(name("f", 0), [], [{ name: "k", value: cmp(name("a", 4), ["=="], [name("b", 7)], 4), pos: 2 }], 0),
    );
    expect(parseExpression("f(g(x))(y)")).toEqual(
      call(call(name("f", 0), [call(name("g", 2), [name("x", 4)], [], 2)], [], 0), [name("y", 8)], [], 0),
    );
    expect(parseExpression("f((a, b))")).toEqual(call(name("f", 0), [tuple([name("a", 3), name("b", 6)], 2)], [], 0));
  });

  test("argument errors", () => {
    refusal("f(a=1, b)", "an argument without a name cannot follow a named one (name=value)", 7);
    refusal("f(a=1, a=2)", "the argument a= is given twice", 7);
    refusal("f(,)", "a value is missing before ','", 2);
    refusal("f(a,,)", "a value is missing before ','", 4);
    refusal("f(a b)", "expected ',' or ')' to close the '(' at column 2, found 'b'", 4);
    refusal("f(a", "the '(' at column 2 is not closed: add ')'", 3);
    refusal("f(if=1)", "'if' is a word reserved by Python and cannot name an argument", 2);
    refusal("f(a.b=1)", "assignment (=) is not allowed", 5);
  });

  test("subscripts and slices", () => {
    expect(parseExpression("a[0]")).toEqual(sub(name("a", 0), int(0, 2), 0));
    expect(parseExpression("a[1:2]")).toEqual(slice(name("a", 0), int(1, 2), int(2, 4), null, 0));
    expect(parseExpression("a[::2]")).toEqual(slice(name("a", 0), null, null, int(2, 4), 0));
    expect(parseExpression("a[:]")).toEqual(slice(name("a", 0), null, null, null, 0));
    expect(parseExpression("a[::]")).toEqual(slice(name("a", 0), null, null, null, 0));
    expect(parseExpression("a[1:]")).toEqual(slice(name("a", 0), int(1, 2), null, null, 0));
    expect(parseExpression("a[:-1]")).toEqual(slice(name("a", 0), null, un("-", int(1, 4), 3), null, 0));
    expect(parseExpression("a[1:2:3]")).toEqual(slice(name("a", 0), int(1, 2), int(2, 4), int(3, 6), 0));
    expect(parseExpression("a[1, 2]")).toEqual(sub(name("a", 0), tuple([int(1, 2), int(2, 5)], 2), 0));
    expect(parseExpression("a[1,]")).toEqual(sub(name("a", 0), tuple([int(1, 2)], 2), 0));
    expect(parseExpression("a[(1, 2):]")).toEqual(slice(name("a", 0), tuple([int(1, 3), int(2, 6)], 2), null, null, 0));
    expect(parseExpression("a[b][c]")).toEqual(sub(sub(name("a", 0), name("b", 2), 0), name("c", 5), 0));
  });

  test("subscript errors", () => {
    refusal("a[]", "Indexing with [...] is not supported", 1);
    refusal("a[1:2, 3]", "Indexing with [...] is not supported", 1);
    refusal("a[1, 2:3]", "Indexing with [...] is not supported", 1);
    refusal("a[1:2:3:4]", "Indexing with [...] is not supported", 1);
    refusal("a[1,:2]", "Indexing with [...] is not supported", 1);
    refusal("a[1", "the '[' at column 2 is not closed: add ']'", 3);
    refusal("a[1)", "expected ']' to close the '[' at column 2, found ')'", 3);
  });

  test("attributes", () => {
    expect(parseExpression("a . b")).toEqual(attr(name("a", 0), "b", 4, 0));
    expect(parseExpression("x.match.type")).toEqual(attr(attr(name("x", 0), "match", 2, 0), "type", 8, 0));
    expect(parseExpression("1 .real")).toEqual(attr(int(1, 0), "real", 3, 0));
    expect(parseExpression("1..real")).toEqual(attr(float(1, 0), "real", 3, 0));
    expect(parseExpression("'a'.upper()")).toEqual(call(attr(str("a", 0), "upper", 4, 0), [], [], 0));
    refusal("x.if", "'if' is a word reserved by Python and cannot be a method name", 2);
    refusal("x.None", "'None' is a word reserved by Python and cannot be a method name", 2);
    refusal("x.", "expected a method name after '.', found the end of the expression", 2);
    refusal("x.1", "the number 0.1 cannot follow what comes before it", 1);
  });
});

describe("refused constructs, named with their offset", () => {
  const cases: [string, string, number][] = [
    ["f'{x}'", "f-strings are not allowed", 0],
    ["pl.col(rf'x')", "f-strings are not allowed", 7],
    ["lambda x: x", "lambda is not allowed", 0],
    ["f(lambda: 1)", "lambda is not allowed", 2],
    ["a if b else c", "conditional expressions (x if c else y) are not allowed", 2],
    ["(a if b else c)", "conditional expressions", 3],
    ["[x for x in y]", "comprehensions and generator expressions", 3],
    ["(x for x in y)", "comprehensions and generator expressions", 3],
    ["f(x for x in y)", "comprehensions and generator expressions", 4],
    ["[x async for x in y]", "comprehensions and generator expressions", 3],
    ["{x for x in y}", "dict and set displays ({...}) are not allowed", 0],
    ["{'a': 1}", "dict and set displays ({...}) are not allowed", 0],
    ["f({1})", "dict and set displays ({...}) are not allowed", 2],
    ["f(*args)", "'*' before an argument (unpacking, as in f(*args)) is not allowed", 2],
    ["f(a, **kw)", "'**' before an argument (unpacking, as in f(**options)) is not allowed", 5],
    ["[*a]", "'*' needs a value before it: it multiplies two values (unpacking, *x, is not allowed)", 1],
    ["*a, b", "'*' needs a value before it: it multiplies two values (unpacking, *x, is not allowed)", 0],
    ["[**a]", "dict unpacking (**x) is not allowed", 1],
    ["(x := 1)", "assignment expressions (:=) are not allowed", 3],
    ["f(x:=1)", "assignment expressions (:=) are not allowed", 3],
    ["await x", "await is not allowed", 0],
    ["(yield x)", "yield is not allowed", 1],
    ["x = 1", "assignment (=) is not allowed; to compare, write ==", 2],
    ["x += 1", "augmented assignment (+=) is not allowed", 2],
    ["x **= 1", "augmented assignment (**=) is not allowed", 2],
    ["a; b", "statements are not allowed: ';' separates statements", 1],
    ["a;", "statements are not allowed: ';'", 1],
    ["import os", "import is not allowed", 0],
    ["from os import path", "import is not allowed", 0],
    ["del x", "del is not allowed", 0],
    ["return x", "statements are not allowed ('return')", 0],
    ["pass", "statements are not allowed ('pass')", 0],
    ["x: int", "':' cannot stand here", 1],
    ["a\nb", "a line break outside brackets ends the expression", 1],
    ["a +\nb", "a line break outside brackets ends the expression", 3],
    ["pl.col('a')\n.sum()", "a line break outside brackets ends the expression", 11],
    ["...", "Ellipsis (...) is not allowed", 0],
    ["f(...)", "Ellipsis (...) is not allowed", 2],
    ["a # comment", "comments (#) are not allowed", 2],
    ["1j", "complex numbers", 0],
    ["'\\N{BULLET}'", "named Unicode escapes (\\N{...}) are not supported", 1],
    ["a == not b", "'not' cannot stand here; put it in parentheses", 5],
  ];
  for (const [source, message, offset] of cases) {
    test(JSON.stringify(source), () => refusal(source, message, offset));
  }
});

describe("syntax errors", () => {
  const cases: [string, string, number][] = [
    ["", "the expression is empty", 0],
    [" \n\t ", "the expression is empty", 0],
    ["a)", "')' has no opening bracket to close", 1],
    ["a]", "']' has no opening bracket to close", 1],
    ["(a", "the '(' at column 1 is not closed: add ')'", 2],
    ["(a]", "expected ',' or ')' to close the '(' at column 1, found ']'", 2],
    ["[a", "the '[' at column 1 is not closed: add ']'", 2],
    ["a b", "'b' cannot follow what comes before it: an operator (such as +, == or &) or a comma may be missing", 2],
    ["1 2", "the number 2 cannot follow what comes before it", 2],
    ["a +", "the expression is incomplete: a value is missing at its end", 3],
    ["a + * b", "'*' needs a value before it: it multiplies two values (unpacking, *x, is not allowed)", 4],
    ["a not b", "expected 'in' after 'not' (to negate, use ~), found 'b'", 6],
    ["a is not not b", "'not' cannot stand here", 9],
    ["a and", "the expression is incomplete: a value is missing at its end", 5],
    ["(,)", "a value is missing before ','", 1],
    ["a <> b", "a value is missing before '>'", 3],
    ["x'a'", 'the text "a" cannot follow what comes before it', 1],
    ["-", "the expression is incomplete: a value is missing at its end", 1],
  ];
  for (const [source, message, offset] of cases) {
    test(JSON.stringify(source), () => refusal(source, message, offset));
  }
});

describe("limits", () => {
  test("length: up to MAX_EXPRESSION_LENGTH characters", () => {
    const longest = `a${"+a".repeat((MAX_EXPRESSION_LENGTH - 1) / 2)}`.padEnd(MAX_EXPRESSION_LENGTH, " ");
    expect(longest).toHaveLength(MAX_EXPRESSION_LENGTH);
    refusal(longest, "the expression is nested too deeply", 2 * MAX_TREE_DEPTH - 1);
    const flat = `[${"1,".repeat(4_999)}]`;
    expect(flat.length).toBeLessThanOrEqual(MAX_EXPRESSION_LENGTH);
    expect(parseExpression(flat)).toMatchObject({ kind: "list" });
    refusal("a".repeat(MAX_EXPRESSION_LENGTH + 1), "10001 characters long; the limit is 10000", 0);
    refusal("(".repeat(100_000), "the limit is 10000", 0);
    refusal("-".repeat(100_000), "the limit is 10000", 0);
  });

  test(`nesting: at most ${MAX_NESTING} levels, refused at the first level too deep`, () => {
    const deepest = `${"(".repeat(MAX_NESTING)}1${")".repeat(MAX_NESTING)}`;
    expect(parseExpression(deepest)).toEqual(int(1, MAX_NESTING));
    refusal(`(${deepest})`, `nests more than ${MAX_NESTING} levels`, MAX_NESTING);
    expect(parseExpression(`${"-".repeat(MAX_NESTING)}1`)).toMatchObject({ kind: "unary" });
    refusal(`${"-".repeat(MAX_NESTING + 1)}1`, "nests more than", MAX_NESTING);
    refusal(`${"not ".repeat(MAX_NESTING + 1)}a`, "nests more than", 4 * MAX_NESTING);
    refusal(`${"f(".repeat(MAX_NESTING + 1)}`, "nests more than", 2 * MAX_NESTING + 1);
    refusal(`${"a[".repeat(MAX_NESTING + 1)}`, "nests more than", 2 * MAX_NESTING + 1);
    refusal(`${"[".repeat(MAX_NESTING + 1)}`, "nests more than", MAX_NESTING);
    refusal(`${"2**".repeat(MAX_NESTING + 1)}2`, "nests more than", 3 * MAX_NESTING + 1);
    // Brackets and unary operators count together.
    refusal(`${"(-".repeat(MAX_NESTING / 2)}~a`, "nests more than", MAX_NESTING);
  });

  test("100,000 '(' or '-' end in an ExpressionError, not a stack overflow, even past the length limit", () => {
    const unbounded = { maxLength: Number.POSITIVE_INFINITY };
    refusal("(".repeat(100_000), "nests more than", MAX_NESTING, unbounded);
    refusal(`${"-".repeat(100_000)}1`, "nests more than", MAX_NESTING, unbounded);
    refusal(`${"[".repeat(100_000)}${"]".repeat(100_000)}`, "nests more than", MAX_NESTING, unbounded);
    refusal(`${"a+".repeat(100_000)}a`, "the expression is nested too deeply", 2 * MAX_TREE_DEPTH - 1, unbounded);
    // The 1000th trailer (the 500th call) is one level too deep: reported at its '('.
    refusal(`x${".f()".repeat(100_000)}`, "the expression is nested too deeply", 1 + 4 * 499 + 2, unbounded);
  });

  test("tree depth: chains are loops, so their depth is bounded separately", () => {
    const deepest = `a${"+a".repeat(MAX_TREE_DEPTH - 1)}`;
    expect(parseExpression(deepest)).toMatchObject({ kind: "binary" });
    refusal(`${deepest}+a`, `nested too deeply (more than ${MAX_TREE_DEPTH} levels`, 2 * MAX_TREE_DEPTH - 1);
    // Flat shapes are not deep: a long comparison chain or boolean chain is one node.
    expect(parseExpression(`a${" < a".repeat(2_000)}`)).toMatchObject({ kind: "compare" });
    expect(parseExpression(`a${" or a".repeat(1_500)}`)).toMatchObject({ kind: "boolop" });
  });

  test("adversarial 10,000-character inputs return or throw an ExpressionError", () => {
    const n = MAX_EXPRESSION_LENGTH;
    const inputs = [
      "(".repeat(n),
      ")".repeat(n),
      "[".repeat(n / 2) + "]".repeat(n / 2),
      "'".repeat(n),
      '"'.repeat(n - 1),
      "\\".repeat(n),
      `'${"\\".repeat(n - 2)}'`,
      `'''${"\\'".repeat((n - 6) / 2)}'''`,
      "1".repeat(n),
      "1_".repeat(n / 2),
      "0x".repeat(n / 2),
      "a.".repeat(n / 2),
      "a,".repeat(n / 2),
      `(${"a,".repeat(n / 2 - 1)})`,
      `f(${"a=1,".repeat(n / 4 - 1)})`,
      `f(${Array.from({ length: 1_200 }, (_, i) => `k${i}=1`).join(",")})`,
      "not ".repeat(n / 4),
      "-~".repeat(n / 2),
      "a<".repeat(n / 2),
      "a if ".repeat(n / 5),
      "x[".repeat(n / 2),
      "x[:".repeat(n / 3),
      "2**".repeat(n / 3),
      "\n".repeat(n),
      "a\n".repeat(n / 2),
      "é".repeat(n),
      "ｐ".repeat(n),
      "ﷺ".repeat(n),
      "'ﷺ' ".repeat(n / 4),
      "\ud800".repeat(n),
      "*".repeat(n),
      "**".repeat(n / 2),
      "not in ".repeat(n / 7),
    ];
    for (const source of inputs) {
      expect(source.length).toBeLessThanOrEqual(n);
      try {
        parseExpression(source);
      } catch (error) {
        expect(error).toBeInstanceOf(ExpressionError);
      }
    }
  });
});
