import { type Accessor, createMemo, For, Show } from "solid-js";
import { formatCount } from "../results/number-format";
import { useEditor } from "../state/editor";
import { useLive } from "../state/live";
import { pointOn } from "./geometry";
import type { View } from "./viewport";
import type { PlacedWire } from "./wire-curves";

/**
 * Each wire's row count from the last run (the rows of its source socket), in a label at the
 * middle of the wire, as Alteryx shows record counts on its connections. Only counted wires
 * get one, so an unrun workflow adds nothing to a pan frame; the layer moves with the view by
 * one transform, as the world does; a drag moves the labels of the wires it bends (one span
 * per wire, kept while its count is). Measured with bench:ui and all 247 wires counted
 * (200 tools): a drag at 100 % costs about 5 ms more main-thread CPU per frame (10 → 15 ms),
 * a pan about 1 ms; zoomed out past LABEL_MIN_ZOOM none are drawn. A count goes when the wire's source is edited
 * upstream (Live.socketRows is keyed by lineage).
 */
/** Below this zoom a label's 11 px would be under 6 px: unreadable, so none are drawn (nor cost a frame). */
const LABEL_MIN_ZOOM = 0.5;

export function WireLabels(props: { wires: Accessor<PlacedWire[]>; view: Accessor<View> }) {
  const editor = useEditor();
  const live = useLive();
  const rowsOf = (wire: { source: string; source_socket: string }) => live.socketRows(wire.source, wire.source_socket);
  const curves = createMemo(() => new Map(props.wires().map((w) => [w.id, w.curve])));
  const readable = createMemo(() => props.view().k >= LABEL_MIN_ZOOM);
  const counted = createMemo(() =>
    readable() ? editor.state.doc.wires.filter((wire) => rowsOf(wire) !== undefined) : [],
  );
  return (
    <div
      class="canvas-wire-labels"
      style={{ transform: `translate(${props.view().x}px, ${props.view().y}px) scale(${props.view().k})` }}
    >
      <For each={counted()}>
        {(wire) => {
          const at = () => {
            const curve = curves().get(wire.id);
            return curve && pointOn(curve, 0.5);
          };
          return (
            <Show when={at()}>
              {(p) => (
                <span
                  class="wire-rows"
                  data-testid={`wire-rows-${wire.id}`}
                  style={{ transform: `translate(${p().x}px, ${p().y}px) translate(-50%, -50%)` }}
                >
                  {formatCount(rowsOf(wire) ?? 0)}
                </span>
              )}
            </Show>
          );
        }}
      </For>
    </div>
  );
}
