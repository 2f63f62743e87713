/** Where a popover opened from a button goes so that all of it stays in the window. */

export interface Anchor {
  top: number;
  bottom: number;
  right: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Space (px) between the popover and its button, and between it and the window's edges. */
const GAP = 8;
const MARGIN = 8;

/**
 * The popover above its button (the canvas's buttons sit at its bottom) when it fits there or
 * there is more room above than below, else below; its right edge at the button's, moved in
 * to stay inside the window. `maxHeight` is less than its height only when neither side has
 * room for all of it (it then scrolls).
 */
export function placePopover(anchor: Anchor, size: Size, view: Size): { left: number; top: number; maxHeight: number } {
  const roomAbove = Math.max(0, anchor.top - GAP - MARGIN);
  const roomBelow = Math.max(0, view.height - anchor.bottom - GAP - MARGIN);
  const above = size.height <= roomAbove || roomAbove >= roomBelow;
  const maxHeight = Math.min(size.height, above ? roomAbove : roomBelow);
  const top = above ? anchor.top - GAP - maxHeight : anchor.bottom + GAP;
  const left = Math.max(MARGIN, Math.min(anchor.right - size.width, view.width - MARGIN - size.width));
  return { left, top, maxHeight };
}
