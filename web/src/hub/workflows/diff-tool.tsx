import { For, Show } from "solid-js";
import { NODE_W, nodeHeight, socketOffset, socketsOf } from "../../canvas/geometry";
import type { SocketDef } from "../../model/tools";
import { toolDef } from "../../model/tools";
import type { DrawnTool } from "./diff-picture";
import type { ToolDiff } from "./revision-diff";

/** A tool's change in words: its badge on the canvas, with an icon that is not only colour. */
export function changeWords(tool: ToolDiff): { icon: string; text: string } | undefined {
  switch (tool.kind) {
    case "added":
      return { icon: "+", text: "Added" };
    case "removed":
      return { icon: "−", text: "Removed" };
    case "changed":
      return { icon: "✎", text: tool.moved ? "Changed, moved" : "Changed" };
    case "moved":
      return { icon: "↔", text: "Moved" };
    default:
      return undefined;
  }
}

/**
 * One tool of a diff: the designer's tool node look (glyph, label, id, sockets), read-only,
 * as a button that shows its settings before and after. Marked by kind: `data-diff`, a border
 * of the kind's colour, and a badge saying it.
 */
export function DiffTool(props: { tool: DrawnTool; selected: boolean; onSelect(): void }) {
  const node = () => props.tool.node;
  const def = () => toolDef(node().type);
  const height = () => nodeHeight(node().type);
  const sockets = () => socketsOf(node().type);
  const label = () => node().label || def()?.label || node().type;
  const words = () => changeWords(props.tool.diff);
  return (
    <button
      type="button"
      class={`tool-node diff-tool diff-${props.tool.diff.kind}`}
      classList={{ selected: props.selected, unknown: !def() }}
      style={{
        transform: `translate(${node().position.x}px, ${node().position.y}px)`,
        width: `${NODE_W}px`,
        height: `${height()}px`,
      }}
      data-tool={node().id}
      data-group={def()?.group}
      data-diff={props.tool.diff.kind === "same" ? undefined : props.tool.diff.kind}
      data-testid={`diff-tool-${node().id}`}
      aria-pressed={props.selected}
      aria-label={`${label()} (${node().id})${words() ? `, ${words()?.text.toLowerCase()}` : ", unchanged"}`}
      onClick={() => props.onSelect()}
    >
      <span class="tool-glyph" aria-hidden="true">
        {def()?.glyph ?? "?"}
      </span>
      <span class="tool-text">
        <span class="tool-label" title={label()}>
          {label()}
        </span>
        <span class="tool-id">{node().id}</span>
      </span>
      <Show when={words()}>
        {(w) => (
          <span class="diff-badge" aria-hidden="true">
            <span class="diff-badge-icon">{w().icon}</span> {w().text}
          </span>
        )}
      </Show>
      <SocketMarks sockets={sockets().inputs} side="in" height={height()} />
      <SocketMarks sockets={sockets().outputs} side="out" height={height()} />
    </button>
  );
}

/** A side's sockets as the designer draws them (decorative here: a diff is not wired). */
function SocketMarks(props: { sockets: readonly SocketDef[]; side: "in" | "out"; height: number }) {
  const top = (i: number) => `${socketOffset(i, props.sockets.length, props.height)}px`;
  return (
    <For each={props.sockets}>
      {(socket, i) => (
        <>
          <span class={`diff-socket socket-${props.side}`} style={{ top: top(i()) }} />
          <Show when={socket.label}>
            <span class={`socket-label socket-label-${props.side}`} style={{ top: top(i()) }}>
              {socket.label}
            </span>
          </Show>
        </>
      )}
    </For>
  );
}
