import { For } from "solid-js";
import { SHORTCUTS } from "./shortcuts";

export interface CanvasControlsProps {
  zoom: number;
  onZoomIn(): void;
  onZoomOut(): void;
  onZoomReset(): void;
  onFit(): void;
  onTidy(): void;
}

/** The buttons over the canvas: zoom, fit to view, tidy layout and the list of keys. */
export function CanvasControls(props: CanvasControlsProps) {
  return (
    <div class="canvas-controls" role="toolbar" aria-label="Canvas view">
      <button
        type="button"
        onClick={props.onZoomOut}
        aria-label="Zoom out"
        title="Zoom out (−)"
        data-testid="canvas-zoom-out"
      >
        −
      </button>
      <button
        type="button"
        class="zoom-level"
        onClick={props.onZoomReset}
        aria-label={`Zoom ${Math.round(props.zoom * 100)} %, reset to 100 %`}
        title="Zoom to 100 % (1)"
        data-testid="canvas-zoom-reset"
      >
        {Math.round(props.zoom * 100)}%
      </button>
      <button
        type="button"
        onClick={props.onZoomIn}
        aria-label="Zoom in"
        title="Zoom in (+)"
        data-testid="canvas-zoom-in"
      >
        +
      </button>
      <button
        type="button"
        onClick={props.onFit}
        aria-label="Fit to view"
        title="Fit to view (F)"
        data-testid="canvas-fit"
      >
        ⤢
      </button>
      <button
        type="button"
        onClick={props.onTidy}
        aria-label="Tidy layout"
        title="Tidy layout: columns by depth along wires"
        data-testid="canvas-tidy"
      >
        ⊹ Tidy
      </button>
      <details class="canvas-keys">
        <summary aria-label="Keyboard shortcuts" title="Keyboard shortcuts" data-testid="canvas-keys">
          ⌨
        </summary>
        <dl>
          <For each={SHORTCUTS}>
            {([keys, what]) => (
              <>
                <dt>{keys}</dt>
                <dd>{what}</dd>
              </>
            )}
          </For>
        </dl>
      </details>
    </div>
  );
}
