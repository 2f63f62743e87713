import pl, { type DataType } from "nodejs-polars";
import { bindArguments, callLabel, callNamePos } from "./arguments";
import type { AttributeNode, CallNode, Node } from "./ast";
import { lookup, METHOD_NAMESPACES } from "./catalog";
import { chainParams } from "./check-call";
import { startOf } from "./checked";
import { argsOf, type NodeCompiler } from "./compile-args";
import { type DtypeArgs, dtypeEntry } from "./dtypes";
import { ExpressionError } from "./expression-error";
import { scalarLiteral } from "./literal-expr";
import type { ExprLimits } from "./literal-limits";
import { binary, compare, negate } from "./operators";
import type { Args, Entry, Namespace } from "./params";
import { literalValue } from "./py-value";
import { ONLY_CALLS, POWER_REFUSAL } from "./refusals";
import { callBound, GROWTH, KEEPS_LENGTH } from "./string-growth";
import { type Bound, guarded } from "./string-guard";
import { isFixedLength, KNOWN_AFTER, knownLengthOf, noteLength } from "./text-lengths";

/**
 * What compiling needs besides the tree: the limits, and the text lengths of columns known
 * without the data (Calculate's earlier columns whose length literals fix, such as a
 * `str.slice(0, 3)`), so a later `concat_str` over them needs no measurement per row.
 */
export interface CompileContext extends ExprLimits {
  readonly columnLengths?: ReadonlyMap<string, number>;
}

/**
 * Compiles a checked tree (checkExpression's result) to a nodejs-polars expression. It only
 * ever calls what the catalogue maps a name to, so even a tree that skipped the checker
 * cannot reach anything else; but the literal bounds and the argument kinds are the
 * checker's job, so give it checked trees.
 */
export function compileNode(node: Node, limits: CompileContext): pl.Expr {
  return asExpr(compileValue(node, limits), node);
}

type When = ReturnType<typeof pl.when>;
type Then = ReturnType<When["then"]>;
type ChainedWhen = ReturnType<Then["when"]>;
type ChainedThen = ReturnType<ChainedWhen["then"]>;

/** What a node compiles to: an expression, a data type, or a step of a when-chain. */
type Value =
  | { tag: "expr"; expr: pl.Expr }
  | { tag: "dtype"; dtype: DataType }
  | { tag: "when"; when: When | ChainedWhen }
  | { tag: "then"; chain: Then | ChainedThen };

const fail = (message: string, pos: number): never => {
  throw new ExpressionError(message, pos);
};

function asExpr(value: Value, node: Node): pl.Expr {
  switch (value.tag) {
    case "expr":
      return value.expr;
    case "then":
      // Python Polars: a chain without otherwise yields null where no condition held.
      return value.chain.otherwise(pl.lit(null));
    case "when":
      return fail("pl.when(...) must be followed by .then(...)", startOf(node));
    case "dtype":
      return fail("A data type is not an expression on its own: use it in .cast(...)", startOf(node));
  }
}

/** Compiles argument nodes, each once (a growth bound and the call itself share them). */
function compilerFor(limits: CompileContext): NodeCompiler {
  const compiled = new Map<Node, pl.Expr>();
  return {
    expr: (node) => {
      const known = compiled.get(node);
      if (known) return known;
      const expr = compileNode(node, limits);
      compiled.set(node, expr);
      return expr;
    },
    dtype: (node) => compileDtype(node, limits),
  };
}

function compileValue(node: Node, limits: CompileContext): Value {
  const expr = (e: pl.Expr): Value => ({ tag: "expr", expr: e });
  switch (node.kind) {
    case "number":
    case "string":
    case "name": {
      const value = literalValue(node);
      if (!value) return fail(`Name ${node.kind === "name" ? node.name : ""} is not allowed`, node.pos);
      return expr(scalarLiteral(value));
    }
    case "unary": {
      const operand = compileNode(node.operand, limits);
      if (node.op === "-") return expr(negate(operand));
      if (node.op === "~") return expr(operand.not());
      if (node.op === "+") return expr(operand);
      return fail("Python's `not` is not supported: use ~", node.pos);
    }
    case "binary": {
      const left = compileNode(node.left, limits);
      if (node.op === "**") {
        const exponent = literalValue(node.right);
        if (exponent?.type !== "int" && exponent?.type !== "float") return fail(POWER_REFUSAL, startOf(node.right));
        return expr(left.pow(Number(exponent.value)));
      }
      return expr(binary(node.op, left, compileNode(node.right, limits)));
    }
    case "compare": {
      const [op] = node.ops;
      const [right] = node.comparators;
      if (node.ops.length !== 1 || !op || !right) return fail("Only one comparison at a time", node.pos);
      return expr(compare(op, compileNode(node.left, limits), compileNode(right, limits)));
    }
    case "attribute":
      return { tag: "dtype", dtype: compileDtype(node, limits) };
    case "call":
      return compileCall(node, limits);
    default:
      return fail(
        `${node.kind === "list" || node.kind === "tuple" ? `A ${node.kind}` : "This"} cannot be a result on its own: lists of values are only accepted as arguments, e.g. .is_in([1, 2])`,
        startOf(node),
      );
  }
}

function compileDtype(node: Node, limits: CompileContext): DataType {
  const target = node.kind === "call" ? node.callee : node;
  if (target.kind !== "attribute" || target.object.kind !== "name" || target.object.name !== "pl")
    return fail("A data type such as pl.Int64 is needed here", startOf(node));
  const entry = dtypeEntry(target.name);
  if (!entry) return fail(`pl.${target.name} is not a data type`, target.namePos);
  const call: CallNode =
    node.kind === "call" ? node : { kind: "call", callee: node, args: [], keywords: [], pos: node.pos };
  const label = `pl.${target.name}()`;
  const args = argsOf(entry.params, bindArguments(entry.params, call, label), compilerFor(limits), label, call.pos);
  const dtypeArgs: DtypeArgs = { optStr: args.optStr, optInt: args.optInt, dtype: args.dtype, fail: args.fail };
  return entry.build(dtypeArgs);
}

function compileCall(call: CallNode, limits: CompileContext): Value {
  const callee = call.callee;
  if (callee.kind !== "attribute") return fail(ONLY_CALLS, call.pos);
  const object = callee.object;
  if (object.kind === "name" && object.name === "pl") {
    if (dtypeEntry(callee.name)) return { tag: "dtype", dtype: compileDtype(call, limits) };
    const entry = need("pl", callee);
    if (entry.namespace !== "pl") return fail(`pl.${callee.name} is not a function`, callee.namePos);
    const predicate = buildFunction(entry, call, limits);
    return entry.returns === "when" ? { tag: "when", when: pl.when(predicate) } : { tag: "expr", expr: predicate };
  }
  if (object.kind === "attribute" && METHOD_NAMESPACES.has(object.name) && !isPl(object.object)) {
    const entry = need(object.name as Namespace, callee);
    return { tag: "expr", expr: buildMethod(entry, compileNode(object.object, limits), call, limits) };
  }
  const base = compileValue(object, limits);
  if (base.tag === "when") {
    if (callee.name !== "then") return fail("pl.when(...) must be followed by .then(...)", callee.namePos);
    return { tag: "then", chain: base.when.then(chainArgument(call, "then", limits)) };
  }
  if (base.tag === "then") {
    if (callee.name === "when") return { tag: "when", when: base.chain.when(chainPredicate(call, limits)) };
    if (callee.name === "otherwise")
      return { tag: "expr", expr: base.chain.otherwise(chainArgument(call, "otherwise", limits)) };
  }
  const entry = need("", callee);
  return { tag: "expr", expr: buildMethod(entry, asExpr(base, object), call, limits) };
}

const isPl = (node: Node) => node.kind === "name" && node.name === "pl";

function need(namespace: Namespace, callee: AttributeNode): Entry {
  const entry = lookup(namespace, callee.name);
  if (!entry) return fail(`${callLabel(namespace, callee.name)} is not an accepted function or method`, callee.namePos);
  return entry;
}

function argumentsFor(entry: Entry, call: CallNode, limits: CompileContext): Args {
  const label = callLabel(entry.namespace, entry.name);
  return argsOf(entry.params, bindArguments(entry.params, call, label), compilerFor(limits), label, callNamePos(call));
}

/** A call that lengthens text is guarded by its bound (string-growth.ts): its receiver, or one expression argument. */
const growthOf = (entry: Entry) => GROWTH.get(`${entry.namespace || "expr"}.${entry.name}`);
const knownAfterOf = (entry: Entry) => KNOWN_AFTER.get(`${entry.namespace || "expr"}.${entry.name}`);

function buildFunction(entry: Entry, call: CallNode, limits: CompileContext): pl.Expr {
  if (entry.namespace !== "pl") return fail(`${entry.name} is not a function`, call.pos);
  const args = argumentsFor(entry, call, limits);
  const growth = growthOf(entry);
  if (!growth)
    return noteLength(
      built(entry, call, () => entry.build(args)),
      columnLength(entry, args, limits),
      false,
    );
  const bound = callBound(growth, undefined, args, limits.maxExprStringLength);
  if (bound === KEEPS_LENGTH) return built(entry, call, () => entry.build(args));
  // Every argument is computed before the function builds its text, so guarding the first
  // expression it takes stops it as surely as guarding each (and measures the bound once).
  let guardedOne = false;
  const guard = (e: pl.Expr) => {
    if (guardedOne) return e;
    guardedOne = true;
    return guarded(e, bound.bound, limits, callNamePos(call));
  };
  const guardedArgs: Args = { ...args, expr: (n) => guard(args.expr(n)), exprs: (n) => args.exprs(n).map(guard) };
  return noteBound(
    built(entry, call, () => entry.build(guardedArgs)),
    bound,
  );
}

/** The known text length of `pl.col(name)` for one plain name (not a `^…$` pattern or `*`). */
function columnLength(entry: Entry, args: Args, limits: CompileContext): number | undefined {
  if (entry.name !== "col" || !limits.columnLengths) return undefined;
  const names = [...args.names("name"), ...args.names("more_names")];
  const [name] = names;
  if (names.length !== 1 || name === undefined || name === "*" || name.startsWith("^")) return undefined;
  return limits.columnLengths.get(name);
}

/** A guarded result's length, when its bound is a number: fixed when literals alone decide it. */
const noteBound = (result: pl.Expr, { bound, fixed }: { bound: Bound; fixed: boolean }) =>
  noteLength(result, typeof bound === "number" ? bound : undefined, fixed);

function buildMethod(entry: Entry, self: pl.Expr, call: CallNode, limits: CompileContext): pl.Expr {
  if (entry.namespace === "pl") return fail(`pl.${entry.name} is not a method`, call.pos);
  const args = argumentsFor(entry, call, limits);
  const growth = growthOf(entry);
  if (!growth) {
    const knownAfter = knownAfterOf(entry);
    return noteLength(
      built(entry, call, () => entry.build(self, args)),
      knownAfter?.(self, args),
      false,
    );
  }
  const bound = callBound(growth, self, args, limits.maxExprStringLength);
  if (bound === KEEPS_LENGTH)
    return noteLength(
      built(entry, call, () => entry.build(self, args)),
      knownLengthOf(self),
      isFixedLength(self),
    );
  const input = guarded(self, bound.bound, limits, callNamePos(call));
  return noteBound(
    built(entry, call, () => entry.build(input, args)),
    bound,
  );
}

/**
 * nodejs-polars' native methods do not throw on arguments they refuse (an unknown time zone,
 * `exclude` on something that is not a column selection): they return an Error where the
 * native expression should be. Such a result is refused here, as the call's fault.
 */
function built(entry: Entry, call: CallNode, build: () => pl.Expr): pl.Expr {
  const expr = build();
  const native = (expr as unknown as { _expr: unknown })._expr;
  if (native instanceof Error) {
    const reason = native.message.replace(/^Error:\s*/, "").split("\n")[0];
    return fail(`${callLabel(entry.namespace, entry.name)} cannot be built: ${reason}`, callNamePos(call));
  }
  return expr;
}

function chainArgument(call: CallNode, step: "then" | "otherwise", limits: CompileContext): pl.Expr {
  const params = chainParams(step);
  const label = `.${step}()`;
  return argsOf(params, bindArguments(params, call, label), compilerFor(limits), label, call.pos).expr("statement");
}

function chainPredicate(call: CallNode, limits: CompileContext): pl.Expr {
  const params = chainParams("when");
  const args = argsOf(params, bindArguments(params, call, ".when()"), compilerFor(limits), ".when()", call.pos);
  const [first, ...rest] = args.exprs("predicates");
  return rest.reduce((acc, next) => acc.and(next), first ?? pl.lit(true));
}
