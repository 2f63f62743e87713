import { NODE_W, nodeHeight, pointOn, socketPoint, type WireCurve, wireCurve } from "../../canvas/geometry";
import type { Position, ToolNode } from "../../model/workflow";
import type { RevisionDiff, ToolDiff, WireDiff } from "./revision-diff";

/** A tool as the diff canvas draws it: where, and (when it moved) where it was. */
export interface DrawnTool {
  diff: ToolDiff;
  /** The newer revision's tool (the older one's when removed), placed. */
  node: ToolNode;
  /** The older position of a tool that moved: an outline there, and a line to where it is now. */
  ghost?: Position;
}

export interface DrawnWire {
  diff: WireDiff;
  curve: WireCurve;
  /**
   * Where an added or removed wire's mark sits: before half-way for a removed wire, after it
   * for an added one, so the two marks of a rewire between near sockets do not cover each other.
   */
  mid: Position;
}

export interface DiffPicture {
  tools: DrawnTool[];
  wires: DrawnWire[];
  /** Everything drawn, as boxes (tools and ghosts) for fitting the view. */
  extent: ToolNode[];
}

const ORIGIN: Position = { x: 0, y: 0 };

/** How far along its curve (0..1) a wire's mark sits, by kind. */
const MARK_AT = { added: 0.62, removed: 0.38, same: 0.5 } as const;

const placed = (tool: ToolDiff["after"] & object): ToolNode => ({ ...tool, position: tool.position ?? ORIGIN });

/**
 * Where each tool and wire of a diff is drawn, in the designer's world units (its geometry:
 * node sizes, socket points, wire curves). One picture holds both revisions: tools where the
 * newer revision has them, a removed tool where it was, and every wire (removed ones too)
 * between its tools as drawn, so a rewire shows the old wire and the new one side by side.
 */
export function diffPicture(diff: RevisionDiff): DiffPicture {
  const tools = diff.tools.flatMap((tool): DrawnTool[] => {
    const current = tool.after ?? tool.before;
    if (!current) return [];
    const node = placed(current);
    const old = tool.before?.position;
    return [tool.moved && old ? { diff: tool, node, ghost: old } : { diff: tool, node }];
  });
  const byId = new Map(tools.map((t) => [t.node.id, t.node]));
  const wires = diff.wires.flatMap((wire): DrawnWire[] => {
    const source = byId.get(wire.ends.source);
    const target = byId.get(wire.ends.target);
    if (!source || !target) return [];
    const curve = wireCurve(
      socketPoint(source, wire.ends.source_socket, "out"),
      socketPoint(target, wire.ends.target_socket, "in"),
    );
    return [{ diff: wire, curve, mid: pointOn(curve, MARK_AT[wire.kind]) }];
  });
  const ghosts = tools.flatMap((t) => (t.ghost ? [{ ...t.node, position: t.ghost }] : []));
  return { tools, wires, extent: [...tools.map((t) => t.node), ...ghosts] };
}

/** An SVG path of a curve (world units). */
export function curvePath(c: WireCurve): string {
  return `M ${c.from.x} ${c.from.y} C ${c.c1.x} ${c.c1.y}, ${c.c2.x} ${c.c2.y}, ${c.to.x} ${c.to.y}`;
}

/** Where the ray from a box's centre along (dx, dy) leaves the box (half sizes `hw`, `hh`), `gap` further on. */
function exitPoint(centre: Position, dx: number, dy: number, hw: number, hh: number, gap: number): Position {
  const length = Math.hypot(dx, dy);
  const scale = Math.min(
    dx === 0 ? Number.POSITIVE_INFINITY : hw / Math.abs(dx),
    dy === 0 ? Number.POSITIVE_INFINITY : hh / Math.abs(dy),
  );
  const extra = gap / length;
  return { x: centre.x + dx * (scale + extra), y: centre.y + dy * (scale + extra) };
}

/** Units left between the line of a moved tool and the two boxes it joins (room for its arrowhead). */
const MOVE_GAP = 6;

/**
 * The line from a moved tool's old place to its new one: from box edge to box edge, along
 * the line between their centres. None when the two places overlap (the outline says enough).
 */
export function moveLine(tool: DrawnTool): { from: Position; to: Position } | undefined {
  if (!tool.ghost) return undefined;
  const hw = NODE_W / 2;
  const hh = nodeHeight(tool.node.type) / 2;
  const a = { x: tool.ghost.x + hw, y: tool.ghost.y + hh };
  const b = { x: tool.node.position.x + hw, y: tool.node.position.y + hh };
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (Math.abs(dx) <= 2 * hw + 2 * MOVE_GAP && Math.abs(dy) <= 2 * hh + 2 * MOVE_GAP) return undefined;
  return { from: exitPoint(a, dx, dy, hw, hh, MOVE_GAP), to: exitPoint(b, -dx, -dy, hw, hh, MOVE_GAP) };
}
