import { expect, test } from "bun:test";
import type { ToolNode } from "../model/workflow";
import {
  boundsOf,
  curveBox,
  distanceToCurve,
  NODE_W,
  nodeHeight,
  socketName,
  socketPoint,
  wireCurve,
} from "./geometry";

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
  expect(wireCurve({ x: 0, y: 0 }, { x: 100, y: 40 })).toEqual({
    from: { x: 0, y: 0 },
    c1: { x: 50, y: 0 },
    c2: { x: 50, y: 40 },
    to: { x: 100, y: 40 },
  });
  // A wire going backwards still leaves rightwards and enters from the left.
  const back = wireCurve({ x: 100, y: 0 }, { x: 0, y: 0 });
  expect(back.c1.x).toBeGreaterThan(100);
  expect(back.c2.x).toBeLessThan(0);
});

test("distance to a wire: zero on it, the gap off it, and the box holds the curve", () => {
  const flat = wireCurve({ x: 0, y: 10 }, { x: 200, y: 10 });
  expect(distanceToCurve({ x: 100, y: 10 }, flat)).toBeCloseTo(0, 6);
  expect(distanceToCurve({ x: 100, y: 17 }, flat)).toBeCloseTo(7, 6);
  expect(distanceToCurve({ x: -30, y: 10 }, flat)).toBeCloseTo(30, 6);
  // An S-curve: its midpoint lies halfway between the ends; a point at a corner does not.
  const s = wireCurve({ x: 0, y: 0 }, { x: 100, y: 100 });
  expect(distanceToCurve({ x: 50, y: 50 }, s)).toBeLessThan(0.5);
  expect(distanceToCurve({ x: 100, y: 0 }, s)).toBeGreaterThan(30);
  const box = curveBox(s);
  expect(box).toEqual({ x: 0, y: 0, w: 100, h: 100 });
});
