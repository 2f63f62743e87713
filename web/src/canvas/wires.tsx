import { createMemo, For, Show } from "solid-js";
import type { ToolNode, Wire } from "../model/workflow";
import { useEditor } from "../state/editor";
import { socketName, socketPoint, socketsOf, wirePath } from "./geometry";
import type { Wiring } from "./wiring";

type ToolLookup = () => Map<string, ToolNode>;

/**
 * The wires under the tools: one SVG in world coordinates. Each wire's path is a memo of
 * its two ends' positions, so moving a tool redraws only the wires it holds.
 */
export function WireLayer(props: { tools: ToolLookup; wiring: Wiring }) {
  const editor = useEditor();
  return (
    <svg class="canvas-wires" width="1" height="1" aria-hidden="true">
      <For each={editor.state.doc.wires}>
        {(wire) => <WireView wire={wire} tools={props.tools} selected={editor.state.selectedWire === wire.id} />}
      </For>
      <PendingWire tools={props.tools} wiring={props.wiring} />
    </svg>
  );
}

function socketTitle(type: string | undefined, socketId: string, side: "in" | "out"): string {
  const sockets = socketsOf(type ?? "")[side === "in" ? "inputs" : "outputs"];
  const socket = sockets.find((s) => s.id === socketId);
  return socket && socketName(socket) ? ` ${socketName(socket)}` : "";
}

function WireView(props: { wire: Wire; tools: ToolLookup; selected: boolean }) {
  const path = createMemo(() => {
    const source = props.tools().get(props.wire.source);
    const target = props.tools().get(props.wire.target);
    if (!source || !target) return "";
    return wirePath(
      socketPoint(source, props.wire.source_socket, "out"),
      socketPoint(target, props.wire.target_socket, "in"),
    );
  });
  const title = () => {
    const { source, source_socket, target, target_socket } = props.wire;
    const tools = props.tools();
    return `${source}${socketTitle(tools.get(source)?.type, source_socket, "out")} → ${target}${socketTitle(
      tools.get(target)?.type,
      target_socket,
      "in",
    )}`;
  };
  return (
    <g
      class="wire"
      classList={{ selected: props.selected }}
      data-wire={props.wire.id}
      data-testid={`wire-${props.wire.id}`}
    >
      <title>{title()}</title>
      <path class="wire-hit" d={path()} />
      <path class="wire-line" d={path()} />
    </g>
  );
}

function PendingWire(props: { tools: ToolLookup; wiring: Wiring }) {
  const path = createMemo(() => {
    const start = props.wiring.from();
    if (!start) return "";
    const tool = props.tools().get(start.tool);
    if (!tool) return "";
    const hover = props.wiring.hover();
    const hoverTool = hover && props.tools().get(hover.tool);
    const end = hover && hoverTool ? socketPoint(hoverTool, hover.socket, hover.side) : props.wiring.pointer();
    const at = socketPoint(tool, start.socket, start.side);
    return start.side === "out" ? wirePath(at, end) : wirePath(end, at);
  });
  return (
    <Show when={path()}>
      <path
        class="wire-pending"
        classList={{ snapped: !!props.wiring.hover() }}
        d={path()}
        data-testid="wire-pending"
      />
    </Show>
  );
}
