import type { Node, NumberNode } from "./ast";

// Python's precedence levels, loosest first; an operand printed where a tighter level is
// needed gets parentheses, and only then.
const OR = 1;
const AND = 2;
const NOT = 3;
const COMPARE = 4;
const UNARY = 11;
const POWER = 12;
const PRIMARY = 13;
const ATOM = 14;

const BINARY_PRECEDENCE: Record<string, number> = {
  "|": 5,
  "^": 6,
  "&": 7,
  "<<": 8,
  ">>": 8,
  "+": 9,
  "-": 9,
  "*": 10,
  "/": 10,
  "//": 10,
  "%": 10,
  "@": 10,
  "**": POWER,
};

// What Python's repr escapes (str.isprintable is false), except the plain space.
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/**
 * Prints a syntax tree as Python source with as few parentheses as Python's precedence
 * allows; parsing the text gives back the same tree (positions aside). Strings are printed
 * double-quoted with Python escapes, so the text is safe to paste into generated Python.
 * Hand-built trees may hold negative or non-finite numbers: they print as `-5`, `1e999`
 * and `float("nan")`, which Python reads as the same values.
 */
export function printExpression(node: Node): string {
  return print(node, OR);
}

function print(node: Node, minimum: number): string {
  const text = printBare(node);
  return precedenceOf(node) < minimum ? `(${text})` : text;
}

function precedenceOf(node: Node): number {
  switch (node.kind) {
    case "boolop":
      return node.op === "or" ? OR : AND;
    case "unary":
      return node.op === "not" ? NOT : UNARY;
    case "compare":
      return COMPARE;
    case "binary":
      return BINARY_PRECEDENCE[node.op] ?? ATOM;
    case "attribute":
    case "call":
    case "subscript":
      return PRIMARY;
    case "number":
      if (Number.isNaN(node.value)) return PRIMARY;
      return node.value < 0 || Object.is(node.value, -0) ? UNARY : ATOM;
    default:
      return ATOM;
  }
}

function printBare(node: Node): string {
  switch (node.kind) {
    case "number":
      return printNumber(node);
    case "string":
      return printString(node.value, node.bytes);
    case "name":
      return node.name;
    case "attribute":
      // `1.real` is a syntax error in Python: a number before a dot needs parentheses.
      return `${node.object.kind === "number" ? `(${printBare(node.object)})` : print(node.object, PRIMARY)}.${node.name}`;
    case "call": {
      const args = node.args.map((arg) => print(arg, OR));
      const keywords = node.keywords.map((keyword) => `${keyword.name}=${print(keyword.value, OR)}`);
      return `${print(node.callee, PRIMARY)}(${[...args, ...keywords].join(", ")})`;
    }
    case "subscript": {
      const part = (part: Node | null) => (part === null ? "" : print(part, OR));
      const slice = node.slice;
      const index =
        slice === undefined
          ? part(node.index)
          : `${part(slice.start)}:${part(slice.stop)}${slice.step === null ? "" : `:${part(slice.step)}`}`;
      return `${print(node.object, PRIMARY)}[${index}]`;
    }
    case "unary":
      return node.op === "not" ? `not ${print(node.operand, NOT)}` : `${node.op}${print(node.operand, UNARY)}`;
    case "binary": {
      const level = BINARY_PRECEDENCE[node.op] ?? ATOM;
      // `**` is right-associative and takes a primary on its left, a signed factor on its right.
      const [left, right] = node.op === "**" ? [PRIMARY, UNARY] : [level, level + 1];
      return `${print(node.left, left)} ${node.op} ${print(node.right, right)}`;
    }
    case "compare": {
      const rest = node.ops.map((op, i) => ` ${op} ${print(node.comparators[i] ?? node.left, COMPARE + 1)}`);
      return `${print(node.left, COMPARE + 1)}${rest.join("")}`;
    }
    case "boolop": {
      // A nested `or` inside `or` keeps its parentheses: the parser flattens chains.
      const level = node.op === "or" ? OR : AND;
      return node.values.map((value) => print(value, level + 1)).join(` ${node.op} `);
    }
    case "list":
      return `[${node.items.map((item) => print(item, OR)).join(", ")}]`;
    case "tuple":
      if (node.items.length === 1) return `(${print(node.items[0] as Node, OR)},)`;
      return `(${node.items.map((item) => print(item, OR)).join(", ")})`;
  }
}

function printNumber(node: NumberNode): string {
  const value = node.value;
  if (typeof value === "bigint") return value.toString();
  if (Number.isNaN(value)) return 'float("nan")';
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  const magnitude = Math.abs(value);
  if (magnitude === Number.POSITIVE_INFINITY) return `${sign}1e999`;
  if (!node.isFloat && Number.isInteger(magnitude)) return `${sign}${BigInt(magnitude).toString()}`;
  const text = String(magnitude);
  // Python reads `1` as an int: a float needs a dot or an exponent.
  return `${sign}${/[.e]/.test(text) ? text : `${text}.0`}`;
}

function printString(value: string, bytes: boolean): string {
  let out = bytes ? 'b"' : '"';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (char === "\\" || char === '"') out += `\\${char}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (bytes && code > 0xff) throw new RangeError(`a bytes literal cannot hold U+${hex(code, 4)}`);
    else if ((bytes && code > 0x7e) || (char !== " " && NON_PRINTABLE.test(char))) out += escapeCode(code);
    else out += char;
  }
  return `${out}"`;
}

function escapeCode(code: number): string {
  if (code <= 0xff) return `\\x${hex(code, 2)}`;
  if (code <= 0xffff) return `\\u${hex(code, 4)}`;
  return `\\U${hex(code, 8)}`;
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}
