import type { CallNode, Node } from "./ast";
import { ExpressionError } from "./expression-error";
import type { Param } from "./params";
import { dunderRefusal, isDunder } from "./refusals";

/**
 * Matches a call's positional and keyword arguments to a Python signature, as Python does:
 * positional arguments fill the parameters before `*args` in order, `*args` takes the rest,
 * keyword-only parameters take only `name=value`. A variadic parameter gets an array.
 */
export interface BoundArguments {
  /** Argument nodes by parameter name (an array for the variadic parameter). */
  readonly nodes: ReadonlyMap<string, Node | readonly Node[]>;
  /** The parameters given in the call (a variadic one only when it received something). */
  readonly given: ReadonlySet<string>;
}

/** The label of a function or method in messages: `pl.col()`, `.str.contains()`, `.alias()`. */
export function callLabel(namespace: string, name: string): string {
  if (namespace === "pl") return `pl.${name}()`;
  return namespace ? `.${namespace}.${name}()` : `.${name}()`;
}

/** Where a call's own errors point: the function or method name (`alias` in `pl.col("a").alias()`). */
export function callNamePos(call: CallNode): number {
  return call.callee.kind === "attribute" ? call.callee.namePos : call.pos;
}

/** Too many arguments without a name: how many are taken, and how to give the others. */
function tooMany(label: string, most: number, byName: readonly string[], got: number): string {
  const takes = most === 0 ? "no arguments" : `at most ${most} argument${most === 1 ? "" : "s"}`;
  if (byName.length === 0) return `${label} takes ${takes}, got ${got}`;
  const named = byName.map((n) => `${n}=`).join(", ");
  return `${label} takes ${takes} without a name (give ${named} by name), got ${got}`;
}

/** Binds `call` to `params`; throws an ExpressionError naming the function and the parameter at fault. */
export function bindArguments(params: readonly Param[], call: CallNode, label: string): BoundArguments {
  const nodes = new Map<string, Node | readonly Node[]>();
  const given = new Set<string>();
  const variadicAt = params.findIndex((p) => p.variadic);
  const variadic = variadicAt >= 0 ? params[variadicAt] : undefined;
  const positional = params.filter((p, i) => !p.keywordOnly && !p.variadic && (variadicAt < 0 || i < variadicAt));

  const named = params.filter((p) => !p.variadic).map((p) => p.name);
  const extra: Node[] = [];
  call.args.forEach((arg, i) => {
    const target = positional[i];
    if (target) {
      nodes.set(target.name, arg);
      given.add(target.name);
    } else if (variadic) {
      extra.push(arg);
    } else {
      const byName = params.filter((p) => p.keywordOnly).map((p) => p.name);
      throw new ExpressionError(tooMany(label, positional.length, byName, call.args.length), arg.pos);
    }
  });
  if (variadic) {
    nodes.set(variadic.name, extra);
    if (extra.length > 0) given.add(variadic.name);
  }

  for (const keyword of call.keywords) {
    if (isDunder(keyword.name)) throw new ExpressionError(dunderRefusal(keyword.name), keyword.pos);
    const target = params.find((p) => p.name === keyword.name && !p.variadic);
    if (!target) {
      const accepted = named.length > 0 ? `its arguments are ${named.join(", ")}` : "it takes no named arguments";
      throw new ExpressionError(`${label} has no argument named ${keyword.name} (${accepted})`, keyword.pos);
    }
    if (given.has(target.name))
      throw new ExpressionError(
        `${label} got the argument ${target.name} twice: by position and as ${target.name}=`,
        keyword.pos,
      );
    nodes.set(target.name, keyword.value);
    given.add(target.name);
  }

  for (const p of params) {
    if (!p.variadic && !given.has(p.name) && !("default" in p))
      throw new ExpressionError(`${label} is missing its required argument ${p.name}`, callNamePos(call));
  }
  return { nodes, given };
}
