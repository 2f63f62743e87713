import { expect, test } from "bun:test";
import type { ToolNode } from "../../../../src/shared/workflow";
import { diffRevisions } from "./revision-diff";
import { compareRows, showValue } from "./tool-compare";

const filter = (config: Record<string, unknown>, x = 0, label?: string): ToolNode => ({
  id: "f",
  type: "filter",
  config,
  position: { x, y: 10 },
  ...(label === undefined ? {} : { label }),
});

const rowsOf = (a: ToolNode[], b: ToolNode[]) => {
  const diff = diffRevisions({ tools: a, wires: [] }, { tools: b, wires: [] });
  return compareRows(diff.tools.find((t) => t.id === "f") ?? (diff.tools[0] as never));
};

test("a changed tool: every field and config key side by side, the changed ones marked", () => {
  const rows = rowsOf(
    [filter({ mode: "expression", expression: "amount > 10", old: 1 })],
    [filter({ mode: "expression", expression: "amount > 20", extra: [1, 2] }, 40, "Big")],
  );
  expect(rows).toEqual([
    { key: "type", section: "tool", before: "filter", after: "filter", changed: false },
    { key: "label", section: "tool", before: undefined, after: "Big", changed: true },
    { key: "position", section: "tool", before: "x 0, y 10", after: "x 40, y 10", changed: true },
    { key: "mode", section: "config", before: "expression", after: "expression", changed: false },
    { key: "expression", section: "config", before: "amount > 10", after: "amount > 20", changed: true },
    { key: "old", section: "config", before: "1", after: undefined, changed: true },
    { key: "extra", section: "config", before: undefined, after: "[\n  1,\n  2\n]", changed: true },
  ]);
});

test("key order inside a value alone is not marked changed", () => {
  const rows = rowsOf([filter({ keep: { a: 1, b: 2 } })], [filter({ keep: { b: 2, a: 1 } })]);
  expect(rows.filter((r) => r.changed)).toEqual([]);
});

test("an added tool has only after values, a removed one only before values, neither marked", () => {
  const added = rowsOf([], [filter({ expression: "x" })]);
  expect(added.map((r) => [r.key, r.before, r.after, r.changed])).toEqual([
    ["type", undefined, "filter", false],
    ["position", undefined, "x 0, y 10", false],
    ["expression", undefined, "x", false],
  ]);
  const removed = rowsOf([filter({ expression: "x" })], []);
  expect(removed.map((r) => [r.key, r.before, r.after])).toEqual([
    ["type", "filter", undefined],
    ["position", "x 0, y 10", undefined],
    ["expression", "x", undefined],
  ]);
});

test("values read as people write them: strings bare, the rest as indented JSON", () => {
  expect(showValue("amount > 10")).toBe("amount > 10");
  expect(showValue(5)).toBe("5");
  expect(showValue(null)).toBe("null");
  expect(showValue({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  expect(showValue(undefined)).toBeUndefined();
});
