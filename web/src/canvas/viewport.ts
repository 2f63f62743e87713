import { createSignal } from "solid-js";
import type { Position, ToolNode } from "../model/workflow";
import { boundsOf } from "./geometry";

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 2.5;

/** Pan and zoom: a screen point s shows the world point (s - {x, y}) / k. */
export interface View {
  x: number;
  y: number;
  k: number;
}

/**
 * The least zoom Fit goes to: tool names (13 px) and ids and socket letters (11 px) still
 * read at about 10 and 8 px. A workflow that needs less shows from its start (left, top)
 * and the person pans to the rest; zooming out by hand still goes down to MIN_ZOOM.
 */
export const FIT_MIN_ZOOM = 0.75;

const clampZoom = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/**
 * The canvas's pan and zoom, with the conversions between screen (relative to the canvas
 * element) and world coordinates. `size` is the canvas element's size, kept by the caller.
 */
export function createViewport() {
  const [view, setView] = createSignal<View>({ x: 40, y: 40, k: 1 });
  const [size, setSize] = createSignal({ w: 800, h: 600 });

  const toWorld = (p: Position): Position => {
    const v = view();
    return { x: (p.x - v.x) / v.k, y: (p.y - v.y) / v.k };
  };

  const toScreen = (p: Position): Position => {
    const v = view();
    return { x: p.x * v.k + v.x, y: p.y * v.k + v.y };
  };

  /** Zooms to `k` keeping the screen point `at` (default: the centre) still. */
  const zoomTo = (k: number, at?: Position) => {
    const v = view();
    const next = clampZoom(k);
    const p = at ?? { x: size().w / 2, y: size().h / 2 };
    const wx = (p.x - v.x) / v.k;
    const wy = (p.y - v.y) / v.k;
    setView({ k: next, x: p.x - wx * next, y: p.y - wy * next });
  };

  return {
    view,
    setView,
    size,
    setSize,
    toWorld,
    toScreen,
    zoomTo,
    zoomBy: (factor: number, at?: Position) => zoomTo(view().k * factor, at),
    panBy: (dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy })),
    /** The world point at the centre of the canvas. */
    centre: (): Position => toWorld({ x: size().w / 2, y: size().h / 2 }),
    /**
     * Shows every tool (or the given ones), at most at 100 % and at least at FIT_MIN_ZOOM;
     * centred along a side where they fit, from their start where they do not.
     */
    fit(tools: readonly ToolNode[], padding = 48) {
      const box = boundsOf(tools);
      if (!box) {
        setView({ x: 40, y: 40, k: 1 });
        return;
      }
      const { w, h } = size();
      const k = Math.max(FIT_MIN_ZOOM, Math.min((w - padding * 2) / box.w, (h - padding * 2) / box.h, 1));
      const place = (room: number, start: number, length: number) =>
        length * k <= room - padding * 2 ? (room - length * k) / 2 - start * k : padding - start * k;
      setView({ k, x: place(w, box.x, box.w), y: place(h, box.y, box.h) });
    },
    /** Pans the least needed for a world rectangle to be in view. */
    reveal(box: { x: number; y: number; w: number; h: number }, margin = 24) {
      const v = view();
      const { w, h } = size();
      const left = box.x * v.k + v.x;
      const top = box.y * v.k + v.y;
      const right = left + box.w * v.k;
      const bottom = top + box.h * v.k;
      let dx = 0;
      let dy = 0;
      if (left < margin) dx = margin - left;
      else if (right > w - margin) dx = w - margin - right;
      if (top < margin) dy = margin - top;
      else if (bottom > h - margin) dy = h - margin - bottom;
      if (dx || dy) setView({ ...v, x: v.x + dx, y: v.y + dy });
    },
  };
}

export type Viewport = ReturnType<typeof createViewport>;
