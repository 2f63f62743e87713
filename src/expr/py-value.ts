import type { Node, NumberNode } from "./ast";

/**
 * Python literal values as the constant folder sees them: ints stay exact (bigint), floats are
 * IEEE doubles, `True`/`False` are bools (which Python also treats as the ints 1 and 0).
 */
export type PyValue =
  | { type: "int"; value: bigint }
  | { type: "float"; value: number }
  | { type: "str"; value: string }
  | { type: "bool"; value: boolean }
  | { type: "none" }
  | { type: "list" | "tuple"; items: PyValue[] };

/** The Python value of a literal node (numbers, strings, True/False/None, lists and tuples of them). */
export function literalValue(node: Node): PyValue | undefined {
  switch (node.kind) {
    case "number":
      return node.isFloat ? { type: "float", value: Number(node.value) } : { type: "int", value: BigInt(node.value) };
    case "string":
      return node.bytes ? undefined : { type: "str", value: node.value };
    case "name":
      if (node.name === "True") return { type: "bool", value: true };
      if (node.name === "False") return { type: "bool", value: false };
      if (node.name === "None") return { type: "none" };
      return undefined;
    case "list":
    case "tuple": {
      const items: PyValue[] = [];
      for (const item of node.items) {
        const value = literalValue(item);
        if (!value) return undefined;
        items.push(value);
      }
      return { type: node.kind, items };
    }
    default:
      return undefined;
  }
}

/** A number node; safe integers are kept as `number`, as the parser does. */
export function numberNode(value: bigint | number, isFloat: boolean, pos: number): NumberNode {
  if (isFloat) return { kind: "number", value: Number(value), isFloat, pos };
  const int = BigInt(value);
  const safe = int >= BigInt(Number.MIN_SAFE_INTEGER) && int <= BigInt(Number.MAX_SAFE_INTEGER);
  return { kind: "number", value: safe ? Number(int) : int, isFloat, pos };
}

/** The literal node that stands for a folded value. */
export function valueNode(value: PyValue, pos: number): Node {
  switch (value.type) {
    case "int":
      return numberNode(value.value, false, pos);
    case "float":
      return numberNode(value.value, true, pos);
    case "str":
      return { kind: "string", value: value.value, bytes: false, pos };
    case "bool":
      return { kind: "name", name: value.value ? "True" : "False", pos };
    case "none":
      return { kind: "name", name: "None", pos };
    case "list":
    case "tuple":
      return { kind: value.type, items: value.items.map((item) => valueNode(item, pos)), pos };
  }
}

/** Python's name for the type of a value, for messages (`unsupported operand types: str and int`). */
export function typeName(value: PyValue): string {
  return TYPE_WORDS[value.type];
}

const TYPE_WORDS: Record<PyValue["type"], string> = {
  none: "None",
  bool: "True or False",
  int: "an integer",
  float: "a decimal number",
  str: "text",
  list: "a list",
  tuple: "a tuple",
};

/** Python's `repr()` of a float: shortest round-trip digits, exponent form outside 1e-4 ≤ |x| < 1e16. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa = "", exponentText = "0"] = x.toExponential().split("e");
  const exponent = Number(exponentText);
  const digits = mantissa.replace("-", "").replace(".", "");
  const sign = x < 0 ? "-" : "";
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
    return `${sign}${whole}.${digits.slice(exponent + 1) || "0"}`;
  }
  const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const expSign = exponent < 0 ? "-" : "+";
  return `${sign}${head}e${expSign}${String(Math.abs(exponent)).padStart(2, "0")}`;
}

/** Python's `repr()` of a str: single quotes unless only double quotes avoid escaping. */
export function strRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return out + quote;
}

/** Python's `repr()`. */
export function pyRepr(value: PyValue): string {
  switch (value.type) {
    case "str":
      return strRepr(value.value);
    case "list":
      return `[${value.items.map(pyRepr).join(", ")}]`;
    case "tuple":
      return value.items.length === 1
        ? `(${pyRepr(value.items[0] as PyValue)},)`
        : `(${value.items.map(pyRepr).join(", ")})`;
    default:
      return pyStr(value);
  }
}

/** Python's `str()`. */
export function pyStr(value: PyValue): string {
  switch (value.type) {
    case "int":
      return value.value.toString();
    case "float":
      return floatRepr(value.value);
    case "str":
      return value.value;
    case "bool":
      return value.value ? "True" : "False";
    case "none":
      return "None";
    default:
      return pyRepr(value);
  }
}

/** Length in code points, as Python's `len()` counts a str. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}
