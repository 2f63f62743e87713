import { createMemo } from "solid-js";
import type { View } from "./viewport";

/** The grid's step in world units; on screen it is multiplied by 5 until at least 10 px. */
const GRID = 20;

/**
 * The dotted grid behind the canvas: a layer one gap larger than the view on each side,
 * moved by a transform within one gap, so a pan only moves it (nothing is painted again;
 * a zoom changes the gap and paints it once).
 */
export function CanvasGrid(props: { view: View }) {
  const gap = createMemo(() => {
    let step = GRID * props.view.k;
    while (step < 10) step *= 5;
    return step;
  });
  const style = () => {
    const g = gap();
    const offset = (v: number) => ((v % g) + g) % g;
    return {
      inset: `-${g}px`,
      "background-size": `${g}px ${g}px`,
      transform: `translate(${offset(props.view.x)}px, ${offset(props.view.y)}px)`,
    };
  };
  return <div class="canvas-grid" style={style()} />;
}
