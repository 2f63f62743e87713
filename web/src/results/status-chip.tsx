import { Show } from "solid-js";
import type { Editor } from "../state/editor";
import { formatDuration, formatRows, type ToolStatus } from "../state/live";
import { toolOfError } from "../state/tool-error";
import { ToolLink } from "./tool-link";

const LABEL: Record<ToolStatus["state"], string> = {
  idle: "Not run",
  running: "Running",
  ok: "OK",
  error: "Error",
  setup: "Needs setup",
};

/** The selected tool's state in words: "Cached · 5,000 rows · 12 ms", "Running", "Waiting" (in a run), "Error", "Needs setup". */
export function StatusChip(props: { status: ToolStatus }) {
  const kind = () => (props.status.state === "ok" && props.status.cached ? "cached" : props.status.state);
  const text = () => {
    const s = props.status;
    if (s.state === "ok") {
      const parts = [s.cached ? "Cached" : "OK", formatRows(s)];
      if (s.durationMs !== undefined) parts.push(formatDuration(s.durationMs));
      return parts.filter(Boolean).join(" · ");
    }
    if (s.state === "error") return "Error";
    if (s.state === "running" && s.waiting) return "Waiting";
    return LABEL[s.state];
  };
  return (
    <span class={`results-chip chip-${kind()}`} data-testid="results-status" data-state={kind()}>
      {text()}
    </span>
  );
}

/** A tool's error in the pane; an error caused upstream (424) links to the tool that failed. */
export function ToolError(props: { status: Extract<ToolStatus, { state: "error" }>; editor: Editor }) {
  const upstream = () =>
    props.status.status === 424
      ? toolOfError(
          props.status.message,
          props.editor.state.doc.tools.map((t) => t.id),
        )
      : undefined;
  return (
    <div class="results-error" role="alert" data-testid="tool-error">
      <p class="results-error-message">{props.status.message}</p>
      <Show when={upstream()}>
        {(id) => (
          <p>
            Fix it there: <ToolLink editor={props.editor} id={id()} />
          </p>
        )}
      </Show>
    </div>
  );
}
