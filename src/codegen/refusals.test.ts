import { describe, expect, test } from "bun:test";
import { pl, runTool } from "../../tests/helpers/tool-harness";
import { TOOLS } from "../tools/registry";
import type { ToolType } from "../tools/types";
import { PYTHON_GENERATORS } from "./generators";
import type { CodegenContext } from "./types";

/**
 * A config the tool refuses without looking at the data is refused by its generator too,
 * with the same message: the tool is built (tests/helpers/tool-harness) and the generator
 * run over the same config, and both errors are compared.
 */

const frame = pl.DataFrame({ a: [1, 2], b: [3, 4], c: [5, 6], s: ["x", "y"] });

const ctx = (type: ToolType): CodegenContext => ({
  toolId: "t1",
  title: `${type} t1`,
  outputs: Object.fromEntries(TOOLS[type].outputs.map((socket) => [socket, socket.replace("-", "_")])),
  helper: (h) => h.name,
  importModule: () => {},
  local: (base) => base,
  expression: (source) => source,
  write: () => {},
  requires: () => {},
});

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return "(no error)";
}

const CASES: [ToolType, Record<string, unknown>][] = [
  ["sort", { by: [] }],
  ["sort", { by: [{ column: "a" }, { column: "a", descending: true }] }],
  ["select", { columns: [{ name: "a" }, { name: "a" }] }],
  [
    "select",
    {
      columns: [
        { name: "a", rename: "x" },
        { name: "b", rename: "x" },
      ],
    },
  ],
  ["select", { columns: [{ name: "a", selected: false }] }],
  ["select", { columns: [{ name: "a", dtype: "Int65" }] }],
  ["summarize", { group_by: ["a", "a"], aggregations: [{ column: "b", function: "sum" }] }],
  ["summarize", { group_by: ["a"], aggregations: [{ column: "b", function: "sum", output: "a" }] }],
  [
    "summarize",
    {
      aggregations: [
        { column: "b", function: "min" },
        { column: "b", function: "min" },
      ],
    },
  ],
  ["pivot", { index: ["a", "a"], on: "b", values: "c", aggregate: "sum" }],
  ["pivot", { index: ["a"], on: "a", values: "c", aggregate: "sum" }],
  ["pivot", { index: ["a"], on: "b", values: ["a"], aggregate: "sum" }],
  ["pivot", { index: ["a"], on: "b", values: ["c", "c"], aggregate: "sum" }],
  ["unpivot", { index: ["a"], variable_name: "v", value_name: "v" }],
  ["unpivot", { index: ["a"], value_name: "a" }],
  ["unpivot", { index: ["a"], on: ["a", "b"] }],
  ["unpivot", { index: ["a", "a"] }],
  ["sample", { method: "random" }],
  ["sample", { method: "last", fraction: 0.5 }],
  ["sample", { method: "percent", n: 3 }],
  ["filter", { mode: "basic", column: "a", operator: "==" }],
  ["filter", { mode: "basic", column: "a", operator: "!=", value: null }],
  ["filter", { mode: "basic", column: "a", operator: ">", value: [1, 2] }],
  ["filter", { mode: "basic", column: "a", operator: "in", value: 3 }],
  ["filter", { mode: "basic", column: "a", operator: "not_in", value: [1, null] }],
  ["filter", { mode: "basic", column: "a", operator: "between", value: [1, 2, 3] }],
  ["filter", { mode: "basic", column: "a", operator: "between" }],
  ["formula", { formulas: [{ output: "o", function: "add", args: [{ column: "a" }] }] }],
  ["formula", { formulas: [{ output: "o", function: "round", args: [{ column: "a" }, { column: "b" }] }] }],
  ["formula", { formulas: [{ output: "o", function: "is_null", args: [{ value: 1 }] }] }],
  ["formula", { formulas: [{ output: "o", function: "left", args: [{ column: "s" }, { value: 1.5 }] }] }],
  ["formula", { formulas: [{ output: "o", function: "add", args: [{ column: "a" }, { value: null }] }] }],
  ["output", { path: "/tmp/weft-refusal.ods" }],
  ["output", { path: "/tmp/weft-refusal.xls" }],
];

describe("a generator refuses what its tool refuses, with the tool's message", () => {
  test.each(CASES)("%s %j", (type, config) => {
    const tool = messageOf(() => runTool(TOOLS[type], { input: [frame] }, config));
    const parsed = TOOLS[type].config.parse(config);
    const generator = messageOf(() => PYTHON_GENERATORS[type](parsed, { input: ["frame"] }, ctx(type)));
    expect(tool).not.toBe("(no error)");
    expect(generator).toBe(tool);
  });
});
