import type pl from "nodejs-polars";
import type { DataType } from "nodejs-polars";
import type { BoundArguments } from "./arguments";
import type { Node } from "./ast";
import { startOf } from "./checked";
import { ExpressionError } from "./expression-error";
import { listType, scalarLiteral, seriesLiteral } from "./literal-expr";
import type { Args, Literal, Param } from "./params";
import { literalValue, type PyValue } from "./py-value";

/** How the compiler turns argument nodes into expressions and data types. */
export interface NodeCompiler {
  expr(node: Node): pl.Expr;
  dtype(node: Node): DataType;
}

/**
 * The Args an entry's build reads, over the checked argument nodes of one call. Literals
 * become `pl.lit` (ints typed as literal-expr.ts says); a bare string is a column where the
 * parameter's kind says so, as in Python Polars.
 */
export function argsOf(
  params: readonly Param[],
  bound: BoundArguments,
  compiler: NodeCompiler,
  label: string,
  callPos: number,
): Args {
  const paramOf = (name: string): Param => {
    const p = params.find((q) => q.name === name);
    if (!p) throw new Error(`${label} has no parameter ${name} (catalogue bug)`);
    return p;
  };
  const single = (name: string): Node | undefined => {
    const node = bound.nodes.get(name);
    return Array.isArray(node) ? undefined : (node as Node | undefined);
  };
  const many = (name: string): Node[] => {
    const node = bound.nodes.get(name);
    if (node === undefined) return [];
    return Array.isArray(node) ? [...(node as Node[])] : [node as Node];
  };
  const literalAt = (name: string): PyValue | undefined => {
    const node = single(name);
    return node ? literalValue(node) : undefined;
  };
  const literal = (name: string): Literal => {
    const node = single(name);
    if (!node) return paramOf(name).default ?? null;
    const value = literalValue(node);
    if (!value) throw new Error(`${label} argument ${name} is not a literal (checker bug)`);
    return plainOf(value);
  };
  const expressionOf = (node: Node, stringIsColumn: boolean): pl.Expr => {
    const value = literalValue(node);
    if (value && value.type === "str" && stringIsColumn)
      return compiler.expr({ ...namedColumn(value.value, node.pos) });
    if (value && value.type !== "list" && value.type !== "tuple") return scalarLiteral(value);
    return compiler.expr(node);
  };
  const flattened = (name: string): Node[] =>
    many(name).flatMap((node) => (node.kind === "list" || node.kind === "tuple" ? node.items : [node]));
  const isColumnKind = (p: Param) => p.kind === "column_expr" || p.kind === "columns";

  const args: Args = {
    expr(name) {
      const node = single(name);
      const p = paramOf(name);
      if (!node) return scalarLiteral(pyOf(p.default ?? null));
      return expressionOf(node, isColumnKind(p));
    },
    optExpr(name) {
      const node = single(name);
      const value = node ? literalValue(node) : undefined;
      if (!node || value?.type === "none") return undefined;
      return expressionOf(node, isColumnKind(paramOf(name)));
    },
    exprs(name) {
      const p = paramOf(name);
      return flattened(name).map((node) => expressionOf(node, isColumnKind(p)));
    },
    names(name) {
      return flattened(name).map((node) => {
        const value = literalValue(node);
        return value?.type === "str" ? value.value : args.fail(name, "must be a column name");
      });
    },
    values(name) {
      const node = single(name);
      const value = literalAt(name);
      if (node && value && (value.type === "list" || value.type === "tuple")) {
        if (listType(value.items) === "untyped")
          return { untyped: true, hasNone: value.items.some((v) => v.type === "none") };
        return { expr: seriesLiteral(value.items), untyped: false };
      }
      if (!node) return args.fail(name, "is missing");
      return { expr: expressionOf(node, false), untyped: false };
    },
    literal,
    str: (name) => String(literal(name)),
    optStr: (name) => {
      const v = literal(name);
      return v === null ? undefined : String(v);
    },
    int: (name) => Number(literal(name)),
    optInt: (name) => {
      const v = literal(name);
      return v === null ? undefined : Number(v);
    },
    num: (name) => Number(literal(name)),
    bool: (name) => literal(name) === true,
    dtype(name) {
      const node = single(name);
      return node ? compiler.dtype(node) : args.fail(name, "is missing");
    },
    optDtype(name) {
      const node = single(name);
      if (!node || literalValue(node)?.type === "none") return undefined;
      return compiler.dtype(node);
    },
    fail(name, message) {
      const node = single(name) ?? many(name)[0];
      throw new ExpressionError(`${label} argument ${name} ${message}`, node ? startOf(node) : callPos);
    },
  };
  return args;
}

/** `pl.col(name)` as a node, so that a column argument compiles like the code a user would write. */
function namedColumn(name: string, pos: number): Node {
  return {
    kind: "call",
    callee: { kind: "attribute", object: { kind: "name", name: "pl", pos }, name: "col", namePos: pos, pos },
    args: [{ kind: "string", value: name, bytes: false, pos }],
    keywords: [],
    pos,
  };
}

function plainOf(value: PyValue): Literal {
  switch (value.type) {
    case "int":
      return Number(value.value);
    case "float":
    case "str":
    case "bool":
      return value.value;
    default:
      return null;
  }
}

function pyOf(value: Literal): PyValue {
  if (value === null) return { type: "none" };
  if (typeof value === "string") return { type: "str", value };
  if (typeof value === "boolean") return { type: "bool", value };
  return Number.isInteger(value) ? { type: "int", value: BigInt(value) } : { type: "float", value };
}
