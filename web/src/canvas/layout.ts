import type { Position, ToolNode, Wire } from "../model/workflow";
import { NODE_W, nodeHeight, socketsOf } from "./geometry";

const COLUMN_GAP = 96;
const ROW_GAP = 36;

/**
 * Tidy layout: each tool goes in the column of its depth along wires (the longest path from
 * a tool with no inputs; such a tool sits just before its first consumer), columns left to right; within a column, tools are ordered by the
 * barycentre of their neighbours in the columns beside (a few sweeps each way), which
 * removes most crossings. Columns are centred on the tallest one; the layout starts where
 * the tools' top-left corner was.
 */
export function tidyLayout(tools: readonly ToolNode[], wires: readonly Wire[]): Record<string, Position> {
  if (tools.length === 0) return {};
  const ids = new Set(tools.map((t) => t.id));
  const links = wires.filter((w) => ids.has(w.source) && ids.has(w.target) && w.source !== w.target);
  const depth = depths(tools, links);

  const columns: ToolNode[][] = [];
  for (const tool of tools) {
    const d = depth.get(tool.id) ?? 0;
    while (columns.length <= d) columns.push([]);
    columns[d]?.push(tool);
  }
  // Start from where tools are now (top to bottom), then sweep.
  for (const column of columns) column.sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);
  const order = new Map<string, number>();
  const renumber = (column: ToolNode[]) => {
    for (const [i, t] of column.entries()) order.set(t.id, i);
  };
  for (const column of columns) renumber(column);

  const byId = new Map(tools.map((t) => [t.id, t]));
  // A neighbour's place, nudged by which socket the wire uses (Filter's True above False).
  const place = (id: string, socket: string, side: "in" | "out") => {
    const tool = byId.get(id);
    const sockets = tool ? socketsOf(tool.type)[side === "in" ? "inputs" : "outputs"] : [];
    const at = Math.max(
      0,
      sockets.findIndex((s) => s.id === socket),
    );
    return (order.get(id) ?? 0) + (sockets.length > 1 ? at / sockets.length - 0.5 : 0) * 0.5;
  };
  const sweep = (column: ToolNode[], neighbours: (id: string) => number[]) => {
    const key = new Map<string, number>();
    for (const tool of column) {
      const near = neighbours(tool.id);
      key.set(tool.id, near.length ? near.reduce((a, b) => a + b, 0) / near.length : (order.get(tool.id) ?? 0));
    }
    column.sort((a, b) => (key.get(a.id) ?? 0) - (key.get(b.id) ?? 0));
    renumber(column);
  };
  const into = groupBy(links, (w) => w.target);
  const from = groupBy(links, (w) => w.source);
  const upstream = (id: string) => (into.get(id) ?? []).map((w) => place(w.source, w.source_socket, "out"));
  const downstream = (id: string) => (from.get(id) ?? []).map((w) => place(w.target, w.target_socket, "in"));
  for (let pass = 0; pass < 3; pass++) {
    for (let c = 1; c < columns.length; c++) sweep(columns[c] ?? [], upstream);
    for (let c = columns.length - 2; c >= 0; c--) sweep(columns[c] ?? [], downstream);
  }
  for (let c = 1; c < columns.length; c++) sweep(columns[c] ?? [], upstream);

  const x0 = Math.min(...tools.map((t) => t.position.x));
  const y0 = Math.min(...tools.map((t) => t.position.y));
  const heightOf = (column: ToolNode[]) =>
    column.reduce((sum, t) => sum + nodeHeight(t.type), 0) + ROW_GAP * Math.max(0, column.length - 1);
  const tallest = Math.max(...columns.map(heightOf));
  const positions: Record<string, Position> = {};
  columns.forEach((column, c) => {
    let y = y0 + Math.round((tallest - heightOf(column)) / 2);
    for (const tool of column) {
      positions[tool.id] = { x: x0 + c * (NODE_W + COLUMN_GAP), y };
      y += nodeHeight(tool.type) + ROW_GAP;
    }
  });
  return positions;
}

/** The longest-path depth of each tool (tools on a cycle, which the editor refuses, get 0). */
function depths(tools: readonly ToolNode[], links: readonly Wire[]): Map<string, number> {
  const incoming = new Map<string, number>(tools.map((t) => [t.id, 0]));
  const out = new Map<string, string[]>();
  for (const w of links) {
    incoming.set(w.target, (incoming.get(w.target) ?? 0) + 1);
    out.set(w.source, [...(out.get(w.source) ?? []), w.target]);
  }
  const depth = new Map<string, number>();
  const ready = tools.filter((t) => incoming.get(t.id) === 0).map((t) => t.id);
  for (const id of ready) depth.set(id, 0);
  while (ready.length > 0) {
    const id = ready.shift() as string;
    for (const next of out.get(id) ?? []) {
      depth.set(next, Math.max(depth.get(next) ?? 0, (depth.get(id) ?? 0) + 1));
      const left = (incoming.get(next) ?? 0) - 1;
      incoming.set(next, left);
      if (left === 0) ready.push(next);
    }
  }
  // A tool with no inputs sits just before its first consumer, not far left of it.
  const fed = new Set(links.map((w) => w.target));
  for (const tool of tools) {
    const next = out.get(tool.id);
    if (!next || fed.has(tool.id)) continue;
    depth.set(tool.id, Math.max(0, Math.min(...next.map((id) => depth.get(id) ?? 1)) - 1));
  }
  return depth;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
