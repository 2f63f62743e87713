import { For } from "solid-js";
import type { Position } from "../../model/workflow";
import { curvePath, type DrawnWire } from "./diff-picture";
import { wireName } from "./revision-diff";

/** What an added or removed wire's mark says, and what a screen reader hears of it. */
const WIRE_MARK = { added: "+", removed: "−" } as const;
const WIRE_WORDS = { added: "Wire added", removed: "Wire removed", same: "Wire" } as const;

/**
 * The wires of a diff as SVG in the world's units, behind the tools: unchanged ones thin and
 * muted, added ones solid and thick, removed ones dashed, each of the last two with a + or −
 * mark half-way (colour is never the only sign). A moved tool's old place is joined to its
 * new one by a dotted arrow.
 */
export function DiffWires(props: { wires: DrawnWire[]; moves: { from: Position; to: Position }[] }) {
  return (
    <svg class="diff-wires" width="1" height="1" aria-hidden="true">
      <defs>
        <marker
          id="diff-move-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" class="diff-move-head" />
        </marker>
      </defs>
      <For each={props.moves}>
        {(line) => (
          <line
            class="diff-move-line"
            x1={line.from.x}
            y1={line.from.y}
            x2={line.to.x}
            y2={line.to.y}
            marker-end="url(#diff-move-arrow)"
          />
        )}
      </For>
      <For each={props.wires}>
        {(wire) => (
          <g
            class={`diff-wire diff-wire-${wire.diff.kind}`}
            data-diff={wire.diff.kind === "same" ? undefined : wire.diff.kind}
            data-wire={wire.diff.key}
          >
            <title>{`${WIRE_WORDS[wire.diff.kind]}: ${wireName(wire.diff.ends)}`}</title>
            <path d={curvePath(wire.curve)} />
          </g>
        )}
      </For>
      {/* The marks over every wire (a rewire's two wires run close: neither hides the other's mark). */}
      <For each={props.wires.filter((wire) => wire.diff.kind !== "same")}>
        {(wire) => (
          <g class={`diff-wire-mark diff-mark-${wire.diff.kind}`} transform={`translate(${wire.mid.x} ${wire.mid.y})`}>
            <circle r="9" />
            <text text-anchor="middle" dominant-baseline="central">
              {WIRE_MARK[wire.diff.kind as "added" | "removed"]}
            </text>
          </g>
        )}
      </For>
    </svg>
  );
}
