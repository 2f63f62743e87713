import { expect, test } from "bun:test";
import type { ToolNode } from "../model/workflow";
import { boundsOf, NODE_W, nodeHeight, socketName, socketPoint, wirePath } from "./geometry";

const join: ToolNode = { id: "join_1", type: "join", config: {}, position: { x: 100, y: 50 } };

test("a join is tall enough for its three outputs, spread evenly", () => {
  const h = nodeHeight("join");
  expect(h).toBeGreaterThanOrEqual(3 * 20);
  const ys = ["output-left", "output-match", "output-right"].map((s) => socketPoint(join, s, "out").y - 50);
  expect(ys[1]).toBe(Math.round(h / 2));
  expect((ys[1] ?? 0) - (ys[0] ?? 0)).toBe((ys[2] ?? 0) - (ys[1] ?? 0));
  expect(socketPoint(join, "output-match", "out").x).toBe(100 + NODE_W);
  expect(socketPoint(join, "input-left", "in").x).toBe(100);
});

test("sockets have readable names; plain ones have none", () => {
  expect(socketName({ id: "output-true", label: "T" })).toBe("True");
  expect(socketName({ id: "output-match", label: "J" })).toBe("Match");
  expect(socketName({ id: "input", label: "" })).toBe("");
});

test("bounds cover every tool; wires leave and enter horizontally", () => {
  const other: ToolNode = { id: "a", type: "input", config: {}, position: { x: -20, y: 300 } };
  expect(boundsOf([join, other])).toEqual({ x: -20, y: 50, w: 120 + NODE_W, h: 250 + nodeHeight("input") });
  expect(boundsOf([])).toBeUndefined();
  expect(wirePath({ x: 0, y: 0 }, { x: 100, y: 40 })).toBe("M0,0 C50,0 50,40 100,40");
});
