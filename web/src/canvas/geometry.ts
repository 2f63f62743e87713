import { type SocketDef, toolDef } from "../model/tools";
import type { Position, ToolNode } from "../model/workflow";

/**
 * Where things sit on a tool node, in canvas (world) units. Nodes have fixed sizes so wires
 * and layout never measure the DOM (no layout reads while dragging).
 */
export const NODE_W = 184;
const NODE_MIN_H = 64;
const SOCKET_PITCH = 20;

/** Readable names of the sockets whose canvas labels are one letter. */
const SOCKET_NAMES: Record<string, string> = {
  "output-true": "True",
  "output-false": "False",
  "input-left": "Left",
  "input-right": "Right",
  "output-left": "Left",
  "output-match": "Match",
  "output-right": "Right",
};

export interface NodeSockets {
  inputs: readonly SocketDef[];
  outputs: readonly SocketDef[];
}

/** The sockets of a tool type (none for a type this UI does not know). */
export function socketsOf(type: string): NodeSockets {
  const def = toolDef(type);
  return { inputs: def?.inputs ?? [], outputs: def?.outputs ?? [] };
}

/** The height of a node of `type`: room for its busiest side's sockets. */
export function nodeHeight(type: string): number {
  const { inputs, outputs } = socketsOf(type);
  return Math.max(NODE_MIN_H, Math.max(inputs.length, outputs.length) * SOCKET_PITCH + 24);
}

/** The y offset (from the node's top) of socket `index` of `count` on one side. */
export function socketOffset(index: number, count: number, height: number): number {
  return Math.round((height * (index + 1)) / (count + 1));
}

/** The readable name of a socket ("True", "Match"...), or "" for a plain single socket. */
export function socketName(socket: SocketDef): string {
  return SOCKET_NAMES[socket.id] ?? socket.label;
}

/** The world point where a wire meets socket `socketId` of `tool` (its side's edge). */
export function socketPoint(tool: ToolNode, socketId: string, side: "in" | "out"): Position {
  const sockets = side === "in" ? socketsOf(tool.type).inputs : socketsOf(tool.type).outputs;
  const height = nodeHeight(tool.type);
  const index = sockets.findIndex((s) => s.id === socketId);
  const y = index < 0 ? height / 2 : socketOffset(index, sockets.length, height);
  return { x: tool.position.x + (side === "in" ? 0 : NODE_W), y: tool.position.y + y };
}

/** A wire's cubic bezier: from an output point to an input point, leaving and entering horizontally. */
export interface WireCurve {
  from: Position;
  c1: Position;
  c2: Position;
  to: Position;
}

export function wireCurve(from: Position, to: Position): WireCurve {
  const dx = Math.max(36, Math.abs(to.x - from.x) / 2);
  return { from, c1: { x: from.x + dx, y: from.y }, c2: { x: to.x - dx, y: to.y }, to };
}

/** The point at `t` (0..1) along a curve. */
export function pointOn(c: WireCurve, t: number): Position {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const d = 3 * u * t * t;
  const e = t * t * t;
  return {
    x: a * c.from.x + b * c.c1.x + d * c.c2.x + e * c.to.x,
    y: a * c.from.y + b * c.c1.y + d * c.c2.y + e * c.to.y,
  };
}

/** The box a curve stays inside (its control points' box: a bezier never leaves it). */
export function curveBox(c: WireCurve): Rect {
  const xs = [c.from.x, c.c1.x, c.c2.x, c.to.x];
  const ys = [c.from.y, c.c1.y, c.c2.y, c.to.y];
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

const CURVE_STEPS = 32;

/** How far `p` is from a curve (through 32 chords: under a pixel off for wires on screen). */
export function distanceToCurve(p: Position, c: WireCurve): number {
  let best = Number.POSITIVE_INFINITY;
  let a = c.from;
  for (let i = 1; i <= CURVE_STEPS; i++) {
    const b = pointOn(c, i / CURVE_STEPS);
    best = Math.min(best, distanceToSegment(p, a, b));
    a = b;
  }
  return best;
}

function distanceToSegment(p: Position, a: Position, b: Position): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The box around some tools (undefined for none). */
export function boundsOf(tools: readonly ToolNode[]): Rect | undefined {
  if (tools.length === 0) return undefined;
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const tool of tools) {
    x0 = Math.min(x0, tool.position.x);
    y0 = Math.min(y0, tool.position.y);
    x1 = Math.max(x1, tool.position.x + NODE_W);
    y1 = Math.max(y1, tool.position.y + nodeHeight(tool.type));
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** Whether two rectangles overlap. */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
