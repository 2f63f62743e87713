import { Show } from "solid-js";
import type { ToolNode } from "../model/workflow";
import { intersects, NODE_W, nodeHeight, type Rect } from "./geometry";

/** The rubber band, in screen coordinates relative to the canvas. */
export function SelectionBox(props: { rect: Rect | undefined }) {
  return (
    <Show when={props.rect}>
      {(rect) => (
        <div
          class="selection-box"
          data-testid="selection-box"
          style={{
            transform: `translate(${rect().x}px, ${rect().y}px)`,
            width: `${rect().w}px`,
            height: `${rect().h}px`,
          }}
        />
      )}
    </Show>
  );
}

/** The rectangle with corners a and b. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(a.x - b.x), h: Math.abs(a.y - b.y) };
}

/** The tools a world rectangle touches. */
export function toolsIn(box: Rect, tools: readonly ToolNode[]): string[] {
  return tools
    .filter((t) => intersects(box, { x: t.position.x, y: t.position.y, w: NODE_W, h: nodeHeight(t.type) }))
    .map((t) => t.id);
}
