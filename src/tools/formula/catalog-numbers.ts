import { arg, binary, either, type FormulaFunction, type ParamSpec, value } from "./function-spec";

const A = either("a", "Number", "number");
const B = either("b", "Number", "number");

function operator(name: string, label: string, op: string, description: string): FormulaFunction {
  return {
    name,
    label,
    category: "arithmetic",
    description,
    params: [A, B],
    returns: "number",
    python: (args) => binary(args, op),
  };
}

function method(
  name: string,
  label: string,
  category: FormulaFunction["category"],
  description: string,
  params: readonly ParamSpec[],
  render: (receiver: string, rest: string[]) => string,
): FormulaFunction {
  return {
    name,
    label,
    category,
    description,
    params,
    returns: { same_as: "value" },
    python: (args) =>
      render(
        arg(args, 0).expr,
        args.slice(1).map((a) => a.operand),
      ),
  };
}

const NUMBER = either("value", "Number", "number");

/** `pl.<fn>(a, b, ...)` over two or more numbers. */
function horizontal(name: string, label: string, fn: string, description: string): FormulaFunction {
  return {
    name,
    label,
    category: "arithmetic",
    description,
    params: [{ ...either("values", "Numbers", "number"), repeat: { min: 2 } }],
    returns: "number",
    python: (args) => `pl.${fn}(${args.map((a) => a.expr).join(", ")})`,
  };
}

/** Arithmetic and rounding. A null operand gives null. */
export const NUMBER_FUNCTIONS: readonly FormulaFunction[] = [
  operator("add", "Add", "+", "a + b"),
  operator("subtract", "Subtract", "-", "a − b"),
  operator("multiply", "Multiply", "*", "a × b"),
  {
    ...operator("divide", "Divide", "/", "a ÷ b, always a decimal number (division by zero gives ±inf or NaN)"),
    returns: "number",
  },
  operator(
    "modulo",
    "Remainder",
    "%",
    "The remainder of a ÷ b, with the sign of b (as Python's %); an integer remainder by zero is null",
  ),
  {
    name: "power",
    label: "Power",
    category: "arithmetic",
    description:
      "base raised to a fixed exponent, a decimal number; the exponent is bounded by the server's expression limits",
    // nodejs-polars raises to a number only, so the exponent is a literal.
    params: [either("base", "Base", "number"), value("exponent", "Exponent", "number")],
    returns: "number",
    python: (args) => binary(args, "**"),
  },
  method("negate", "Negate", "arithmetic", "−value", [NUMBER], (v) => `(-${v})`),
  method("sqrt", "Square root", "arithmetic", "The square root (NaN below zero)", [NUMBER], (v) => `${v}.sqrt()`),
  horizontal("smallest", "Smallest", "min_horizontal", "The smallest of two or more numbers (nulls are skipped)"),
  horizontal("largest", "Largest", "max_horizontal", "The largest of two or more numbers (nulls are skipped)"),
  method("abs", "Absolute value", "arithmetic", "The value without its sign", [NUMBER], (v) => `${v}.abs()`),
  method(
    "round",
    "Round",
    "rounding",
    "Rounds to a number of decimal places (halves to the even neighbour: 2.5 → 2)",
    [NUMBER, value("digits", "Decimal places", "integer", { optional: true, default: 0, min: 0 })],
    (v, [digits]) => `${v}.round(${digits})`,
  ),
  method(
    "floor",
    "Round down",
    "rounding",
    "The largest whole number not above the value",
    [NUMBER],
    (v) => `${v}.floor()`,
  ),
  method(
    "ceil",
    "Round up",
    "rounding",
    "The smallest whole number not below the value",
    [NUMBER],
    (v) => `${v}.ceil()`,
  ),
];
