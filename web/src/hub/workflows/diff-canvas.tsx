import { createEffect, For, on, onCleanup, onMount, Show } from "solid-js";
import { CanvasGrid } from "../../canvas/canvas-grid";
import { NODE_W, nodeHeight } from "../../canvas/geometry";
import { createViewport } from "../../canvas/viewport";
import { type DiffPicture, moveLine } from "./diff-picture";
import { DiffTool } from "./diff-tool";
import { DiffWires } from "./diff-wires";
import { wireName } from "./revision-diff";
import "../../canvas/canvas.css";
import "../../canvas/tool-groups.css";
import "./diff-canvas.css";

/** How far (screen pixels) an arrow key pans the view. */
const PAN_STEP = 60;

/**
 * Two revisions of a workflow drawn as one, read-only, with the designer's geometry (node
 * sizes, sockets, wire curves) and look (its tool nodes' styles): each tool and wire marked
 * with its kind of change in colour and in words (a badge on tools, a + or − on wires,
 * removed wires dashed), `data-diff` on each for tests. Pan by dragging or the arrow keys,
 * zoom with the wheel or the buttons. Wires are SVG in the zoomed world, not the designer's
 * painted canvas: a diff is looked at, not dragged about, and its wires are then elements a
 * test (and a screen reader's list) can find.
 */
export function DiffCanvas(props: {
  picture: DiffPicture;
  selected: string | undefined;
  onSelect(id: string): void;
  /** What the canvas shows, for screen readers ("Revision 1 against revision 2"). */
  label: string;
}) {
  const viewport = createViewport();
  let el!: HTMLElement;
  let drag: { x: number; y: number; id: number } | undefined;

  const fit = () => viewport.fit(props.picture.extent);
  onMount(() => {
    const resize = new ResizeObserver(() => viewport.setSize({ w: el.clientWidth, h: el.clientHeight }));
    resize.observe(el);
    const onWheel = (event: WheelEvent) => {
      if ((event.target as Element).closest(".diff-controls")) return;
      event.preventDefault();
      const box = el.getBoundingClientRect();
      const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
      const at = { x: event.clientX - box.left, y: event.clientY - box.top };
      viewport.zoomBy(Math.exp(-event.deltaY * lines * 0.0015), at);
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    onCleanup(() => {
      resize.disconnect();
      el.removeEventListener("wheel", onWheel);
    });
  });
  // Another pair of revisions (or the first size known): show all of it.
  createEffect(on([() => props.picture, viewport.size], fit));

  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0 || (event.target as Element).closest("button")) return;
    drag = { x: event.clientX, y: event.clientY, id: event.pointerId };
    el.setPointerCapture(event.pointerId);
    el.classList.add("panning");
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag || drag.id !== event.pointerId) return;
    viewport.panBy(event.clientX - drag.x, event.clientY - drag.y);
    drag = { ...drag, x: event.clientX, y: event.clientY };
  };
  const endDrag = () => {
    drag = undefined;
    el.classList.remove("panning");
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== el) return;
    const step: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const move = step[event.key];
    if (!move) return;
    event.preventDefault();
    viewport.panBy(move[0], move[1]);
  };
  // A tool reached with Tab is brought into view.
  const onFocusIn = (event: FocusEvent) => {
    const id = (event.target as HTMLElement).closest<HTMLElement>(".diff-tool")?.dataset.tool;
    const tool = id && props.picture.tools.find((t) => t.node.id === id);
    if (!tool) return;
    viewport.reveal({ ...tool.node.position, w: NODE_W, h: nodeHeight(tool.node.type) });
  };

  return (
    <section
      ref={el}
      class="canvas diff-canvas"
      data-testid="diff-canvas"
      aria-label={props.label}
      aria-describedby="diff-canvas-help"
      tabindex="0"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      onFocusIn={onFocusIn}
    >
      <CanvasGrid view={viewport.view()} />
      <div
        class="canvas-world"
        style={{
          transform: `translate(${viewport.view().x}px, ${viewport.view().y}px) scale(${viewport.view().k})`,
        }}
      >
        <DiffWires wires={props.picture.wires} moves={props.picture.tools.flatMap((t) => moveLine(t) ?? [])} />
        <For each={props.picture.tools.filter((t) => t.ghost)}>
          {(tool) => (
            <div
              class="diff-ghost"
              data-ghost={tool.node.id}
              style={{
                transform: `translate(${tool.ghost?.x}px, ${tool.ghost?.y}px)`,
                width: `${NODE_W}px`,
                height: `${nodeHeight(tool.node.type)}px`,
              }}
              aria-hidden="true"
            >
              {tool.node.id} was here
            </div>
          )}
        </For>
        <For each={props.picture.tools}>
          {(tool) => (
            <DiffTool
              tool={tool}
              selected={props.selected === tool.node.id}
              onSelect={() => props.onSelect(tool.node.id)}
            />
          )}
        </For>
      </div>
      <Show when={props.picture.tools.length === 0}>
        <p class="canvas-empty" data-testid="diff-canvas-empty">
          Neither revision has any tools.
        </p>
      </Show>
      {/* The wires are drawn for the eye; screen readers get them as a list. */}
      <ul class="visually-hidden" aria-label="Wires added and removed">
        <For each={props.picture.wires.filter((w) => w.diff.kind !== "same")}>
          {(w) => (
            <li>
              {w.diff.kind === "added" ? "Wire added" : "Wire removed"}: {wireName(w.diff.ends)}
            </li>
          )}
        </For>
      </ul>
      <p id="diff-canvas-help" class="visually-hidden">
        Tab to a tool and press Enter to see its settings before and after; arrow keys pan the view.
      </p>
      <div class="diff-controls" role="toolbar" aria-label="View">
        <button type="button" title="Zoom out" aria-label="Zoom out" onClick={() => viewport.zoomBy(1 / 1.2)}>
          −
        </button>
        <span class="zoom-level" aria-live="polite">
          {Math.round(viewport.view().k * 100)}%
        </span>
        <button type="button" title="Zoom in" aria-label="Zoom in" onClick={() => viewport.zoomBy(1.2)}>
          +
        </button>
        <button type="button" title="Show every tool" data-testid="diff-fit" onClick={fit}>
          Fit
        </button>
      </div>
    </section>
  );
}
