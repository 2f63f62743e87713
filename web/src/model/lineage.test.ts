import { describe, expect, test } from "bun:test";
import { affectedTools, lineageKey, lineageKeys, stableJson, upstreamIds, upstreamWorkflow } from "./lineage";
import type { WorkflowDoc } from "./workflow";

//   input_1 ──► filter_1 ─(true)─► summarize_1
//        └────► sort_1
function doc(): WorkflowDoc {
  return {
    meta: { workflow_id: "wf", name: "t" },
    tools: [
      { id: "input_1", type: "input", config: { source: "a.csv" }, position: { x: 0, y: 0 } },
      { id: "filter_1", type: "filter", config: { mode: "expression", expression: "x > 1" }, position: { x: 1, y: 0 } },
      { id: "summarize_1", type: "summarize", config: { group_by: [], aggregations: [] }, position: { x: 2, y: 0 } },
      { id: "sort_1", type: "sort", config: { by: [] }, position: { x: 1, y: 1 } },
    ],
    wires: [
      { id: "w1", source: "input_1", source_socket: "output", target: "filter_1", target_socket: "input" },
      { id: "w2", source: "filter_1", source_socket: "output-true", target: "summarize_1", target_socket: "input" },
      { id: "w3", source: "input_1", source_socket: "output", target: "sort_1", target_socket: "input" },
    ],
  };
}

describe("lineageKeys", () => {
  test("a config change affects the tool and what is downstream, nothing else", () => {
    const before = lineageKeys(doc());
    const changed = doc();
    (changed.tools[1] as { config: Record<string, unknown> }).config.expression = "x > 2";
    expect([...affectedTools(before, lineageKeys(changed))].sort()).toEqual(["filter_1", "summarize_1"]);
  });

  test("moves and labels affect nothing", () => {
    const before = lineageKeys(doc());
    const moved = doc();
    moved.tools[0] = { ...(moved.tools[0] as WorkflowDoc["tools"][0]), position: { x: 99, y: 9 }, label: "Sales" };
    expect(affectedTools(before, lineageKeys(moved)).size).toBe(0);
  });

  test("rewiring to another socket affects the target and downstream", () => {
    const before = lineageKeys(doc());
    const rewired = doc();
    (rewired.wires[1] as { source_socket: string }).source_socket = "output-false";
    expect([...affectedTools(before, lineageKeys(rewired))]).toEqual(["summarize_1"]);
  });

  test("a source change affects every tool downstream of it", () => {
    const before = lineageKeys(doc());
    const changed = doc();
    (changed.tools[0] as { config: Record<string, unknown> }).config.source = "b.csv";
    expect(affectedTools(before, lineageKeys(changed)).size).toBe(4);
  });

  test("key order inside a config does not matter", () => {
    expect(stableJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}');
    const a = doc();
    const b = doc();
    (b.tools[1] as { config: Record<string, unknown> }).config = { expression: "x > 1", mode: "expression" };
    expect(lineageKeys(b).get("filter_1")).toBe(lineageKeys(a).get("filter_1") as string);
  });

  test("a loop or a dangling wire does not hang", () => {
    const looped = doc();
    looped.wires.push({
      id: "w4",
      source: "summarize_1",
      source_socket: "output",
      target: "input_1",
      target_socket: "input",
    });
    looped.wires.push({ id: "w5", source: "gone", source_socket: "output", target: "sort_1", target_socket: "input" });
    expect(lineageKeys(looped).size).toBe(4);
  });
});

//   in_1 ──► filter_1 ──► sort_1
//   in_2 ─────────────────┘ (no: in_2 feeds join_1 only)
//   in_2 ──► join_1
const branchTool = (id: string, config: Record<string, unknown> = {}) => ({
  id,
  type: id.split("_")[0] as string,
  config,
  position: { x: 0, y: 0 },
});
const branchWire = (source: string, target: string) => ({
  id: `${source}-${target}`,
  source,
  source_socket: "output",
  target,
  target_socket: "input",
});
const branches: WorkflowDoc = {
  meta: { workflow_id: "wf", name: "t" },
  tools: [branchTool("in_1"), branchTool("filter_1"), branchTool("sort_1"), branchTool("in_2"), branchTool("join_1")],
  wires: [branchWire("in_1", "filter_1"), branchWire("filter_1", "sort_1"), branchWire("in_2", "join_1")],
};

describe("one tool's upstream part and key (the config panel's)", () => {
  test("upstream tools and the wires among them", () => {
    expect([...upstreamIds(branches, "sort_1")].sort()).toEqual(["filter_1", "in_1", "sort_1"]);
    const part = upstreamWorkflow(branches, "filter_1");
    expect(part.tools.map((t) => t.id)).toEqual(["in_1", "filter_1"]);
    expect(part.wires).toHaveLength(1);
  });

  test("the key moves with upstream configs, not with positions or other branches", () => {
    const key = lineageKey(branches, "filter_1");
    const moved = structuredClone(branches);
    (moved.tools[0] as { position: { x: number } }).position.x = 99;
    (moved.tools[3] as { config: object }).config = { source: "/other.csv" };
    (moved.tools[2] as { config: object }).config = { by: [] };
    expect(lineageKey(moved, "filter_1")).toBe(key);
    const changed = structuredClone(branches);
    (changed.tools[0] as { config: object }).config = { source: "/x.csv" };
    expect(lineageKey(changed, "filter_1")).not.toBe(key);
  });

  test("it is the tool's key among all of them (one implementation for the panel and the live previews)", () => {
    const all = lineageKeys(branches);
    for (const t of branches.tools) expect(lineageKey(branches, t.id)).toBe(all.get(t.id) as string);
    expect(lineageKey(branches, "gone")).toBe("missing:gone");
  });
});
