import { describe, expect, test } from "bun:test";
import { EMPTY_DIFF, placed, wire } from "../../../tests/helpers/hub-workflows";
import type { Workflow } from "../../shared/workflow";
import { diffWorkflows } from "./diff";

const flow = (tools: Workflow["tools"], wires: Workflow["wires"] = []): Workflow => ({
  meta: { workflow_id: "w" },
  tools,
  wires,
});
const none = EMPTY_DIFF;

describe("diffWorkflows", () => {
  test("identical workflows, and key order alone, differ in nothing", () => {
    const a = flow([placed("s", "sort", { by: [{ column: "a", descending: true }] }, 1, 2)]);
    const b = flow([
      { position: { y: 2, x: 1 }, config: { by: [{ descending: true, column: "a" }] }, type: "sort", id: "s" },
    ]);
    expect(diffWorkflows(a, b)).toEqual(none);
  });

  test("a tool moved and changed is changed (position among its fields), not moved", () => {
    const a = flow([placed("s", "sort", { by: [] }, 0, 0), placed("t", "sort", { by: [] }, 0, 0)]);
    const b = flow([placed("s", "sort", { by: [{ column: "x" }] }, 5, 5), placed("t", "sort", { by: [] }, 9, 9)]);
    expect(diffWorkflows(a, b)).toEqual({
      ...none,
      tools_changed: [{ id: "s", type: "sort", config_keys_changed: ["by"], fields_changed: ["position"] }],
      tools_moved: ["t"],
    });
  });

  test("type, label and engine changes are named; config keys added, removed and changed, top level only", () => {
    const a = flow([{ ...placed("x", "filter", { mode: "basic", column: "a", keep: { deep: 1 } }), label: "Old" }]);
    const b = flow([
      { ...placed("x", "sample", { mode: "basic", method: "first", keep: { deep: 2 } }), engine: "core/polars" },
    ]);
    expect(diffWorkflows(a, b).tools_changed).toEqual([
      {
        id: "x",
        type: "sample",
        config_keys_changed: ["column", "keep", "method"],
        fields_changed: ["engine", "label", "type"],
      },
    ]);
  });

  test("a tool whose id changed is one removed and one added; a tool first placed counts as moved", () => {
    const a = flow([placed("old", "sort", {}), { id: "p", type: "sort", config: {} }]);
    const b = flow([placed("new", "sort", {}), placed("p", "sort", {}, 3, 4)]);
    expect(diffWorkflows(a, b)).toEqual({ ...none, tools_added: ["new"], tools_removed: ["old"], tools_moved: ["p"] });
  });

  test("wires match by their ends (a wire's own id aside), counted: a union may take the same wire twice", () => {
    const tools = [placed("a", "input", {}), placed("u", "union", {})];
    const a = flow(tools, [{ ...wire("a", "u"), id: "w1" }]);
    const b = flow(tools, [{ ...wire("a", "u"), id: "other" }, wire("a", "u")]);
    expect(diffWorkflows(a, b)).toEqual({ ...none, wires_added: [wire("a", "u")] });
    expect(diffWorkflows(b, a)).toEqual({ ...none, wires_removed: [wire("a", "u")] });
  });
});
