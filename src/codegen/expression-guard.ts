import type { AttributeNode, Node } from "../expr/ast";
import { DTYPE_NAMES } from "../expr/dtype-names";
import { ExpressionError } from "../expr/expression-error";
import type { AcceptedFunctions } from "../expr/functions";
import { parseExpression } from "../expr/parser";

/**
 * The check an expression string passes before it is pasted into generated Python. Weft's
 * own checker (src/expr/checker.ts) needs Polars, which the Server process does not load, so
 * this one walks the syntax tree with the names the checker accepts (the lists of
 * `/api/polars/functions`, which an engine process gives): the only bare names are `pl`,
 * `True`, `False`, `None`; every `pl.<name>` is an accepted function or a data type; every
 * method is an accepted method of its namespace (`.str`, `.dt`, `.list` or none). That is
 * what makes pasting safe: text that reaches anything else of Python (`pl.dependencies`,
 * `__class__`, `open`) is refused, not written into a script someone will run. Argument
 * types are not checked here; the workflow's own runs check them.
 */

/** The data types an expression may name (the names src/expr/dtypes.ts builds). */
const DTYPES: ReadonlySet<string> = new Set(DTYPE_NAMES);

const NAMESPACES = new Set(["str", "dt", "list"]);
/** The steps of `pl.when(...).then(...).otherwise(...)`, which are not expression methods. */
const CHAIN_STEPS = ["when", "then", "otherwise"];
const CONSTANTS = new Set(["True", "False", "None"]);

/** The accepted names by where they are called. */
interface Allowed {
  functions: ReadonlySet<string>;
  methods: Readonly<Record<string, ReadonlySet<string>>>;
}

function allowedOf(accepted: AcceptedFunctions): Allowed {
  const all = accepted.column_methods.all;
  return {
    functions: new Set(accepted.table_level),
    methods: {
      "": new Set([...all.filter((name) => !name.startsWith("list.")), ...CHAIN_STEPS]),
      list: new Set(all.filter((name) => name.startsWith("list.")).map((name) => name.slice("list.".length))),
      str: new Set(accepted.column_methods.string),
      dt: new Set(accepted.column_methods.datetime),
    },
  };
}

const isPl = (node: Node) => node.kind === "name" && node.name === "pl";

/**
 * Throws an ExpressionError (a 400) unless `source` parses and uses only accepted names;
 * the message says what and at which column, like the checker's.
 */
export function guardExpression(source: string, accepted: AcceptedFunctions): void {
  const allowed = allowedOf(accepted);
  const fail = (what: string, pos: number): never => {
    throw new ExpressionError(what, pos);
  };

  const attribute = (node: AttributeNode, called: boolean): void => {
    const { object, name } = node;
    if (isPl(object)) {
      if (DTYPES.has(name)) return;
      if (called && allowed.functions.has(name)) return;
      fail(`pl.${name} is not a function or data type expressions may use`, node.namePos);
    }
    if (object.kind === "attribute" && NAMESPACES.has(object.name) && !isPl(object.object)) {
      if (!called || !allowed.methods[object.name]?.has(name)) {
        fail(`.${object.name}.${name} is not a method expressions may use`, node.namePos);
      }
      visit(object.object);
      return;
    }
    if (!called || !allowed.methods[""]?.has(name)) fail(`.${name} is not a method expressions may use`, node.namePos);
    visit(object);
  };

  const visit = (node: Node): void => {
    switch (node.kind) {
      case "number":
        return;
      case "string":
        if (node.bytes) fail("bytes literals are not allowed", node.pos);
        return;
      case "name":
        if (!CONSTANTS.has(node.name)) fail(`the name ${node.name} is not allowed here`, node.pos);
        return;
      case "attribute":
        attribute(node, false);
        return;
      case "call":
        if (node.callee.kind !== "attribute") fail("only pl functions and expression methods can be called", node.pos);
        attribute(node.callee as AttributeNode, true);
        for (const arg of node.args) visit(arg);
        for (const keyword of node.keywords) {
          if (keyword.name.startsWith("_")) fail(`the keyword ${keyword.name} is not allowed`, keyword.pos);
          visit(keyword.value);
        }
        return;
      case "subscript":
        visit(node.object);
        if (node.index) visit(node.index);
        for (const part of [node.slice?.start, node.slice?.stop, node.slice?.step]) if (part) visit(part);
        return;
      case "unary":
        visit(node.operand);
        return;
      case "binary":
        visit(node.left);
        visit(node.right);
        return;
      case "compare":
        visit(node.left);
        for (const item of node.comparators) visit(item);
        return;
      case "boolop":
      case "list":
      case "tuple":
        for (const item of node.kind === "boolop" ? node.values : node.items) visit(item);
        return;
    }
  };

  visit(parseExpression(source));
}
