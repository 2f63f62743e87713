import { type Accessor, createEffect, createMemo, createSignal, For, onCleanup, onMount } from "solid-js";
import type { ToolNode, Wire } from "../model/workflow";
import { useEditor } from "../state/editor";
import { formatRows, useLive } from "../state/live";
import {
  curveBox,
  NODE_W,
  nodeHeight,
  type Rect,
  socketName,
  socketPoint,
  socketsOf,
  type WireCurve,
  wireCurve,
} from "./geometry";
import type { View } from "./viewport";
import type { PlacedWire } from "./wire-curves";
import { createWirePainter, type WirePicture } from "./wire-paint";
import type { Wiring } from "./wiring";

type ToolLookup = () => Map<string, ToolNode>;

/** How far a tool's sockets reach past its sides (canvas.css .socket-in / .socket-out). */
const SOCKET_OVERHANG = 8;

/**
 * A CSS colour as the canvas API takes it (rgb): the variables hold light-dark() and
 * color-mix() expressions that only an element's style resolves.
 */
function resolveColor(beside: Element, value: string): string {
  const probe = document.createElement("span");
  probe.style.display = "none";
  probe.style.color = value;
  beside.after(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

/** Moves whenever the colours may have changed: a theme chosen, or the system's switching. */
function createThemeVersion(): Accessor<number> {
  const [version, setVersion] = createSignal(0);
  const bump = () => setVersion((v) => v + 1);
  const observer = new MutationObserver(bump);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme", "class"] });
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  media.addEventListener("change", bump);
  onCleanup(() => {
    observer.disconnect();
    media.removeEventListener("change", bump);
  });
  return version;
}

/**
 * The wires, painted on one <canvas> the size of the view (wire-paint.ts) that lies over the
 * tools with their boxes cut out, so wires show behind them. Wires as SVG inside the zoomed
 * world made every pan frame re-layerize the world (50-90 ms a frame with 247 wires,
 * scripts/bench/ui-frames.ts); and a canvas under the tools made every drag frame test the
 * tools' paint chunks against it (~4 ms more). Presses find a wire with `wireAt`; each wire
 * also has a visually hidden button (WireList), for the keyboard and screen readers.
 */
export function WireLayer(props: {
  wires: Accessor<PlacedWire[]>;
  tools: ToolLookup;
  wiring: Wiring;
  view: Accessor<View>;
  size: Accessor<{ w: number; h: number }>;
  hovered: Accessor<string | undefined>;
}) {
  const editor = useEditor();
  const themeVersion = createThemeVersion();
  let canvas!: HTMLCanvasElement;

  const pending = createMemo(() => {
    const start = props.wiring.from();
    const tool = start && props.tools().get(start.tool);
    if (!start || !tool) return undefined;
    const hover = props.wiring.hover();
    const hoverTool = hover && props.tools().get(hover.tool);
    const end = hover && hoverTool ? socketPoint(hoverTool, hover.socket, hover.side) : props.wiring.pointer();
    const at = socketPoint(tool, start.socket, start.side);
    return { curve: start.side === "out" ? wireCurve(at, end) : wireCurve(end, at), snapped: !!hover };
  });

  onMount(() => {
    const colors = createMemo(() => {
      themeVersion();
      return {
        wire: resolveColor(canvas, "var(--wire)"),
        hover: resolveColor(canvas, "var(--wire-hover)"),
        selected: resolveColor(canvas, "var(--wire-selected)"),
      };
    });
    // Everything but the view: while only the view changes, the painter may just move its bitmap.
    const picture = createMemo((): WirePicture => {
      const { wire, hover, selected } = colors();
      const selectedId = editor.state.selectedWire;
      const hoveredId = props.hovered();
      const plain: WireCurve[] = [];
      let hoveredCurve: WireCurve | undefined;
      let selectedCurve: WireCurve | undefined;
      for (const w of props.wires()) {
        if (w.id === selectedId) selectedCurve = w.curve;
        else if (w.id === hoveredId) hoveredCurve = w.curve;
        else plain.push(w.curve);
      }
      const extra = pending();
      // Each tool, and its sockets on either side (they overhang the node by up to 8 units).
      const holes = [...props.tools().values()].map((t) => ({
        x: t.position.x - SOCKET_OVERHANG,
        y: t.position.y,
        w: NODE_W + 2 * SOCKET_OVERHANG,
        h: nodeHeight(t.type),
      }));
      const strokes = [
        { curves: plain, color: wire, width: 2, minPx: 1 },
        { curves: hoveredCurve ? [hoveredCurve] : [], color: hover, width: 2, minPx: 1.5 },
        { curves: selectedCurve ? [selectedCurve] : [], color: selected, width: 3.5, minPx: 2 },
        {
          curves: extra ? [extra.curve] : [],
          color: selected,
          width: 2,
          minPx: 1.5,
          dash: extra?.snapped ? [] : [6, 4],
        },
      ];
      return { strokes, holes };
    });
    const painter = createWirePainter(canvas);
    createEffect(() => painter.draw(props.size(), props.view(), picture()));
  });

  return (
    <canvas
      ref={canvas}
      class="canvas-wires"
      data-testid="wire-layer"
      data-pending={pending() ? (pending()?.snapped ? "snapped" : "open") : undefined}
    />
  );
}

function socketTitle(type: string | undefined, socketId: string, side: "in" | "out"): string {
  const sockets = socketsOf(type ?? "")[side === "in" ? "inputs" : "outputs"];
  const socket = sockets.find((s) => s.id === socketId);
  return socket && socketName(socket) ? ` ${socketName(socket)}` : "";
}

/** "filter_1 True → summarize_1": a wire as a person reads it. */
export function wireTitle(wire: Wire, tools: Map<string, ToolNode>): string {
  const { source, source_socket, target, target_socket } = wire;
  return `${source}${socketTitle(tools.get(source)?.type, source_socket, "out")} → ${target}${socketTitle(
    tools.get(target)?.type,
    target_socket,
    "in",
  )}`;
}

/**
 * The wires as buttons, out of sight until one has the keyboard's focus: Tab reaches each
 * wire, Enter selects it (Delete then removes it), and screen readers hear its two ends.
 */
export function WireList(props: { tools: ToolLookup; wires: Accessor<PlacedWire[]>; reveal(box: Rect): void }) {
  const editor = useEditor();
  const curveOf = (id: string) => props.wires().find((w) => w.id === id)?.curve;
  const live = useLive();
  const rowsText = (wire: Wire) => {
    const rows = live.socketRows(wire.source, wire.source_socket);
    return rows === undefined ? "" : `, ${formatRows({ state: "ok", rows, cached: false })}`;
  };
  return (
    <nav class="wire-list" aria-label="Wires">
      <For each={editor.state.doc.wires}>
        {(wire) => (
          <button
            type="button"
            class="wire-button"
            aria-pressed={editor.state.selectedWire === wire.id}
            data-wire={wire.id}
            data-testid={`wire-${wire.id}`}
            onClick={() => editor.selectWire(wire.id)}
            onFocus={(event) => {
              const curve = curveOf(wire.id);
              if (curve && event.currentTarget.matches(":focus-visible")) props.reveal(curveBox(curve));
            }}
          >
            Wire {wireTitle(wire, props.tools())}
            {rowsText(wire)}
          </button>
        )}
      </For>
    </nav>
  );
}
