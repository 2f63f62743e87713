import { expect, test } from "bun:test";
import type { ToolNode, Wire } from "../model/workflow";
import { socketPoint } from "./geometry";
import { createWireCurves, wireAt } from "./wire-curves";

const tool = (id: string, type: string, x: number, y: number): ToolNode => ({
  id,
  type,
  config: {},
  position: { x, y },
});
const tools = new Map([
  ["a", tool("a", "input", 0, 0)],
  ["f", tool("f", "filter", 400, 0)],
  ["b", tool("b", "output", 800, -100)],
  ["c", tool("c", "output", 800, 200)],
]);
const wires: Wire[] = [
  { id: "w1", source: "a", source_socket: "output", target: "f", target_socket: "input" },
  { id: "w2", source: "f", source_socket: "output-true", target: "b", target_socket: "input" },
  { id: "w3", source: "f", source_socket: "output-false", target: "c", target_socket: "input" },
  { id: "dangling", source: "gone", source_socket: "output", target: "c", target_socket: "input" },
];

test("each wire runs between its sockets; a wire to a missing tool is not drawn", () => {
  const curves = createWireCurves(
    () => wires,
    () => tools,
  )();
  expect(curves.map((w) => w.id)).toEqual(["w1", "w2", "w3"]);
  const w2 = curves[1];
  expect(w2?.curve.from).toEqual(socketPoint(tools.get("f") as ToolNode, "output-true", "out"));
  expect(w2?.curve.to).toEqual(socketPoint(tools.get("b") as ToolNode, "input", "in"));
});

test("wireAt picks the wire near a point, within the tolerance only", () => {
  const curves = createWireCurves(
    () => wires,
    () => tools,
  )();
  const w1 = curves[0]?.curve;
  if (!w1) throw new Error("no curve");
  const mid = { x: (w1.from.x + w1.to.x) / 2, y: (w1.from.y + w1.to.y) / 2 };
  expect(wireAt(curves, mid, 7)).toBe("w1");
  expect(wireAt(curves, { x: mid.x, y: mid.y + 6 }, 7)).toBe("w1");
  expect(wireAt(curves, { x: mid.x, y: mid.y + 9 }, 7)).toBeUndefined();
  // Zoomed out, the same 7 screen pixels are more world units.
  expect(wireAt(curves, { x: mid.x, y: mid.y + 30 }, 7 / 0.2)).toBe("w1");
  // The two wires out of the filter part ways: each end picks its own.
  const w3 = curves[2]?.curve;
  if (!w3) throw new Error("no curve");
  expect(wireAt(curves, { x: w3.to.x - 2, y: w3.to.y }, 7)).toBe("w3");
  expect(wireAt(curves, { x: 600, y: 2000 }, 7)).toBeUndefined();
  expect(wireAt([], mid, 7)).toBeUndefined();
});
