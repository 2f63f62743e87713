import { describe, expect, test } from "bun:test";
import type { ToolNode, Wire } from "../model/workflow";
import { intersects, NODE_W, nodeHeight } from "./geometry";
import { placeNewTool } from "./place-tool";

const tool = (id: string, type: string, x = 0, y = 0): ToolNode => ({ id, type, config: {}, position: { x, y } });
const wire = (source: string, source_socket: string, target: string): Wire => ({
  id: `${source}-${source_socket}-${target}`,
  source,
  source_socket,
  target,
  target_socket: "input",
});
const box = (t: ToolNode) => ({ x: t.position.x, y: t.position.y, w: NODE_W, h: nodeHeight(t.type) });

describe("placeNewTool", () => {
  const filter = tool("filter_1", "filter", 100, 100);
  const centre = { x: 0, y: 0 };

  test("beside the selected tool, to its right, stepping past a tool already there", () => {
    const taken = tool("sort_1", "sort", 100 + NODE_W + 72, 100);
    const { position } = placeNewTool([filter, taken], [], filter, "sample", centre);
    expect(position.x).toBe(taken.position.x);
    const placed = tool("new", "sample", position.x, position.y);
    for (const other of [filter, taken]) expect(intersects(box(placed), box(other))).toBe(false);
  });

  test("wired from the one free output socket to a tool of one input; not when that is ambiguous", () => {
    const both = placeNewTool([filter], [], filter, "sample", centre);
    expect(both.wire).toBeUndefined();
    const trueTaken = [wire("filter_1", "output-true", "x")];
    expect(placeNewTool([filter], trueTaken, filter, "sample", centre).wire).toEqual({
      source: "filter_1",
      source_socket: "output-false",
      target_socket: "input",
    });
    // A Join has two inputs: which one is the person's choice.
    expect(placeNewTool([filter], trueTaken, filter, "join", centre).wire).toBeUndefined();
  });

  test("with nothing selected: centred on the view's middle, unless a tool is there", () => {
    const free = placeNewTool([], [], undefined, "sample", { x: 500, y: 300 });
    expect(free).toEqual({ position: { x: 500 - NODE_W / 2, y: 300 - nodeHeight("sample") / 2 } });
    const there = tool("s", "sample", free.position.x, free.position.y);
    const moved = placeNewTool([there], [], undefined, "sample", { x: 500, y: 300 });
    expect(intersects(box(tool("n", "sample", moved.position.x, moved.position.y)), box(there))).toBe(false);
  });
});
