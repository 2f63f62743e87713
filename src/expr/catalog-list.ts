import { fixedFlag, type MethodEntry, method, type Param, param } from "./params";

/**
 * The `.list` methods. `list.eval` is refused (by name, see refusals.ts): it runs an inner
 * expression per element through `pl.element()`, a second evaluation context this language
 * keeps out for now.
 */

const l = (name: string, uses: string | string[], build: MethodEntry["build"], params: Param[] = []) =>
  method("list", name, uses, build, { params, category: "all" });

const count = (name: string) => param.int(name, { default: 5, min: 0, max: 2 ** 31 - 1 });

export const LIST_METHODS: readonly MethodEntry[] = [
  l("len", "list.lengths", (e) => e.list.lengths()),
  l("get", "list.get", (e, a) => e.list.get(a.int("index"), a.bool("null_on_oob")), [
    param.int("index", { min: -(2 ** 31), max: 2 ** 31 - 1 }),
    param.bool("null_on_oob", { default: false, keywordOnly: true }),
  ]),
  l("first", "list.first", (e) => e.list.first()),
  l("last", "list.last", (e) => e.list.last()),
  l("sum", "list.sum", (e) => e.list.sum()),
  l("mean", "list.mean", (e) => e.list.mean()),
  l("min", "list.min", (e) => e.list.min()),
  l("max", "list.max", (e) => e.list.max()),
  l("arg_min", "list.argMin", (e) => e.list.argMin()),
  l("arg_max", "list.argMax", (e) => e.list.argMax()),
  l("contains", "list.contains", (e, a) => e.list.contains(a.expr("item")), [param.expr("item")]),
  l(
    "join",
    "list.join",
    (e, a) => e.list.join({ separator: a.str("separator"), ignoreNulls: a.bool("ignore_nulls") }),
    [param.str("separator"), param.bool("ignore_nulls", { default: true, keywordOnly: true })],
  ),
  l("sort", "list.sort", (e, a) => e.list.sort({ descending: a.bool("descending") }), [
    param.bool("descending", { default: false, keywordOnly: true }),
    fixedFlag("nulls_last", false),
  ]),
  l("reverse", "list.reverse", (e) => e.list.reverse()),
  l("unique", "list.unique", (e) => e.list.unique(), [fixedFlag("maintain_order", false)]),
  l("head", "list.head", (e, a) => e.list.head(a.int("n")), [count("n")]),
  l("tail", "list.tail", (e, a) => e.list.tail(a.int("n")), [count("n")]),
  l("slice", "list.slice", (e, a) => e.list.slice(a.int("offset"), a.optInt("length") ?? 2 ** 31 - 1), [
    param.int("offset", { min: -(2 ** 31), max: 2 ** 31 - 1 }),
    param.int("length", { default: null, min: 0, max: 2 ** 31 - 1 }),
  ]),
  l("concat", "list.concat", (e, a) => e.list.concat(a.exprs("other")), [param.columns("other")]),
];
