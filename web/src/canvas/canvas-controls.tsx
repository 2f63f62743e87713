import { For, onCleanup, onMount } from "solid-js";
import { placePopover } from "./popover-place";
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
  let keys: HTMLDetailsElement | undefined;
  let list: HTMLDListElement | undefined;
  // The list is fixed to the window, not the canvas: the canvas clips what leaves it, and a
  // short canvas (a small window, a tall results pane) has no room above its buttons.
  const placeKeys = () => {
    const button = keys?.querySelector("summary");
    if (!keys?.open || !list || !button) {
      list?.removeAttribute("data-placed");
      return;
    }
    list.style.maxHeight = "";
    const at = placePopover(
      button.getBoundingClientRect(),
      { width: list.offsetWidth, height: list.scrollHeight },
      { width: window.innerWidth, height: window.innerHeight },
    );
    Object.assign(list.style, { left: `${at.left}px`, top: `${at.top}px`, maxHeight: `${at.maxHeight}px` });
    list.setAttribute("data-placed", "");
  };
  onMount(() => window.addEventListener("resize", placeKeys));
  onCleanup(() => window.removeEventListener("resize", placeKeys));
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
      <details class="canvas-keys" ref={keys} onToggle={placeKeys}>
        <summary aria-label="Keyboard shortcuts" title="Keyboard shortcuts" data-testid="canvas-keys">
          ⌨
        </summary>
        <dl ref={list} data-testid="canvas-keys-list">
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
