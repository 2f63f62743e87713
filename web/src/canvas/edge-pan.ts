import type { Viewport } from "./viewport";

/** How close to an edge (screen pixels) the pointer starts the view moving. */
const EDGE = 36;
/** The fastest the view moves, in screen pixels per frame (at or past the edge). */
const MAX_SPEED = 14;

/**
 * How fast to move toward one side for a pointer at `pos` along a canvas `length` long:
 * negative near the start, positive near the end, faster the deeper in (or past) the edge
 * band, zero in the middle.
 */
export function edgeSpeed(pos: number, length: number, edge = EDGE, max = MAX_SPEED): number {
  if (length <= 2 * edge) return 0;
  if (pos < edge) return -max * Math.min(1, (edge - pos) / edge);
  if (pos > length - edge) return max * Math.min(1, (pos - (length - edge)) / edge);
  return 0;
}

/**
 * While a gesture (dragging tools, a wire or a rubber band) holds the pointer near an edge
 * of the canvas, the view moves that way every frame, so a drag can reach what is out of
 * view; `onPan` lets the gesture follow (the pointer stays still while the world moves).
 */
export function createEdgePan(el: HTMLElement, viewport: Viewport, onPan: () => void) {
  const rect = el.getBoundingClientRect();
  let pointer: { clientX: number; clientY: number } | undefined;
  let handle: number | undefined;
  const step = () => {
    handle = undefined;
    if (!pointer) return;
    const sx = edgeSpeed(pointer.clientX - rect.left, rect.width);
    const sy = edgeSpeed(pointer.clientY - rect.top, rect.height);
    if (sx === 0 && sy === 0) return;
    viewport.panBy(-sx, -sy);
    onPan();
    handle = requestAnimationFrame(step);
  };
  return {
    /** The pointer moved: starts moving the view if it is near an edge. */
    track(event: { clientX: number; clientY: number }) {
      pointer = event;
      if (handle === undefined) handle = requestAnimationFrame(step);
    },
    stop() {
      pointer = undefined;
      if (handle !== undefined) cancelAnimationFrame(handle);
      handle = undefined;
    },
  };
}
