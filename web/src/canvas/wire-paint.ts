import { curveBox, type Rect, type WireCurve } from "./geometry";
import type { View } from "./viewport";

/** Wires drawn alike: one path, one stroke. */
export interface WireStroke {
  curves: readonly WireCurve[];
  color: string;
  /** Width in world units (scaled with the zoom)... */
  width: number;
  /** ...but never thinner than this many screen pixels, so wires stay visible zoomed out. */
  minPx: number;
  dash?: number[];
}

/** Screen pixels painted past each edge of the view, so a pan can move the bitmap instead. */
export const PAN_MARGIN = 256;

/**
 * What the wires' canvas shows: the strokes, and the tools' boxes (world units) cut out of
 * them. The canvas lies over the tools (see wires.tsx), so the holes put the wires behind.
 */
export interface WirePicture {
  strokes: readonly WireStroke[];
  holes: readonly Rect[];
}

/** The tools' rounded corners (canvas.css .tool-node), in world units. */
const HOLE_RADIUS = 8;

interface Painted {
  view: View;
  w: number;
  h: number;
  picture: WirePicture;
}

/**
 * Paints wires on a canvas the size of the view plus a margin, in screen pixels: its bitmap
 * never exceeds the screen's size (plus the margin) whatever the zoom or the workflow's
 * extent, so painting every wire again when tools move stays cheap (one path per stroke,
 * wires out of sight skipped). When only the pan changed, and by less than the margin, the
 * bitmap is moved by a transform instead: nothing is painted, so a pan frame costs the
 * compositor only.
 */
export function createWirePainter(canvas: HTMLCanvasElement) {
  let painted: Painted | undefined;

  function paint(size: { w: number; h: number }, view: View, { strokes, holes }: WirePicture) {
    const dpr = window.devicePixelRatio || 1;
    const cssW = size.w + 2 * PAN_MARGIN;
    const cssH = size.h + 2 * PAN_MARGIN;
    const width = Math.max(1, Math.round(cssW * dpr));
    const height = Math.max(1, Math.round(cssH * dpr));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${cssW}px`;
      canvas.style.height = `${cssH}px`;
    }
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.lineCap = "round";
    const { k } = view;
    const x = view.x + PAN_MARGIN;
    const y = view.y + PAN_MARGIN;
    const sx = (wx: number) => wx * k + x;
    const sy = (wy: number) => wy * k + y;
    for (const stroke of strokes) {
      const lineWidth = Math.max(stroke.minPx, stroke.width * k);
      ctx.beginPath();
      let any = false;
      for (const c of stroke.curves) {
        const box = curveBox(c);
        if (sx(box.x + box.w) < -lineWidth || sx(box.x) > cssW + lineWidth) continue;
        if (sy(box.y + box.h) < -lineWidth || sy(box.y) > cssH + lineWidth) continue;
        ctx.moveTo(sx(c.from.x), sy(c.from.y));
        ctx.bezierCurveTo(sx(c.c1.x), sy(c.c1.y), sx(c.c2.x), sy(c.c2.y), sx(c.to.x), sy(c.to.y));
        any = true;
      }
      if (!any) continue;
      ctx.strokeStyle = stroke.color;
      ctx.lineWidth = lineWidth;
      ctx.setLineDash(stroke.dash ?? []);
      ctx.stroke();
    }
    ctx.globalCompositeOperation = "destination-out";
    ctx.beginPath();
    for (const r of holes) {
      const left = sx(r.x);
      const top = sy(r.y);
      const w = r.w * k;
      const h = r.h * k;
      if (left + w < 0 || left > cssW || top + h < 0 || top > cssH) continue;
      ctx.roundRect(left, top, w, h, HOLE_RADIUS * k);
    }
    ctx.fill();
    ctx.globalCompositeOperation = "source-over";
  }

  return {
    /** Shows `picture` at `view`: by moving the last bitmap if that is enough, else by painting. */
    draw(size: { w: number; h: number }, view: View, picture: WirePicture) {
      const last = painted;
      if (last && last.picture === picture && last.w === size.w && last.h === size.h && last.view.k === view.k) {
        const dx = view.x - last.view.x;
        const dy = view.y - last.view.y;
        if (Math.abs(dx) <= PAN_MARGIN && Math.abs(dy) <= PAN_MARGIN) {
          canvas.style.transform = `translate(${dx - PAN_MARGIN}px, ${dy - PAN_MARGIN}px)`;
          return;
        }
      }
      paint(size, view, picture);
      canvas.style.transform = `translate(${-PAN_MARGIN}px, ${-PAN_MARGIN}px)`;
      painted = { view, w: size.w, h: size.h, picture };
    },
  };
}
