/**
 * The parser of the expression language: Python 3's expression grammar, less what a Polars
 * expression never needs. Choices where Python leaves room:
 * - Line breaks and backslash continuations are accepted inside brackets; a backslash at the
 *   end of a line is accepted anywhere, as in Python. A line break outside brackets between
 *   two tokens is refused as a statement separator; leading and trailing blank space is fine.
 * - Comments (`#`) are refused: the text is pasted into generated Python, where a comment
 *   would swallow what the generator writes after it on the same line.
 * - A bare tuple at the top level (`a, b`) is accepted, as Python's eval accepts it.
 * - Stricter than Python: a number glued to a letter (`1if`, `0x1for`), `\N{...}` escapes,
 *   unpaired surrogates, NUL, repeated keyword arguments, a slice inside a tuple index
 *   (`a[1:2, 3]`), names whose NFKC form is a keyword (`Ｔｒｕｅ`).
 * - As Python: names are NFKC-normalized, an unknown escape (`"\d"`) keeps its backslash.
 */
import type { BinaryOp, CompareOp, Keyword, Node, StringNode, SubscriptNode, TupleNode } from "./ast";
import { ExpressionError } from "./expression-error";
import { type Token, tokenize } from "./lexer";
import { DEFAULT_LIMITS, ParseBudget, type ParseLimits } from "./parse-limits";
import { INDEXING_REFUSAL } from "./refusals";
import { TokenCursor } from "./token-cursor";

export { MAX_EXPRESSION_LENGTH, MAX_NESTING, MAX_TREE_DEPTH, type ParseLimits } from "./parse-limits";

// Binary operator levels from loosest to tightest, below comparisons and above unary.
const BINARY_LEVELS: readonly (readonly string[])[] = [
  ["|"],
  ["^"],
  ["&"],
  ["<<", ">>"],
  ["+", "-"],
  ["*", "/", "//", "%", "@"],
];
const COMPARE_OPERATORS = new Set(["==", "!=", "<", "<=", ">", ">="]);

/**
 * Parses one Python expression (the subset Polars expressions are written in) into a tree.
 * Anything else (a statement, lambda, comprehension, f-string, dict, ...) and any input over
 * the limits throws an ExpressionError naming the construct and its offset; no other
 * exception escapes, whatever the input.
 */
export function parseExpression(source: string, limits: Partial<ParseLimits> = {}): Node {
  if (typeof source !== "string") throw new ExpressionError("the expression must be a string", 0);
  const bounds: ParseLimits = {
    maxLength: limits.maxLength ?? DEFAULT_LIMITS.maxLength,
    maxNesting: limits.maxNesting ?? DEFAULT_LIMITS.maxNesting,
    maxTreeDepth: limits.maxTreeDepth ?? DEFAULT_LIMITS.maxTreeDepth,
  };
  if (source.length > bounds.maxLength) {
    throw new ExpressionError(
      `the expression is ${source.length} characters long; the limit is ${bounds.maxLength}`,
      0,
    );
  }
  return new Parser(tokenize(source), bounds).parseAll();
}

/** Recursive descent over Python's expression grammar; recursion only where brackets or prefix operators nest. */
class Parser extends TokenCursor {
  private readonly budget: ParseBudget;

  constructor(tokens: Token[], limits: ParseLimits) {
    super(tokens);
    this.budget = new ParseBudget(limits);
  }

  parseAll(): Node {
    if (this.peek().kind === "eof") throw new ExpressionError("the expression is empty", 0);
    const node = this.parseExpressionList();
    const rest = this.peek();
    if (rest.kind !== "eof") throw this.unexpected(rest);
    return node;
  }

  // ── Grammar, loosest first ─────────────────────────────────────────────────────────

  /** `a`, or a tuple without brackets `a, b,` (allowed at the top level, as Python's eval allows it). */
  private parseExpressionList(): Node {
    const start = this.peek().pos;
    const first = this.parseExpression();
    if (!this.atOp(",")) return first;
    const items = [first];
    while (this.atOp(",")) {
      this.next();
      if (this.peek().kind === "eof") break;
      items.push(this.parseExpression());
    }
    return this.budget.built<TupleNode>({ kind: "tuple", items, pos: start }, items);
  }

  /** Python's `expression`, minus lambda and `x if c else y` (both refused). */
  private parseExpression(): Node {
    const node = this.parseOr();
    if (this.atKeyword("if")) throw this.unexpected(this.peek());
    return node;
  }

  private parseOr(): Node {
    return this.parseBoolOp("or", () => this.parseAnd());
  }

  private parseAnd(): Node {
    return this.parseBoolOp("and", () => this.parseNot());
  }

  private parseBoolOp(op: "and" | "or", operand: () => Node): Node {
    const start = this.peek().pos;
    const first = operand();
    if (!this.atKeyword(op)) return first;
    const values = [first];
    while (this.atKeyword(op)) {
      this.next();
      values.push(operand());
    }
    return this.budget.built({ kind: "boolop", op, values, pos: start }, values);
  }

  private parseNot(): Node {
    const token = this.peek();
    if (token.kind !== "keyword" || token.keyword !== "not") return this.parseComparison();
    this.next();
    this.budget.enter(token.pos);
    const operand = this.parseNot();
    this.budget.leave();
    return this.budget.built({ kind: "unary", op: "not", operand, pos: token.pos }, [operand]);
  }

  private parseComparison(): Node {
    const start = this.peek().pos;
    const left = this.parseBinary(0);
    const ops: CompareOp[] = [];
    const comparators: Node[] = [];
    for (;;) {
      const op = this.readCompareOp();
      if (op === null) break;
      ops.push(op);
      comparators.push(this.parseBinary(0));
    }
    if (ops.length === 0) return left;
    return this.budget.built({ kind: "compare", left, ops, comparators, pos: start }, [left, ...comparators]);
  }

  private readCompareOp(): CompareOp | null {
    const token = this.peek();
    if (token.kind === "op" && COMPARE_OPERATORS.has(token.op)) {
      this.next();
      return token.op as CompareOp;
    }
    if (token.kind !== "keyword") return null;
    if (token.keyword === "in") {
      this.next();
      return "in";
    }
    if (token.keyword === "is") {
      this.next();
      if (!this.atKeyword("not")) return "is";
      this.next();
      return "is not";
    }
    if (token.keyword === "not") {
      this.next();
      if (!this.atKeyword("in")) throw this.unexpected(this.peek(), "'in' after 'not' (to negate, use ~)");
      this.next();
      return "not in";
    }
    return null;
  }

  /** `|`, `^`, `&`, shifts, `+ -`, `* / // % @`: left-associative, one loop per level. */
  private parseBinary(level: number): Node {
    const ops = BINARY_LEVELS[level];
    if (ops === undefined) return this.parseFactor();
    let left = this.parseBinary(level + 1);
    for (;;) {
      const token = this.peek();
      if (token.kind !== "op" || !ops.includes(token.op)) return left;
      this.next();
      const right = this.parseBinary(level + 1);
      left = this.budget.built({ kind: "binary", op: token.op as BinaryOp, left, right, pos: token.pos }, [
        left,
        right,
      ]);
    }
  }

  /** Unary `+ - ~`, which bind looser than `**` on their right: `-2**2` is `-(2**2)`. */
  private parseFactor(): Node {
    const token = this.peek();
    if (token.kind !== "op" || (token.op !== "-" && token.op !== "+" && token.op !== "~")) return this.parsePower();
    this.next();
    this.budget.enter(token.pos);
    const operand = this.parseFactor();
    this.budget.leave();
    return this.budget.built({ kind: "unary", op: token.op, operand, pos: token.pos }, [operand]);
  }

  /** `a ** b`: right-associative, and the exponent may carry a unary sign (`2**-1`). */
  private parsePower(): Node {
    const base = this.parsePrimary();
    const token = this.peek();
    if (token.kind !== "op" || token.op !== "**") return base;
    this.next();
    this.budget.enter(token.pos);
    const exponent = this.parseFactor();
    this.budget.leave();
    return this.budget.built({ kind: "binary", op: "**", left: base, right: exponent, pos: token.pos }, [
      base,
      exponent,
    ]);
  }

  /** An atom followed by any number of `.name`, `(args)` and `[index]`. */
  private parsePrimary(): Node {
    const start = this.peek().pos;
    let node = this.parseAtom();
    for (;;) {
      if (this.atOp(".")) {
        const dot = this.next();
        const name = this.peek();
        if (name.kind === "keyword") {
          throw new ExpressionError(
            `'${name.keyword}' is a word reserved by Python and cannot be a method name`,
            name.pos,
          );
        }
        if (name.kind !== "name") throw this.unexpected(name, "a method name after '.'");
        this.next();
        const attribute = { kind: "attribute", object: node, name: name.name, namePos: name.pos, pos: start } as const;
        node = this.budget.built(attribute, [node], dot.pos);
      } else if (this.atOp("(")) {
        node = this.parseCall(node, start);
      } else if (this.atOp("[")) {
        node = this.parseSubscript(node, start);
      } else {
        return node;
      }
    }
  }

  private parseCall(callee: Node, start: number): Node {
    const open = this.next();
    this.budget.enter(open.pos);
    const args: Node[] = [];
    const keywords: Keyword[] = [];
    const named = new Set<string>();
    while (!this.atOp(")")) {
      const token = this.peek();
      if (token.kind === "op" && token.op === "*") {
        throw new ExpressionError(
          "'*' before an argument (unpacking, as in f(*args)) is not allowed: give each argument separately",
          token.pos,
        );
      }
      if (token.kind === "op" && token.op === "**") {
        throw new ExpressionError(
          "'**' before an argument (unpacking, as in f(**options)) is not allowed: give each one as name=value",
          token.pos,
        );
      }
      if (this.atOp("=", 1) && token.kind === "keyword") {
        throw new ExpressionError(
          `'${token.keyword}' is a word reserved by Python and cannot name an argument`,
          token.pos,
        );
      }
      if (this.atOp("=", 1) && token.kind === "name") {
        this.next();
        this.next();
        const value = this.parseExpression();
        if (named.has(token.name)) throw new ExpressionError(`the argument ${token.name}= is given twice`, token.pos);
        named.add(token.name);
        keywords.push({ name: token.name, value, pos: token.pos });
      } else {
        const value = this.parseExpression();
        if (keywords.length > 0) {
          throw new ExpressionError(
            "an argument without a name cannot follow a named one (name=value): put the unnamed arguments first",
            token.pos,
          );
        }
        args.push(value);
      }
      if (!this.atOp(",")) break;
      this.next();
    }
    this.close(open, ")", "',' or ')'");
    this.budget.leave();
    const children = [callee, ...args, ...keywords.map((keyword) => keyword.value)];
    return this.budget.built({ kind: "call", callee, args, keywords, pos: start }, children, open.pos);
  }

  /** `a[i]`, `a[i, j]` (a tuple index), `a[start:stop:step]` with any part left out. */
  private parseSubscript(object: Node, start: number): Node {
    const open = this.next();
    this.budget.enter(open.pos);
    if (this.atOp("]")) throw new ExpressionError(INDEXING_REFUSAL, open.pos);
    let node: SubscriptNode;
    if (this.atOp(":")) {
      node = this.parseSlice(object, start, null, open.pos);
    } else {
      const indexStart = this.peek().pos;
      const first = this.parseExpression();
      if (this.atOp(":")) {
        node = this.parseSlice(object, start, first, open.pos);
      } else {
        let index = first;
        if (this.atOp(",")) {
          const items = [first];
          while (this.atOp(",")) {
            this.next();
            if (this.atOp("]") || this.atOp(":")) break;
            items.push(this.parseExpression());
          }
          index = this.budget.built<TupleNode>({ kind: "tuple", items, pos: indexStart }, items);
        }
        node = this.budget.built({ kind: "subscript", object, index, pos: start }, [object, index], open.pos);
      }
    }
    if (this.atOp(":") && node.slice !== undefined) {
      throw new ExpressionError(INDEXING_REFUSAL, open.pos);
    }
    if (this.atOp(",") || this.atOp(":")) {
      throw new ExpressionError(INDEXING_REFUSAL, open.pos);
    }
    this.close(open, "]", "']'");
    this.budget.leave();
    return node;
  }

  private parseSlice(object: Node, start: number, lower: Node | null, open: number): SubscriptNode {
    this.next(); // the first ':'
    const upper = this.atSliceEnd() ? null : this.parseExpression();
    let step: Node | null = null;
    if (this.atOp(":")) {
      this.next();
      step = this.atSliceEnd() ? null : this.parseExpression();
    }
    const slice = { start: lower, stop: upper, step };
    const node: SubscriptNode = { kind: "subscript", object, index: null, slice, pos: start };
    return this.budget.built(node, [object, lower, upper, step], open);
  }

  private atSliceEnd(): boolean {
    return this.atOp("]") || this.atOp(":") || this.atOp(",");
  }

  private parseAtom(): Node {
    const token = this.peek();
    switch (token.kind) {
      case "number":
        this.next();
        return { kind: "number", value: token.value, isFloat: token.isFloat, pos: token.pos };
      case "string":
        return this.parseStrings();
      case "name":
        this.next();
        return { kind: "name", name: token.name, pos: token.pos };
      case "keyword":
        if (token.keyword === "True" || token.keyword === "False" || token.keyword === "None") {
          this.next();
          return { kind: "name", name: token.keyword, pos: token.pos };
        }
        throw this.unexpected(token, "a value");
      case "op":
        if (token.op === "(") return this.parseParenthesized();
        if (token.op === "[") return this.parseList();
        throw this.unexpected(token, "a value");
      default:
        throw this.unexpected(token, "a value");
    }
  }

  /** Adjacent literals are one string, as in Python (`"a" "b"` is `"ab"`). */
  private parseStrings(): StringNode {
    const first = this.peek();
    let value = "";
    let bytes: boolean | null = null;
    for (let token = first; token.kind === "string"; token = this.peek()) {
      if (bytes !== null && bytes !== token.bytes) {
        throw new ExpressionError("bytes (b'...') and text cannot be joined", token.pos);
      }
      bytes = token.bytes;
      value += token.value;
      this.next();
    }
    return { kind: "string", value, bytes: bytes === true, pos: first.pos };
  }

  /** `(a)` is `a`; `()`, `(a,)` and `(a, b)` are tuples. */
  private parseParenthesized(): Node {
    const open = this.next();
    this.budget.enter(open.pos);
    const items: Node[] = [];
    let tuple = false;
    while (!this.atOp(")")) {
      items.push(this.parseExpression());
      if (!this.atOp(",")) break;
      this.next();
      tuple = true;
    }
    this.close(open, ")", "',' or ')'");
    this.budget.leave();
    const only = items[0];
    if (!tuple && only !== undefined) return only;
    return this.budget.built({ kind: "tuple", items, pos: open.pos }, items);
  }

  private parseList(): Node {
    const open = this.next();
    this.budget.enter(open.pos);
    const items: Node[] = [];
    while (!this.atOp("]")) {
      items.push(this.parseExpression());
      if (!this.atOp(",")) break;
      this.next();
    }
    this.close(open, "]", "',' or ']'");
    this.budget.leave();
    return this.budget.built({ kind: "list", items, pos: open.pos }, items);
  }
}
