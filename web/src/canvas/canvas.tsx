import { createEffect, createMemo, createSignal, For, on, onCleanup, onMount, Show } from "solid-js";
import { toolDef } from "../model/tools";
import type { Position, ToolNode } from "../model/workflow";
import { page } from "../pages/route";
import { onAddToolRequest, TOOL_DRAG_TYPE } from "../palette/add-tool";
import { useEditor } from "../state/editor";
import { CanvasControls } from "./canvas-controls";
import { CanvasGrid } from "./canvas-grid";
import { createToolClipboard } from "./clipboard";
import { createFrameTask } from "./frame";
import { NODE_W, nodeHeight, type Rect } from "./geometry";
import { createGestures } from "./gestures";
import { tidyLayout } from "./layout";
import { placeNewTool } from "./place-tool";
import { SelectionBox } from "./selection-box";
import { handleCanvasKey } from "./shortcuts";
import { ToolNodeView } from "./tool-node";
import { createViewport } from "./viewport";
import { createWireCurves, wireAt } from "./wire-curves";
import { WireLabels } from "./wire-labels";
import { WireLayer, WireList } from "./wires";
import { createWiring } from "./wiring";
import "./canvas.css";
import "./tool-groups.css";

/** How far from a wire (screen pixels) a press or hover still picks it. */
const WIRE_HIT_PX = 7;

/**
 * The workflow drawn as tools and wires (issue 8): pan and zoom by one CSS transform on the
 * world layer, tools placed by their own transforms, wires painted on a screen-sized canvas
 * over it with the tools cut out (wires.tsx). Presses
 * start gestures (gestures.ts), keys act through shortcuts.ts, the palette adds tools by
 * drag and drop or by request (palette/add-tool.ts).
 */
export function Canvas() {
  const editor = useEditor();
  const viewport = createViewport();
  const wiring = createWiring(editor);
  const [box, setBox] = createSignal<Rect>();
  const [toast, setToast] = createSignal("");
  const [spaceHeld, setSpaceHeld] = createSignal(false);
  const [panning, setPanning] = createSignal(false);
  let el!: HTMLElement;
  let origin = { left: 0, top: 0 };
  let toastTimer: ReturnType<typeof setTimeout> | undefined;

  const toolById = createMemo(() => new Map(editor.state.doc.tools.map((t): [string, ToolNode] => [t.id, t])));
  const selected = createMemo(() => new Set(editor.state.selection));
  const wires = createWireCurves(() => editor.state.doc.wires, toolById);
  const [hoveredWire, setHoveredWire] = createSignal<string>();
  /** The wire under a screen point of the canvas, picked within a few pixels whatever the zoom. */
  const wireUnder = (p: Position) => wireAt(wires(), viewport.toWorld(p), WIRE_HIT_PX / viewport.view().k);
  const local = (p: { clientX: number; clientY: number }): Position => ({
    x: p.clientX - origin.left,
    y: p.clientY - origin.top,
  });
  /** Shows a short message over the canvas (and tells screen readers); "" clears it. */
  const say = (message: string) => {
    setToast(message);
    clearTimeout(toastTimer);
    if (message) toastTimer = setTimeout(() => setToast(""), 3500);
  };
  const fit = () => viewport.fit(editor.state.doc.tools);
  const tidy = () => {
    editor.placeTools(tidyLayout(editor.state.doc.tools, editor.state.doc.wires));
    requestAnimationFrame(fit);
  };

  const gestures = createGestures({
    editor,
    viewport,
    wiring,
    wireAt: (p) => wireUnder(p),
    el: () => el,
    local,
    say,
    setBox,
    setPanning,
  });
  // Keys and the clipboard act on the canvas only while it shows (no page over the designer).
  const forCanvas = (target: EventTarget | null) =>
    !page() && (target === document.body || el.contains(target as Node));
  const clipboard = createToolClipboard(editor, forCanvas);

  /** Adds a tool centred on a world point, stepping aside from a tool already there. */
  const addAt = (type: string, centre: Position) => {
    let p = { x: Math.round(centre.x - NODE_W / 2), y: Math.round(centre.y - nodeHeight(type) / 2) };
    const taken = (q: Position) =>
      editor.state.doc.tools.some((t) => Math.abs(t.position.x - q.x) < 12 && Math.abs(t.position.y - q.y) < 12);
    while (taken(p)) p = { x: p.x + 32, y: p.y + 32 };
    const id = editor.addTool(type, p);
    say(`Added ${toolDef(type)?.label ?? type} (${id})`);
    return id;
  };

  /**
   * Adds a tool asked for from the palette: beside the one selected tool (wired to it when
   * that is unambiguous), or in free space in the middle of the view (place-tool.ts).
   */
  const addBeside = (type: string) => {
    const { selection } = editor.state;
    const selectedTool = selection.length === 1 ? toolById().get(selection[0] as string) : undefined;
    const { tools, wires } = editor.state.doc;
    const placed = placeNewTool(tools, wires, selectedTool, type, viewport.centre());
    const id = editor.addTool(type, placed.position);
    if (placed.wire) editor.connect({ ...placed.wire, target: id });
    viewport.reveal({ ...placed.position, w: NODE_W, h: nodeHeight(type) });
    say(`Added ${toolDef(type)?.label ?? type} (${id})${placed.wire ? `, wired from ${placed.wire.source}` : ""}`);
  };

  // The wire under a resting pointer is highlighted (once per frame; not during a gesture).
  let hoverAt: PointerEvent | undefined;
  const trackHover = createFrameTask(() => {
    const event = hoverAt;
    const free = event && event.buttons === 0 && !(event.target as Element).closest(".tool-node, .canvas-controls");
    setHoveredWire(free ? wireUnder(local(event)) : undefined);
  });

  const focusedTool = () =>
    (document.activeElement as HTMLElement | null)?.closest<HTMLElement>(".tool-node")?.dataset.tool;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (!forCanvas(target) || target.closest(".canvas-controls")) return;
    if (event.key === " " && !target.closest("button")) {
      setSpaceHeld(true);
      event.preventDefault();
      return;
    }
    const used = handleCanvasKey(event, {
      editor,
      fit,
      zoomBy: (factor) => viewport.zoomBy(factor),
      zoomReset: () => viewport.zoomTo(1),
      panBy: viewport.panBy,
      abandon: gestures.abandon,
      copyKey: clipboard.copyKey,
      pasteKey: clipboard.pasteKey,
      duplicate: clipboard.duplicate,
      afterDelete: () => {
        if (!el.contains(document.activeElement)) el.focus({ preventScroll: true });
      },
    });
    if (used) event.preventDefault();
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (event.key === " ") setSpaceHeld(false);
  };
  const onBlur = () => setSpaceHeld(false);

  const onPointerDown = (event: PointerEvent) => {
    const target = event.target as Element;
    if (event.button === 2 || target.closest(".canvas-controls")) return;
    origin = el.getBoundingClientRect();
    event.preventDefault();
    const node = target.closest<HTMLElement>(".tool-node");
    (target.closest<HTMLElement>("button.socket") ?? node ?? el).focus({ preventScroll: true });
    gestures.down(event, { pan: event.button === 1 || spaceHeld() });
  };

  const onWheel = (event: WheelEvent) => {
    if ((event.target as Element).closest(".canvas-controls")) return;
    event.preventDefault();
    origin = el.getBoundingClientRect();
    const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
    viewport.zoomBy(Math.exp(-event.deltaY * lines * 0.0015), local(event));
  };

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer?.types.includes(TOOL_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  };
  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer?.getData(TOOL_DRAG_TYPE);
    if (!type) return;
    event.preventDefault();
    origin = el.getBoundingClientRect();
    addAt(type, viewport.toWorld(local(event)));
    el.focus({ preventScroll: true });
  };

  // A node reached with Tab is brought into view (the canvas itself never scrolls).
  const onFocusIn = (event: FocusEvent) => {
    const node = (event.target as HTMLElement).closest<HTMLElement>(".tool-node");
    const tool = node?.dataset.tool && toolById().get(node.dataset.tool);
    if (!tool || !node?.matches(":focus-visible, :has(:focus-visible)")) return;
    viewport.reveal({ x: tool.position.x, y: tool.position.y, w: NODE_W, h: nodeHeight(tool.type) });
  };

  onMount(() => {
    const resize = new ResizeObserver(() => {
      origin = el.getBoundingClientRect();
      viewport.setSize({ w: el.clientWidth, h: el.clientHeight });
    });
    resize.observe(el);
    el.addEventListener("wheel", onWheel, { passive: false });
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("keyup", onKeyUp);
    window.addEventListener("blur", onBlur);
    const detachClipboard = clipboard.attach();
    const stopRequests = onAddToolRequest(addBeside);
    onCleanup(() => {
      resize.disconnect();
      el.removeEventListener("wheel", onWheel);
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("keyup", onKeyUp);
      window.removeEventListener("blur", onBlur);
      detachClipboard();
      stopRequests();
      clearTimeout(toastTimer);
    });
  });

  // The keyboard focus follows the selection (a paste or a duplicate selects the copies), so
  // the keys act on the tools that show as selected, never on another one still focused.
  createEffect(
    on(
      () => [...editor.state.selection],
      (ids) => {
        const focused = focusedTool();
        if (focused === undefined || ids.includes(focused)) return;
        const last = ids[ids.length - 1];
        const node = last && el.querySelector<HTMLElement>(`.tool-node[data-tool="${CSS.escape(last)}"]`);
        (node || el).focus({ preventScroll: true });
      },
      { defer: true },
    ),
  );

  // Another workflow opened: show all of it.
  createEffect(
    on(
      () => editor.state.doc.meta.workflow_id,
      () => requestAnimationFrame(fit),
    ),
  );

  return (
    <section
      ref={el}
      class="area canvas"
      classList={{
        "space-pan": spaceHeld(),
        panning: panning(),
        wiring: !!wiring.from(),
        "over-wire": !!hoveredWire(),
      }}
      data-testid="canvas"
      aria-label="Canvas"
      aria-describedby="canvas-help"
      tabindex="0"
      onPointerDown={onPointerDown}
      onPointerMove={(event) => {
        gestures.hover(event);
        hoverAt = event;
        trackHover.schedule();
      }}
      onPointerLeave={() => {
        trackHover.cancel();
        setHoveredWire(undefined);
      }}
      onMouseDown={(event) => {
        // No text selection from a press on the canvas (focus is given by onPointerDown).
        if (!(event.target as Element).closest(".canvas-controls")) event.preventDefault();
      }}
      onDragOver={onDragOver}
      onDrop={onDrop}
      onFocusIn={onFocusIn}
      onScroll={() => {
        el.scrollTop = 0;
        el.scrollLeft = 0;
      }}
      onContextMenu={(event) => event.preventDefault()}
    >
      <CanvasGrid view={viewport.view()} />
      <div
        class="canvas-world"
        style={{
          transform: `translate(${viewport.view().x}px, ${viewport.view().y}px) scale(${viewport.view().k})`,
        }}
      >
        <For each={editor.state.doc.tools}>
          {(tool) => (
            <ToolNodeView
              tool={tool}
              selected={selected().has(tool.id)}
              wiring={wiring}
              onSocketKey={gestures.socketKey}
              onSelectKey={(id, add) => (add ? editor.toggleSelected(id) : editor.select([id]))}
            />
          )}
        </For>
      </div>
      <WireLayer
        wires={wires}
        tools={toolById}
        wiring={wiring}
        view={viewport.view}
        size={viewport.size}
        hovered={hoveredWire}
      />
      <WireLabels wires={wires} view={viewport.view} />
      <WireList tools={toolById} wires={wires} reveal={(r) => viewport.reveal(r)} />
      <SelectionBox rect={box()} />
      <Show when={editor.state.doc.tools.length === 0}>
        <p class="canvas-empty" data-testid="canvas-empty">
          Drag a tool here from the palette, or press Enter on one.
        </p>
      </Show>
      <p id="canvas-help" class="visually-hidden">
        Tab to a tool and press Enter to select it; Delete removes, arrows move, Ctrl+C and Ctrl+V copy and paste. The
        Keys button lists every shortcut.
      </p>
      <div class="canvas-toast" role="status" aria-live="polite" data-testid="canvas-toast">
        <Show when={toast()}>
          <span>{toast()}</span>
        </Show>
      </div>
      <CanvasControls
        zoom={viewport.view().k}
        onZoomIn={() => viewport.zoomBy(1.2)}
        onZoomOut={() => viewport.zoomBy(1 / 1.2)}
        onZoomReset={() => viewport.zoomTo(1)}
        onFit={fit}
        onTidy={tidy}
      />
    </section>
  );
}
