import { expect, test } from "bun:test";
import { nodeHeight, pointOn, socketPoint } from "../../canvas/geometry";
import type { ToolNode, Wire } from "../../model/workflow";
import { curvePath, diffPicture, moveLine } from "./diff-picture";
import { diffRevisions } from "./revision-diff";

const tool = (id: string, type: string, x: number, y: number): ToolNode => ({
  id,
  type,
  config: {},
  position: { x, y },
});
const wire = (source: string, target: string, source_socket = "output"): Wire => ({
  id: `${source}-${target}`,
  source,
  source_socket,
  target,
  target_socket: "input",
});

const before = {
  tools: [
    tool("in", "input", 0, 0),
    tool("f", "filter", 300, 0),
    tool("gone", "sort", 300, 200),
    tool("s", "sort", 600, 0),
  ],
  wires: [wire("in", "f"), wire("f", "s", "output-true"), wire("in", "gone")],
};
const after = {
  tools: [
    tool("in", "input", 0, 0),
    tool("f", "filter", 300, 0),
    tool("s", "sort", 640, 160),
    tool("new", "sample", 300, 400),
  ],
  wires: [wire("in", "f"), wire("f", "s", "output-false"), wire("in", "new")],
};

test("tools are drawn where the newer revision has them, a removed tool where it was", () => {
  const picture = diffPicture(diffRevisions(before, after));
  const at = Object.fromEntries(picture.tools.map((t) => [t.node.id, t.node.position]));
  expect(at).toEqual({
    in: { x: 0, y: 0 },
    f: { x: 300, y: 0 },
    s: { x: 640, y: 160 },
    new: { x: 300, y: 400 },
    gone: { x: 300, y: 200 },
  });
});

test("a moved tool keeps its old place as a ghost, joined edge to edge; others have none", () => {
  const picture = diffPicture(diffRevisions(before, after));
  const moved = picture.tools.find((t) => t.node.id === "s");
  expect(moved?.ghost).toEqual({ x: 600, y: 0 });
  // Edge to edge: the old box (600, 0) lies up and left of the new one (640, 160).
  const h = nodeHeight("sort");
  const line = moved && moveLine(moved);
  expect(line?.from.y).toBeGreaterThan(h);
  expect(line?.to.y).toBeLessThan(160);
  // Along the line between the two centres.
  const slope = (160 - 0) / (640 - 600);
  expect(((line?.to.y ?? 0) - (line?.from.y ?? 0)) / ((line?.to.x ?? 0) - (line?.from.x ?? 1))).toBeCloseTo(slope, 6);
  // A tool moved less than its own size keeps its outline but has no line.
  const nudged = diffPicture(
    diffRevisions({ tools: [tool("n", "sort", 0, 0)], wires: [] }, { tools: [tool("n", "sort", 30, 10)], wires: [] }),
  ).tools[0];
  expect(nudged?.ghost).toEqual({ x: 0, y: 0 });
  expect(nudged && moveLine(nudged)).toBeUndefined();
  expect(picture.tools.filter((t) => t.ghost).map((t) => t.node.id)).toEqual(["s"]);
  // The view fits the ghost too.
  expect(picture.extent.map((t) => t.position)).toContainEqual({ x: 600, y: 0 });
});

test("every wire of either revision is drawn between its tools as drawn: a rewire shows both", () => {
  const picture = diffPicture(diffRevisions(before, after));
  expect(picture.wires.map((w) => `${w.diff.kind} ${w.diff.key}`)).toEqual([
    "same in.output → f.input",
    "added f.output-false → s.input",
    "added in.output → new.input",
    "removed f.output-true → s.input",
    "removed in.output → gone.input",
  ]);
  const [, rewired, , old] = picture.wires;
  const s = after.tools[2] as ToolNode;
  const f = after.tools[1] as ToolNode;
  // The old wire leaves the filter's True socket, the new its False one; both reach the sort where it is now.
  expect(old?.curve.from).toEqual(socketPoint(f, "output-true", "out"));
  expect(rewired?.curve.from).toEqual(socketPoint(f, "output-false", "out"));
  expect(old?.curve.to).toEqual(socketPoint(s, "input", "in"));
  expect(rewired?.curve.to).toEqual(old?.curve.to as never);
  expect(curvePath(rewired?.curve as never)).toMatch(/^M [\d.]+ [\d.]+ C /);
  // The two marks of the rewire sit apart: the removed one before half-way, the added one after.
  expect(old?.mid).toEqual(pointOn(old?.curve as never, 0.38));
  expect(rewired?.mid).toEqual(pointOn(rewired?.curve as never, 0.62));
});

test("a wire to a tool neither revision has is left out, not drawn to nowhere", () => {
  const broken = { tools: [tool("a", "input", 0, 0)], wires: [wire("a", "missing")] };
  expect(diffPicture(diffRevisions(broken, broken)).wires).toEqual([]);
});
