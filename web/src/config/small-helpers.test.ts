import { expect, test } from "bun:test";
import { defaultAt, enumAt, enumsByBranch, type JsonSchema } from "./json-schema";
import { asList, compact, moveItem, removeAt } from "./list-ops";
import { baseName, crumbs, dirName, extensionOf, joinPath, withSuffix } from "./paths";
import { loadRecent, pushRecent, RECENT_WORKFLOWS, recentList, rememberRecent } from "./recent-files";

test("list edits", () => {
  expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
  expect(moveItem(["a", "b", "c"], 2, -1)).toEqual(["c", "a", "b"]);
  expect(removeAt(["a", "b"], 0)).toEqual(["b"]);
  expect(asList("x")).toEqual(["x"]);
  expect(asList(["x", 1])).toEqual(["x"]);
  expect(compact({ a: "", b: 0, c: undefined, d: false }) as object).toEqual({ b: 0, d: false });
});

test("schema lookups step through items and union branches", () => {
  const schema: JsonSchema = {
    anyOf: [
      { properties: { source_type: { enum: ["csv", "parquet"] } } },
      { properties: { source_type: { enum: ["postgresql"] } } },
    ],
    properties: {
      aggregations: { type: "array", items: { properties: { function: { enum: ["sum", "mean"] } } } },
      how: { default: "inner", enum: ["inner", "left"] },
      mode: { oneOf: [{ const: "basic" }, { const: "expression" }] },
    },
  };
  expect(enumAt(schema, "aggregations.function")).toEqual(["sum", "mean"]);
  expect(enumAt(schema, "source_type")).toEqual(["csv", "parquet"]);
  expect(enumsByBranch(schema, "source_type")).toEqual([["csv", "parquet"], ["postgresql"]]);
  expect(defaultAt(schema, "how")).toBe("inner");
  expect(enumAt(schema, "mode")).toEqual(["basic", "expression"]);
  expect(enumAt(schema, "nope.x")).toEqual([]);
});

test("paths keep their separator", () => {
  expect(joinPath("/data/", "a.csv")).toBe("/data/a.csv");
  expect(joinPath("C:\\data", "a.csv")).toBe("C:\\data\\a.csv");
  expect(baseName("/data/a.csv")).toBe("a.csv");
  expect(dirName("/data/a.csv")).toBe("/data");
  expect(dirName("/a.csv")).toBe("/");
  expect(dirName("C:\\a.csv")).toBe("C:\\");
  expect(extensionOf("/x/Sales.CSV")).toBe("csv");
  expect(extensionOf("/x/.hidden")).toBe("");
  expect(crumbs("/home/u/data/sub", ["/home/u", "/srv"]).map((c) => c.label)).toEqual(["/home/u", "data", "sub"]);
  expect(crumbs("/home/u/data/sub", ["/home/u"]).at(-1)?.path).toBe("/home/u/data/sub");
});

test("recent files: newest first, once, ten at most", () => {
  expect(pushRecent(["a", "b"], "b")).toEqual(["b", "a"]);
  expect(
    pushRecent(
      Array.from({ length: 10 }, (_, i) => `f${i}`),
      "new",
    ),
  ).toHaveLength(10);
  const store = new Map<string, string>();
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) };
  rememberRecent("/a.csv", storage);
  rememberRecent("/b.csv", storage);
  expect(loadRecent(storage)).toEqual(["/b.csv", "/a.csv"]);
  store.set("weft.recentFiles", "not json");
  expect(loadRecent(storage)).toEqual([]);
});

test("recent lists are kept apart by key", () => {
  const store = new Map<string, string>();
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) };
  const workflows = recentList(RECENT_WORKFLOWS, storage);
  workflows.remember("/w/a.weft.json");
  rememberRecent("/d/a.csv", storage);
  expect(workflows.load()).toEqual(["/w/a.weft.json"]);
  expect(loadRecent(storage)).toEqual(["/d/a.csv"]);
});

test("withSuffix: a typed name gets the suffix once", () => {
  expect(withSuffix("sales", ".weft.json")).toBe("sales.weft.json");
  expect(withSuffix("sales.json", ".weft.json")).toBe("sales.weft.json");
  expect(withSuffix("sales.weft.json", ".weft.json")).toBe("sales.weft.json");
  expect(withSuffix("Sales.WEFT.JSON", ".weft.json")).toBe("Sales.WEFT.JSON");
  expect(withSuffix("sales.csv", ".weft.json")).toBe("sales.csv.weft.json");
  expect(withSuffix("out.csv", undefined)).toBe("out.csv");
});
