import { ExpressionError } from "./expression-error";
import type { Token } from "./lexer";

// Python constructs the language leaves out, named so the analyst learns what is refused and
// what to write instead, rather than reading "unexpected token".
const KEYWORD_REFUSALS: Record<string, string> = {
  lambda: "lambda is not allowed",
  if: "conditional expressions (x if c else y) are not allowed; use pl.when(c).then(x).otherwise(y)",
  else: "conditional expressions (x if c else y) are not allowed; use pl.when(c).then(x).otherwise(y)",
  for: "comprehensions and generator expressions (... for ... in ...) are not allowed",
  async: "comprehensions and generator expressions (... for ... in ...) are not allowed",
  await: "await is not allowed",
  yield: "yield is not allowed",
  import: "import is not allowed",
  from: "import is not allowed",
  del: "del is not allowed",
  not: "'not' cannot stand here; put it in parentheses: (not x)",
};

const OP_REFUSALS: Record<string, string> = {
  "=": "assignment (=) is not allowed; to compare, write ==",
  ":=": "assignment expressions (:=) are not allowed",
  ";": "statements are not allowed: ';' separates statements; write one expression",
  "{": "dict and set displays ({...}) are not allowed",
  "...": "Ellipsis (...) is not allowed",
  "->": "annotations (->) are not allowed",
  "*": "'*' needs a value before it: it multiplies two values (unpacking, *x, is not allowed)",
  "**": "dict unpacking (**x) is not allowed",
};

const AUGMENTED_ASSIGNMENTS = new Set([
  "+=",
  "-=",
  "*=",
  "/=",
  "//=",
  "%=",
  "@=",
  "&=",
  "|=",
  "^=",
  "<<=",
  ">>=",
  "**=",
]);

// Keywords that are neither operators nor refused above start or belong to statements.
const OPERATOR_KEYWORDS = new Set(["and", "or", "in", "is", "True", "False", "None"]);

/**
 * The message for a token that stands for a refused construct (lambda, `if`-`else`,
 * comprehension, assignment, `;`, dict display, a line break between statements, ...),
 * or null when the token is merely out of place. Only called where the token cannot
 * continue a valid expression, so `*` here starts a value (Python's starred expression), not a product.
 */
function refusalOf(token: Token): string | null {
  if (token.kind === "keyword") {
    const refusal = KEYWORD_REFUSALS[token.keyword];
    if (refusal !== undefined) return refusal;
    if (OPERATOR_KEYWORDS.has(token.keyword)) return null;
    return `statements are not allowed ('${token.keyword}')`;
  }
  if (token.kind === "op") {
    if (AUGMENTED_ASSIGNMENTS.has(token.op)) return `augmented assignment (${token.op}) is not allowed`;
    return OP_REFUSALS[token.op] ?? null;
  }
  if (token.kind === "newline") {
    return "a line break outside brackets ends the expression (statements are not allowed); wrap a multi-line expression in parentheses";
  }
  return null;
}

const shortened = (text: string) => (text.length > 20 ? `${text.slice(0, 20)}…` : text);

/** A token as an error message names it: `'x'`, `the number 2`, `'+'`, `the end of the expression`. */
function describeToken(token: Token): string {
  switch (token.kind) {
    case "name":
      return `'${token.name}'`;
    case "keyword":
      return `'${token.keyword}'`;
    case "number":
      return `the number ${shortened(String(token.value))}`;
    case "string":
      return `the text ${JSON.stringify(shortened(token.value))}`;
    case "op":
      return `'${token.op}'`;
    case "newline":
      return "a line break";
    case "eof":
      return "the end of the expression";
  }
}

/** Reads a token list (ending with `eof`) and words the error for a token that does not fit. */
export class TokenCursor {
  private index = 0;
  private readonly eof: Token;

  constructor(private readonly tokens: Token[]) {
    this.eof = tokens[tokens.length - 1] ?? { kind: "eof", pos: 0, end: 0 };
  }

  protected peek(ahead = 0): Token {
    return this.tokens[this.index + ahead] ?? this.eof;
  }

  protected next(): Token {
    const token = this.peek();
    if (token.kind !== "eof") this.index++;
    return token;
  }

  protected atOp(op: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === "op" && token.op === op;
  }

  protected atKeyword(keyword: string): boolean {
    const token = this.peek();
    return token.kind === "keyword" && token.keyword === keyword;
  }

  /** The error for a token that cannot stand here: a named refusal when it is one, else a syntax error. */
  protected unexpected(token: Token, expected?: string): ExpressionError {
    const refusal = refusalOf(token);
    if (refusal !== null) return new ExpressionError(refusal, token.pos);
    const found = describeToken(token);
    if (expected === "a value") {
      if (token.kind === "eof") {
        return new ExpressionError("the expression is incomplete: a value is missing at its end", token.pos);
      }
      return new ExpressionError(`a value is missing before ${found}`, token.pos);
    }
    if (expected !== undefined) return new ExpressionError(`expected ${expected}, found ${found}`, token.pos);
    if (token.kind === "op" && (token.op === ")" || token.op === "]" || token.op === "}")) {
      return new ExpressionError(`'${token.op}' has no opening bracket to close`, token.pos);
    }
    if (token.kind === "op") return new ExpressionError(`${found} cannot stand here`, token.pos);
    return new ExpressionError(
      `${found} cannot follow what comes before it: an operator (such as +, == or &) or a comma may be missing`,
      token.pos,
    );
  }

  /** Consumes `closer`, or refuses what stands there, naming the bracket it should close. */
  protected close(open: Token, closer: string, what: string): void {
    if (!this.atOp(closer)) {
      const opener = `'${closer === ")" ? "(" : "["}' at column ${open.pos + 1}`;
      if (this.peek().kind === "eof") {
        throw new ExpressionError(`the ${opener} is not closed: add '${closer}'`, this.peek().pos);
      }
      throw this.unexpected(this.peek(), `${what} to close the ${opener}`);
    }
    this.next();
  }
}
