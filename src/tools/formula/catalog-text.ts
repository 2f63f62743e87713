import { arg, either, type FormulaFunction, type ParamSpec, value } from "./function-spec";

const TEXT = either("text", "Text", "string");

/** A function of one text argument and literal options, rendered as `<text>.str.<call>`. */
function strMethod(
  name: string,
  label: string,
  description: string,
  options: readonly ParamSpec[],
  returns: FormulaFunction["returns"],
  call: (options: string[]) => string,
): FormulaFunction {
  return {
    name,
    label,
    category: "text",
    description,
    params: [TEXT, ...options],
    returns,
    python: (args) => `${arg(args, 0).expr}.str.${call(args.slice(1).map((a) => a.operand))}`,
  };
}

const WIDTH = value("width", "Width", "integer", { min: 0, max: "string_repeat" });
const FILL = value("fill", "Fill character", "string", { optional: true, default: " ", text: "char" });
const PART = either("part", "Text to find", "string");

/** Text functions. Lengths and positions count characters (not bytes); null text gives null. */
export const TEXT_FUNCTIONS: readonly FormulaFunction[] = [
  strMethod("upper", "Upper case", "The text in upper case", [], "string", () => "to_uppercase()"),
  strMethod("lower", "Lower case", "The text in lower case", [], "string", () => "to_lowercase()"),
  strMethod("trim", "Trim", "The text without leading and trailing whitespace", [], "string", () => "strip_chars()"),
  strMethod(
    "trim_start",
    "Trim start",
    "The text without leading whitespace",
    [],
    "string",
    () => "strip_chars_start()",
  ),
  strMethod("trim_end", "Trim end", "The text without trailing whitespace", [], "string", () => "strip_chars_end()"),
  strMethod(
    "pad_start",
    "Pad start",
    "Fills the text on the left with a character up to a width (longer text is kept whole)",
    [WIDTH, FILL],
    "string",
    ([width, fill]) => `pad_start(${width}, ${fill})`,
  ),
  strMethod(
    "pad_end",
    "Pad end",
    "Fills the text on the right with a character up to a width (longer text is kept whole)",
    [WIDTH, FILL],
    "string",
    ([width, fill]) => `pad_end(${width}, ${fill})`,
  ),
  strMethod(
    "replace",
    "Replace",
    "Replaces every occurrence of a text (taken literally, not as a pattern) with another",
    [value("find", "Find", "string", { text: "nonempty" }), value("replacement", "Replace with", "string")],
    "string",
    ([find, replacement]) => `replace_all(${find}, ${replacement}, literal=True)`,
  ),
  strMethod(
    "substring",
    "Substring",
    "Characters from a position (0 is the first character) on, at most `length` of them (all when left out)",
    [
      value("start", "Start (0 = first)", "integer", { min: 0 }),
      value("length", "Length", "integer", { min: 0, optional: true }),
    ],
    "string",
    ([start, length]) => (length === undefined ? `slice(${start})` : `slice(${start}, ${length})`),
  ),
  strMethod(
    "left",
    "Left",
    "The first n characters",
    [value("n", "Characters", "integer", { min: 0 })],
    "string",
    ([n]) => {
      return `head(${n})`;
    },
  ),
  strMethod(
    "right",
    "Right",
    "The last n characters",
    [value("n", "Characters", "integer", { min: 0 })],
    "string",
    ([n]) => {
      return `tail(${n})`;
    },
  ),
  strMethod("length", "Length", "The number of characters", [], "integer", () => "len_chars()"),
  strMethod(
    "contains",
    "Contains",
    "Whether the text contains another (taken literally)",
    [PART],
    "boolean",
    ([part]) => `contains(${part}, literal=True)`,
  ),
  strMethod("starts_with", "Starts with", "Whether the text starts with another", [PART], "boolean", ([part]) => {
    return `starts_with(${part})`;
  }),
  strMethod("ends_with", "Ends with", "Whether the text ends with another", [PART], "boolean", ([part]) => {
    return `ends_with(${part})`;
  }),
  {
    name: "concat",
    label: "Concatenate",
    category: "text",
    description:
      "Joins two or more columns or values with a separator; numbers and dates are written as text, nulls skipped",
    params: [value("separator", "Separator", "string"), { ...either("parts", "Parts", "any"), repeat: { min: 2 } }],
    returns: "string",
    python: (args) =>
      `pl.concat_str([${args
        .slice(1)
        .map((a) => a.expr)
        .join(", ")}], separator=${arg(args, 0).operand}, ignore_nulls=True)`,
  },
];
