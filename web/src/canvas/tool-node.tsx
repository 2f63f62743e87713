import { For, Show } from "solid-js";
import { type SocketDef, toolDef } from "../model/tools";
import type { ToolNode } from "../model/workflow";
import { useLive } from "../state/live";
import { NODE_W, nodeHeight, socketName, socketOffset, socketsOf } from "./geometry";
import { describeStatus, StatusBadge } from "./status-badge";
import { type SocketRef, sameSocket, type Wiring } from "./wiring";

/** Past these lengths a label or id may not fit and is clipped with an ellipsis (clipping every one costs frames). */
const LONG_LABEL = 15;
const LONG_ID = 18;

export interface ToolNodeProps {
  tool: ToolNode;
  selected: boolean;
  wiring: Wiring;
  /** Enter or Space on a socket (keyboard wiring). */
  onSocketKey(socket: SocketRef): void;
  /** Enter on the tool: select it (`add`: Shift held). */
  onSelectKey(id: string, add: boolean): void;
}

/**
 * One tool on the canvas: glyph, label and id, its status badge and row count, inputs on
 * the left and outputs on the right. Placed by a CSS transform in world coordinates, with a
 * fixed size (geometry.ts) so nothing is measured while dragging.
 */
export function ToolNodeView(props: ToolNodeProps) {
  const id = props.tool.id;
  const type = props.tool.type;
  const def = toolDef(type);
  const height = nodeHeight(type);
  const { inputs, outputs } = socketsOf(type);
  const label = () => props.tool.label || def?.label || type;
  const live = useLive();
  const statusText = () => describeStatus(live.status(id));
  return (
    // biome-ignore lint/a11y/useSemanticElements: a tool is a focusable group of sockets, not a form's fieldset
    <div
      class="tool-node"
      classList={{ selected: props.selected, unknown: !def }}
      style={{
        transform: `translate(${props.tool.position.x}px, ${props.tool.position.y}px)`,
        width: `${NODE_W}px`,
        height: `${height}px`,
      }}
      data-tool={id}
      data-group={def?.group}
      data-testid={`tool-${id}`}
      role="group"
      aria-roledescription="tool"
      aria-label={`${label()} (${id})${props.selected ? ", selected" : ""}`}
      aria-description={statusText()}
      tabindex="0"
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        // Enter only (Space held is the canvas's pan key; Ctrl+Enter runs the workflow).
        if (event.key === "Enter" && !event.ctrlKey && !event.metaKey && !event.altKey) {
          event.preventDefault();
          props.onSelectKey(id, event.shiftKey);
        }
      }}
    >
      <span class="tool-glyph" aria-hidden="true">
        {def?.glyph ?? "?"}
      </span>
      <span class="tool-text">
        <span class="tool-label" classList={{ long: label().length > LONG_LABEL }} title={label()}>
          {label()}
        </span>
        <span class="tool-id" classList={{ long: id.length > LONG_ID }}>
          {id}
        </span>
      </span>
      <StatusBadge toolId={id} />
      <For each={inputs}>
        {(socket, i) => <Socket {...props} socket={socket} side="in" top={socketOffset(i(), inputs.length, height)} />}
      </For>
      <For each={outputs}>
        {(socket, i) => (
          <Socket {...props} socket={socket} side="out" top={socketOffset(i(), outputs.length, height)} />
        )}
      </For>
    </div>
  );
}

function Socket(props: ToolNodeProps & { socket: SocketDef; side: "in" | "out"; top: number }) {
  const ref: SocketRef = { tool: props.tool.id, socket: props.socket.id, side: props.side };
  const name = socketName(props.socket);
  const kind = props.side === "in" ? "Input" : "Output";
  const wiring = () => props.wiring.from();
  return (
    <>
      <button
        type="button"
        class={`socket socket-${props.side}`}
        classList={{
          armed: sameSocket(wiring(), ref),
          candidate: !!wiring() && props.wiring.accepts(ref),
          hover: sameSocket(props.wiring.hover(), ref),
        }}
        style={{ top: `${props.top}px` }}
        data-tool={ref.tool}
        data-socket={ref.socket}
        data-side={ref.side}
        data-testid={`socket-${ref.tool}-${ref.socket}`}
        title={name ? `${name} (${kind.toLowerCase()})` : kind}
        aria-label={`${kind}${name ? ` ${name}` : ""} of ${ref.tool}`}
        aria-pressed={sameSocket(wiring(), ref)}
        tabindex={props.selected ? 0 : -1}
        onKeyDown={(event) => {
          if ((event.key !== "Enter" && event.key !== " ") || event.ctrlKey || event.metaKey) return;
          event.preventDefault();
          event.stopPropagation();
          props.onSocketKey(ref);
        }}
      />
      <Show when={props.socket.label}>
        <span
          class={`socket-label socket-label-${props.side}`}
          style={{ top: `${props.top}px` }}
          data-tool={ref.tool}
          data-socket={ref.socket}
          data-side={ref.side}
          title={name}
          aria-hidden="true"
        >
          {props.socket.label}
        </span>
      </Show>
    </>
  );
}
