import { callLabel, callNamePos } from "./arguments";
import type { AttributeNode, CallNode, Node } from "./ast";
import { type Entry, lookup, METHOD_NAMESPACES, pythonNameOf } from "./catalog";
import { checkArguments, checkedLiterals } from "./check-arguments";
import { type CheckContext, type Checked, startOf } from "./checked";
import { dtypeEntry, REFUSED_DTYPES } from "./dtypes";
import { ExpressionError } from "./expression-error";
import type { Namespace, Param } from "./params";
import { dunderRefusal, isDunder, nameHint, ONLY_CALLS, refusedReason } from "./refusals";

/**
 * Calls: `pl.<function>(...)`, `pl.<Dtype>(...)`, `<expr>.<method>(...)`,
 * `<expr>.<str|dt|list>.<method>(...)` and the `when/then/otherwise` chain. Each argument is
 * checked against its parameter's kind; the returned node has the checked (folded) arguments.
 */

const fail = (message: string, pos: number): never => {
  throw new ExpressionError(message, pos);
};

/** The chain steps, which are not expression methods: `.then(x)`, `.otherwise(x)`, `.when(p)`. */
export const CHAIN_PARAMS: ReadonlyMap<"then" | "otherwise" | "when", readonly Param[]> = new Map([
  ["then", [{ name: "statement", kind: "column_expr" }]],
  ["otherwise", [{ name: "statement", kind: "column_expr" }]],
  ["when", [{ name: "predicates", kind: "column_expr", variadic: true }]],
] as const);

/** The parameters of a chain step. */
export function chainParams(step: "then" | "otherwise" | "when"): readonly Param[] {
  return CHAIN_PARAMS.get(step) ?? [];
}

const UNSUPPORTED_NAMESPACES = new Set(["cat", "name", "struct", "arr", "bin", "meta", "plugins"]);

export function checkCall(ctx: CheckContext, call: CallNode): Checked {
  const callee = call.callee;
  if (callee.kind !== "attribute") {
    if (callee.kind === "name") {
      const allowed = ["pl", "True", "False", "None"].includes(callee.name);
      if (allowed) return fail(`${callee.name} cannot be called`, callee.pos);
      if (isDunder(callee.name)) return fail(dunderRefusal(callee.name), callee.pos);
      return fail(bareCallMessage(callee.name), callee.pos);
    }
    ctx.check(callee);
    return fail(ONLY_CALLS, startOf(callee));
  }
  if (isDunder(callee.name)) return fail(dunderRefusal(callee.name), callee.namePos);
  const object = callee.object;
  if (object.kind === "name" && object.name === "pl") return plCall(ctx, call, callee);
  if (object.kind === "attribute" && !isPl(object.object) && !isDunder(object.name)) {
    if (METHOD_NAMESPACES.has(object.name)) return namespaceCall(ctx, call, callee, object);
    if (UNSUPPORTED_NAMESPACES.has(object.name)) {
      ctx.check(object.object);
      return fail(`Methods under .${object.name} are not supported`, object.namePos);
    }
  }
  const base = ctx.check(object);
  return methodCall(ctx, call, callee, base);
}

const isPl = (node: Node) => node.kind === "name" && node.name === "pl";

function plCall(ctx: CheckContext, call: CallNode, callee: AttributeNode): Checked {
  const name = callee.name;
  const dtype = dtypeEntry(name);
  if (dtype) {
    const args = checkArguments(ctx, dtype.params, call, `pl.${name}()`);
    return { kind: "dtype", node: { ...call, ...args } };
  }
  if (Object.hasOwn(REFUSED_DTYPES, name))
    return fail(`pl.${name} is refused: ${REFUSED_DTYPES[name]}`, callee.namePos);
  const entry = lookup("pl", name);
  if (!entry) return fail(unknown("pl", name), callee.namePos);
  const args = checkEntry(ctx, entry, call);
  const kind = entry.namespace === "pl" && entry.returns === "when" ? "when" : "expr";
  return { kind, node: { ...call, ...args } };
}

function namespaceCall(ctx: CheckContext, call: CallNode, callee: AttributeNode, space: AttributeNode): Checked {
  const base = ctx.check(space.object);
  expressionBase(base, space.object, `.${space.name}`);
  const namespace = space.name as Namespace;
  const entry = lookup(namespace, callee.name);
  if (!entry) {
    const refused = callee.name === "eval" ? refusedReason("eval") : undefined;
    return fail(
      refused ? `.${space.name}.eval is refused: ${refused}` : unknown(namespace, callee.name),
      callee.namePos,
    );
  }
  const args = checkEntry(ctx, entry, call);
  return { kind: "expr", node: { ...call, callee: { ...callee, object: { ...space, object: base.node } }, ...args } };
}

function methodCall(ctx: CheckContext, call: CallNode, callee: AttributeNode, base: Checked): Checked {
  const name = callee.name;
  const withBase = (kind: "expr" | "when" | "then", args: Pick<CallNode, "args" | "keywords">): Checked => ({
    kind,
    node: { ...call, callee: { ...callee, object: base.node }, ...args },
  });
  if (base.kind === "when") {
    if (name !== "then") return fail(`pl.when(...) must be followed by .then(...), not .${name}()`, callee.namePos);
    return withBase("then", checkArguments(ctx, chainParams("then"), call, ".then()"));
  }
  if (base.kind === "then") {
    if (name === "when") return withBase("when", checkArguments(ctx, chainParams("when"), call, ".when()"));
    if (name === "otherwise")
      return withBase("expr", checkArguments(ctx, chainParams("otherwise"), call, ".otherwise()"));
    if (name === "then") return fail(".then(...) must follow a .when(...)", callee.namePos);
  }
  if (base.kind === "expr" && (name === "then" || name === "otherwise"))
    return fail(`.${name}(...) belongs to a pl.when(...) chain`, callee.namePos);
  expressionBase(base, callee.object, `.${name}()`);
  const entry = lookup("", name);
  if (!entry) return fail(unknown("", name), callee.namePos);
  return withBase("expr", checkEntry(ctx, entry, call));
}

/** A method's receiver must be an expression (a then-chain counts: its otherwise is null). */
function expressionBase(base: Checked, node: Node, what: string): void {
  if (base.kind === "expr" || base.kind === "then") return;
  if (base.kind === "literal")
    fail(`${what} cannot be called on a plain value: wrap the value in pl.lit(...)`, startOf(node));
  if (base.kind === "dtype") fail(`${what} cannot be called on a data type`, startOf(node));
  fail("pl.when(...) must be followed by .then(...)", startOf(node));
}

function unknown(namespace: Namespace, name: string): string {
  const label = namespace === "pl" ? `pl.${name}` : namespace ? `.${namespace}.${name}()` : `.${name}()`;
  const reason = refusedReason(name);
  if (reason) return `${label} is refused: ${reason}`;
  const python = pythonNameOf(namespace, name);
  if (python) return `${label} is not the Python Polars spelling: write ${callLabel(namespace, python)}`;
  const kind = namespace === "pl" ? "function" : "method";
  const instead = namespace === "" ? namespacedMethod(name) : undefined;
  if (instead) return `${label} is not an accepted method (${instead})`;
  return `${label} is not an accepted ${kind} (see /api/polars/functions for the list)`;
}

/** Python's own string methods, as Polars spells them under `.str`. */
const PYTHON_STR_METHODS: Readonly<Record<string, string>> = {
  upper: "to_uppercase",
  lower: "to_lowercase",
  title: "to_titlecase",
  strip: "strip_chars",
  lstrip: "strip_chars_start",
  rstrip: "strip_chars_end",
  startswith: "starts_with",
  endswith: "ends_with",
};

const NAMESPACE_WORDS: Readonly<Record<string, string>> = { str: "text", dt: "dates and times", list: "lists" };

/**
 * Where the method the analyst meant lives: `for text, write .str.to_uppercase()` for
 * `.upper()`, `for dates and times, write .dt.year()` for `.year()`; undefined if nowhere.
 */
function namespacedMethod(name: string): string | undefined {
  const python = Object.hasOwn(PYTHON_STR_METHODS, name) ? PYTHON_STR_METHODS[name] : undefined;
  if (python && lookup("str", python)) return `for text, write .str.${python}()`;
  const spaces = [...METHOD_NAMESPACES].filter((ns) => lookup(ns as Namespace, name));
  if (spaces.length === 0) return undefined;
  return spaces.map((ns) => `for ${NAMESPACE_WORDS[ns]}, write .${ns}.${name}()`).join("; ");
}

/** `round(x)`, `len(x)`, `amount(...)`: Python's functions are not in the language; say what is. */
function bareCallMessage(name: string): string {
  const hint = nameHint(name);
  if (hint) return `Unknown function ${name}(): ${hint}`;
  if (lookup("pl", name)) return `Unknown function ${name}(): write pl.${name}(...)`;
  if (lookup("", name))
    return `Unknown function ${name}(): write it as a method after a value, e.g. pl.col("a").${name}()`;
  const method = namespacedMethod(name);
  if (method) return `Unknown function ${name}(): it is a method (${method})`;
  return `Unknown function ${name}(): functions are written pl.<name>(...) (see /api/polars/functions for the list)`;
}

function checkEntry(ctx: CheckContext, entry: Entry, call: CallNode): Pick<CallNode, "args" | "keywords"> {
  const label = callLabel(entry.namespace, entry.name);
  const checked = checkArguments(ctx, entry.params, call, label);
  if (entry.validate) {
    const { given, literals } = checkedLiterals(entry.params, checked, call, label);
    const why = entry.validate(given, literals);
    if (why) fail(`${label} ${why}`, callNamePos(call));
  }
  return checked;
}
