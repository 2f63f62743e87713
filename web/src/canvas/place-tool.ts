import type { Position, ToolNode, Wire } from "../model/workflow";
import { intersects, NODE_W, nodeHeight, type Rect, socketsOf } from "./geometry";

/** Room left between a placed tool and its neighbours (world units). */
const GAP_X = 72;
const GAP_Y = 28;
/** How far the search for free space goes: columns to the right, rows either side. */
const COLUMNS = 6;
const ROWS = 6;

const boxOf = (tool: ToolNode): Rect => ({
  x: tool.position.x,
  y: tool.position.y,
  w: NODE_W,
  h: nodeHeight(tool.type),
});

/**
 * The nearest spot to `start` where a tool of `type` overlaps no tool (with a gap around it):
 * `start`, then below and above it, then the same in the next column to the right; `start`
 * itself when the search finds nothing (a crowded canvas).
 */
export function freeSpot(tools: readonly ToolNode[], type: string, start: Position): Position {
  const h = nodeHeight(type);
  const boxes = tools.map(boxOf);
  const free = (p: Position) =>
    !boxes.some((b) => intersects({ x: p.x - GAP_X / 2, y: p.y - GAP_Y / 2, w: NODE_W + GAP_X, h: h + GAP_Y }, b));
  for (let column = 0; column < COLUMNS; column++) {
    for (let row = 0; row <= 2 * ROWS; row++) {
      // 0, +1, -1, +2, -2...: below first, as a second branch of a flow usually goes.
      const step = row % 2 === 1 ? (row + 1) / 2 : -row / 2;
      const p = { x: start.x + column * (NODE_W + GAP_X), y: start.y + step * (h + GAP_Y) };
      if (free(p)) return p;
    }
  }
  return start;
}

/**
 * Where a tool added from the palette (double-click, Enter, search) goes: beside the selected
 * tool, to its right, in free space; with no tool selected, in free space at `centre` (the
 * middle of the view). It is wired to the selected tool when that is unambiguous: the
 * selected tool has exactly one output socket without a wire and the new tool one input.
 */
export function placeNewTool(
  tools: readonly ToolNode[],
  wires: readonly Wire[],
  selected: ToolNode | undefined,
  type: string,
  centre: Position,
): { position: Position; wire?: Omit<Wire, "id" | "target"> } {
  if (!selected) {
    const start = { x: Math.round(centre.x - NODE_W / 2), y: Math.round(centre.y - nodeHeight(type) / 2) };
    return { position: freeSpot(tools, type, start) };
  }
  const position = freeSpot(tools, type, { x: selected.position.x + NODE_W + GAP_X, y: selected.position.y });
  const freeOutputs = socketsOf(selected.type).outputs.filter(
    (socket) => !wires.some((w) => w.source === selected.id && w.source_socket === socket.id),
  );
  const inputs = socketsOf(type).inputs;
  const [output] = freeOutputs;
  const [input] = inputs;
  if (freeOutputs.length !== 1 || inputs.length !== 1 || !output || !input) return { position };
  return { position, wire: { source: selected.id, source_socket: output.id, target_socket: input.id } };
}
