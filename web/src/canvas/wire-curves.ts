import { type Accessor, createMemo } from "solid-js";
import type { Position, ToolNode, Wire } from "../model/workflow";
import { curveBox, distanceToCurve, socketPoint, type WireCurve, wireCurve } from "./geometry";

/** A wire of the workflow with the curve it is drawn along (world units). */
export interface PlacedWire {
  id: string;
  curve: WireCurve;
}

/** Every wire's curve, from its two tools' positions (recomputed as tools move: cheap). */
export function createWireCurves(
  wires: () => readonly Wire[],
  tools: () => Map<string, ToolNode>,
): Accessor<PlacedWire[]> {
  return createMemo(() => {
    const byId = tools();
    return wires().flatMap((wire): PlacedWire[] => {
      const source = byId.get(wire.source);
      const target = byId.get(wire.target);
      if (!source || !target) return [];
      const from = socketPoint(source, wire.source_socket, "out");
      const to = socketPoint(target, wire.target_socket, "in");
      return [{ id: wire.id, curve: wireCurve({ x: from.x, y: from.y }, { x: to.x, y: to.y }) }];
    });
  });
}

/** The wire within `tolerance` (world units) of a world point; the topmost (last drawn) wins. */
export function wireAt(wires: readonly PlacedWire[], point: Position, tolerance: number): string | undefined {
  for (let i = wires.length - 1; i >= 0; i--) {
    const wire = wires[i] as PlacedWire;
    const box = curveBox(wire.curve);
    if (point.x < box.x - tolerance || point.x > box.x + box.w + tolerance) continue;
    if (point.y < box.y - tolerance || point.y > box.y + box.h + tolerance) continue;
    if (distanceToCurve(point, wire.curve) <= tolerance) return wire.id;
  }
  return undefined;
}
