import { expect, test } from "bun:test";
import { TOOLS } from "../model/tools";
import { matchesSearch } from "./search";

const found = (query: string) => TOOLS.filter((t) => matchesSearch(t, query)).map((t) => t.type);

test("an empty search keeps all 13 tools", () => {
  expect(found("  ")).toHaveLength(13);
});

test("every word must match the label, type, group or description", () => {
  expect(found("piv")).toEqual(["pivot", "unpivot"]);
  expect(found("JOIN")).toEqual(["join", "union"]);
  expect(found("rows condition")).toEqual(["filter"]);
  expect(found("nothing-like-this")).toEqual([]);
});
