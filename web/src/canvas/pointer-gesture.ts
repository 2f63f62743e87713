/** How far (in screen pixels) a pointer moves before a press becomes a drag. */
export const DRAG_THRESHOLD = 3;

export interface GestureMove {
  /** Movement since the press, in screen pixels. */
  dx: number;
  dy: number;
  event: PointerEvent;
}

export interface GestureHandlers {
  move?(move: GestureMove): void;
  /** `dragged` is false for a click (the pointer stayed within DRAG_THRESHOLD). */
  end?(move: GestureMove & { dragged: boolean; cancelled: boolean }): void;
}

/**
 * Follows one pointer from `down` until it is released, with the pointer captured by `el`
 * so moves outside the canvas still count. Moves are reported once the threshold is passed.
 * Answers a function that abandons the gesture (Escape).
 */
export function followPointer(el: HTMLElement, down: PointerEvent, handlers: GestureHandlers): () => void {
  let dragged = false;
  let done = false;
  const at = (event: PointerEvent): GestureMove => ({
    dx: event.clientX - down.clientX,
    dy: event.clientY - down.clientY,
    event,
  });
  const onMove = (event: PointerEvent) => {
    if (event.pointerId !== down.pointerId) return;
    const move = at(event);
    if (!dragged && Math.hypot(move.dx, move.dy) < DRAG_THRESHOLD) return;
    dragged = true;
    handlers.move?.(move);
  };
  const finish = (event: PointerEvent, cancelled: boolean) => {
    if (done || event.pointerId !== down.pointerId) return;
    done = true;
    el.removeEventListener("pointermove", onMove);
    el.removeEventListener("pointerup", onUp);
    el.removeEventListener("pointercancel", onCancel);
    if (el.hasPointerCapture(down.pointerId)) el.releasePointerCapture(down.pointerId);
    handlers.end?.({ ...at(event), dragged, cancelled });
  };
  const onUp = (event: PointerEvent) => finish(event, false);
  const onCancel = (event: PointerEvent) => finish(event, true);
  try {
    el.setPointerCapture(down.pointerId);
  } catch {
    // A synthetic event (tests) has no active pointer to capture; the listeners still work.
  }
  el.addEventListener("pointermove", onMove);
  el.addEventListener("pointerup", onUp);
  el.addEventListener("pointercancel", onCancel);
  return () => finish(down, true);
}
