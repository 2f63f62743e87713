import { type Accessor, createMemo, For } from "solid-js";
import { formatNumber } from "../results/profile-format";
import { useEditor } from "../state/editor";
import { useLive } from "../state/live";
import { pointOn } from "./geometry";
import type { View } from "./viewport";
import type { PlacedWire } from "./wire-curves";

/**
 * Each wire's row count from the last run (the rows of its source socket), in a label at the
 * middle of the wire, as Alteryx shows record counts on its connections. Only counted wires
 * get one, so an unrun workflow adds nothing to a pan frame; the layer moves with the view by
 * one transform, as the world does. A count goes when the wire's source is edited upstream
 * (Live.socketRows is keyed by lineage).
 */
export function WireLabels(props: { wires: Accessor<PlacedWire[]>; view: Accessor<View> }) {
  const editor = useEditor();
  const live = useLive();
  const labels = createMemo(() => {
    const curves = new Map(props.wires().map((w) => [w.id, w.curve]));
    return editor.state.doc.wires.flatMap((wire) => {
      const rows = live.socketRows(wire.source, wire.source_socket);
      const curve = curves.get(wire.id);
      return rows === undefined || !curve ? [] : [{ id: wire.id, at: pointOn(curve, 0.5), rows }];
    });
  });
  return (
    <div
      class="canvas-wire-labels"
      style={{ transform: `translate(${props.view().x}px, ${props.view().y}px) scale(${props.view().k})` }}
    >
      <For each={labels()}>
        {(label) => (
          <span
            class="wire-rows"
            data-testid={`wire-rows-${label.id}`}
            style={{ transform: `translate(${label.at.x}px, ${label.at.y}px) translate(-50%, -50%)` }}
          >
            {formatNumber(label.rows)}
          </span>
        )}
      </For>
    </div>
  );
}
