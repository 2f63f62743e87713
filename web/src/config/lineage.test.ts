import { expect, test } from "bun:test";
import type { WorkflowDoc } from "../model/workflow";
import { lineageKey, upstreamIds, upstreamWorkflow } from "./lineage";

//   in_1 ──► filter_1 ──► sort_1
//   in_2 ─────────────────┘ (no: in_2 feeds join_1 only)
//   in_2 ──► join_1
const tool = (id: string, config: Record<string, unknown> = {}) => ({
  id,
  type: id.split("_")[0] as string,
  config,
  position: { x: 0, y: 0 },
});
const wire = (source: string, target: string) => ({
  id: `${source}-${target}`,
  source,
  source_socket: "output",
  target,
  target_socket: "input",
});
const doc: WorkflowDoc = {
  meta: { workflow_id: "wf", name: "t" },
  tools: [tool("in_1"), tool("filter_1"), tool("sort_1"), tool("in_2"), tool("join_1")],
  wires: [wire("in_1", "filter_1"), wire("filter_1", "sort_1"), wire("in_2", "join_1")],
};

test("upstream tools and the wires among them", () => {
  expect([...upstreamIds(doc, "sort_1")].sort()).toEqual(["filter_1", "in_1", "sort_1"]);
  const part = upstreamWorkflow(doc, "filter_1");
  expect(part.tools.map((t) => t.id)).toEqual(["in_1", "filter_1"]);
  expect(part.wires).toHaveLength(1);
});

test("the key moves with upstream configs, not with positions or other branches", () => {
  const key = lineageKey(doc, "filter_1");
  const moved = structuredClone(doc);
  (moved.tools[0] as { position: { x: number } }).position.x = 99;
  (moved.tools[3] as { config: object }).config = { source: "/other.csv" };
  (moved.tools[2] as { config: object }).config = { by: [] };
  expect(lineageKey(moved, "filter_1")).toBe(key);
  const changed = structuredClone(doc);
  (changed.tools[0] as { config: object }).config = { source: "/x.csv" };
  expect(lineageKey(changed, "filter_1")).not.toBe(key);
});
