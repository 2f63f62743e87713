import { describe, expect, test } from "bun:test";
import type { ToolNode, Wire } from "../model/workflow";
import { NODE_W } from "./geometry";
import { tidyLayout } from "./layout";

const tool = (id: string, type: string, x = 0, y = 0): ToolNode => ({ id, type, config: {}, position: { x, y } });
const wire = (source: string, source_socket: string, target: string, target_socket = "input"): Wire => ({
  id: `${source}-${source_socket}-${target}-${target_socket}`,
  source,
  source_socket,
  target,
  target_socket,
});
const column = (x: number, x0 = 0) => Math.round((x - x0) / (NODE_W + 96));

describe("tidyLayout", () => {
  //   in_1 ─► filter_1 ─T─► join_1(L) ─J─► out_1
  //                    in_2 ─► join_1(R)
  const tools = [
    tool("out_1", "output", 50, 50),
    tool("join_1", "join", 10, 300),
    tool("in_2", "input", 400, 10),
    tool("filter_1", "filter", 200, 200),
    tool("in_1", "input", 100, 100),
  ];
  const wires = [
    wire("in_1", "output", "filter_1"),
    wire("filter_1", "output-true", "join_1", "input-left"),
    wire("in_2", "output", "join_1", "input-right"),
    wire("join_1", "output-match", "out_1"),
  ];

  test("columns follow the depth along wires, left to right", () => {
    const at = tidyLayout(tools, wires);
    const x0 = Math.min(...tools.map((t) => t.position.x));
    const col = (id: string) => column(at[id]?.x ?? Number.NaN, x0);
    expect(col("in_1")).toBe(0);
    expect(col("filter_1")).toBe(1);
    // A source sits just before its consumer, not in column 0.
    expect(col("in_2")).toBe(1);
    expect(col("join_1")).toBe(2);
    expect(col("out_1")).toBe(3);
  });

  test("rows follow the sockets: what feeds Left sits above what feeds Right", () => {
    const at = tidyLayout(tools, wires);
    expect(at.filter_1?.y).toBeLessThan(at.in_2?.y ?? Number.NEGATIVE_INFINITY);
  });

  test("tools in a column do not overlap, and the layout starts at the old top-left", () => {
    const many = Array.from({ length: 6 }, (_, i) => tool(`in_${i}`, "input", 30 + i, 70 + i * 5));
    const at = tidyLayout(many, []);
    const ys = many.map((t) => at[t.id]?.y ?? 0).sort((a, b) => a - b);
    for (let i = 1; i < ys.length; i++) expect((ys[i] ?? 0) - (ys[i - 1] ?? 0)).toBeGreaterThanOrEqual(64);
    expect(Math.min(...many.map((t) => at[t.id]?.x ?? 0))).toBe(30);
    expect(ys[0]).toBe(70);
  });

  test("barycentres remove a crossing", () => {
    //  a ─► c     b ─► d, with c listed above d but fed from below
    const four = [
      tool("a", "input", 0, 0),
      tool("b", "input", 0, 100),
      tool("d", "select", 300, 0),
      tool("c", "select", 300, 100),
    ];
    const at = tidyLayout(four, [wire("a", "output", "c"), wire("b", "output", "d")]);
    expect(at.c?.y).toBeLessThan(at.d?.y ?? 0);
  });

  test("an empty workflow has no positions", () => {
    expect(tidyLayout([], [])).toEqual({});
  });
});
