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

/** A horizontal-tangent bezier from an output point to an input point. */
export function wirePath(from: Position, to: Position): string {
  const dx = Math.max(36, Math.abs(to.x - from.x) / 2);
  return `M${from.x},${from.y} C${from.x + dx},${from.y} ${to.x - dx},${to.y} ${to.x},${to.y}`;
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
