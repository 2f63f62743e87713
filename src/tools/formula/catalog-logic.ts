import { arg, binary, column, either, type FormulaFunction, type ParamSpec, value } from "./function-spec";

const nullable = (p: ParamSpec): ParamSpec => ({ ...p, nullable: true });
const THEN = nullable(either("then", "Then", "any"));
const ELSE = nullable(either("else", "Else", "any"));

function compare(name: string, label: string, op: string): FormulaFunction {
  return {
    name,
    label,
    category: "comparison",
    description: `Whether a ${op} b (null when either is null)`,
    params: [either("a", "A", "any"), either("b", "B", "any")],
    same_family: [["a", "b"]],
    returns: "boolean",
    python: (args) => binary(args, op),
  };
}

/** `if_<comparison>(a, b, then, else)`: a comparison and a choice in one step. */
function ifCompare(name: string, label: string, op: string, words: string): FormulaFunction {
  return {
    name,
    label,
    category: "logic",
    description: `"then" where a ${words} b, else "else" (also when a or b is null)`,
    params: [either("a", "A", "any"), either("b", "B", "any"), THEN, ELSE],
    same_family: [
      ["a", "b"],
      ["then", "else"],
    ],
    returns: { same_as: "then" },
    python: (args) => `pl.when(${binary(args, op)}).then(${arg(args, 2).expr}).otherwise(${arg(args, 3).expr})`,
  };
}

const BOOL_A = either("a", "A", "boolean");
const BOOL_B = either("b", "B", "boolean");

/** Nulls, comparisons, logic and choices. */
export const LOGIC_FUNCTIONS: readonly FormulaFunction[] = [
  {
    name: "if_null",
    label: "If null",
    category: "null",
    description: "The value, or the fallback where the value is null",
    params: [either("value", "Value", "any"), nullable(either("fallback", "Fallback", "any"))],
    same_family: [["value", "fallback"]],
    returns: { same_as: "value" },
    python: (args) => `${arg(args, 0).expr}.fill_null(${arg(args, 1).expr})`,
  },
  {
    name: "is_null",
    label: "Is null",
    category: "null",
    description: "Whether the value is null",
    params: [column("value", "Value", "any")],
    returns: "boolean",
    python: (args) => `${arg(args, 0).expr}.is_null()`,
  },
  {
    name: "is_not_null",
    label: "Is not null",
    category: "null",
    description: "Whether the value is not null",
    params: [column("value", "Value", "any")],
    returns: "boolean",
    python: (args) => `${arg(args, 0).expr}.is_not_null()`,
  },
  compare("equal", "Equal", "=="),
  compare("not_equal", "Not equal", "!="),
  compare("greater", "Greater than", ">"),
  compare("greater_or_equal", "Greater or equal", ">="),
  compare("less", "Less than", "<"),
  compare("less_or_equal", "Less or equal", "<="),
  {
    name: "and",
    label: "And",
    category: "logic",
    description: "Whether both are true (false wins over null)",
    params: [BOOL_A, BOOL_B],
    returns: "boolean",
    python: (args) => binary(args, "&"),
  },
  {
    name: "or",
    label: "Or",
    category: "logic",
    description: "Whether either is true (true wins over null)",
    params: [BOOL_A, BOOL_B],
    returns: "boolean",
    python: (args) => binary(args, "|"),
  },
  {
    name: "not",
    label: "Not",
    category: "logic",
    description: "True where the value is false and false where it is true",
    params: [column("value", "Value", "boolean")],
    returns: "boolean",
    python: (args) => `(~${arg(args, 0).expr})`,
  },
  {
    name: "if_else",
    label: "If … then … else",
    category: "logic",
    description: '"then" where the condition is true, else "else" (also where it is null)',
    params: [column("condition", "Condition", "boolean"), THEN, ELSE],
    same_family: [["then", "else"]],
    returns: { same_as: "then" },
    python: (args) => `pl.when(${arg(args, 0).expr}).then(${arg(args, 1).expr}).otherwise(${arg(args, 2).expr})`,
  },
  ifCompare("if_equal", "If equal", "==", "equals"),
  ifCompare("if_greater", "If greater", ">", "is greater than"),
  ifCompare("if_less", "If less", "<", "is less than"),
];

/** Type conversions. Text that does not convert gives null rather than failing the run. */
export const CONVERSION_FUNCTIONS: readonly FormulaFunction[] = [
  {
    name: "to_number",
    label: "To number",
    category: "conversion",
    description: "The value as a decimal number (text that is not a number gives null)",
    params: [column("value", "Value", "any")],
    returns: "number",
    python: (args) => `${arg(args, 0).expr}.cast(pl.Float64, strict=False)`,
  },
  {
    name: "to_integer",
    label: "To integer",
    category: "conversion",
    description:
      "The value as a whole number: decimals are cut toward zero, text that is not a whole number gives null",
    params: [column("value", "Value", "any")],
    returns: "integer",
    python: (args) => `${arg(args, 0).expr}.cast(pl.Int64, strict=False)`,
  },
  {
    name: "to_text",
    label: "To text",
    category: "conversion",
    description: "The value written as text (dates as YYYY-MM-DD, booleans as true/false)",
    params: [column("value", "Value", "any")],
    returns: "string",
    python: (args) => `${arg(args, 0).expr}.cast(pl.String)`,
  },
  {
    name: "to_date",
    label: "To date",
    category: "conversion",
    description: "Text read as a date in a strftime format (%Y-%m-%d by default); text that does not match gives null",
    params: [
      column("text", "Text", "string"),
      value("format", "Format", "string", { optional: true, default: "%Y-%m-%d", text: "nonempty" }),
    ],
    returns: "date",
    python: (args) => `${arg(args, 0).expr}.str.strptime(pl.Date, ${arg(args, 1).operand}, strict=False)`,
  },
];
