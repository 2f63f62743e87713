import { Show } from "solid-js";
import { formatDuration, formatRows, type ToolStatus, useLive } from "../state/live";

/** What a status says in words (the badge's title and the tool's accessible description). */
export function describeStatus(status: ToolStatus): string {
  switch (status.state) {
    case "idle":
      return "Not run yet";
    case "running":
      return status.waiting ? "Waiting for its turn in the run" : "Running";
    case "ok": {
      const rows = formatRows(status);
      const time = status.durationMs === undefined ? "" : ` in ${formatDuration(status.durationMs)}`;
      return `${status.cached ? "Cached" : "OK"}${rows ? `: ${rows}` : ""}${time}`;
    }
    case "error":
      return `Error: ${status.message}`;
    case "setup":
      return `Needs setup: ${status.need}`;
  }
}

const ICON: Record<ToolStatus["state"], string> = { idle: "", running: "●", ok: "✓", error: "!", setup: "✎" };

/**
 * A tool's state on the canvas (ok / cached / waiting / running / error / needs setup) and its row count, from
 * useLive().status; the full text (with an error's message) is the badge's title (the tool
 * node gives it as its accessible description).
 */
export function StatusBadge(props: { toolId: string }) {
  const live = useLive();
  const status = () => live.status(props.toolId);
  const kind = () => {
    const s = status();
    if (s.state === "ok" && s.cached) return "cached";
    if (s.state === "running" && s.waiting) return "waiting";
    return s.state;
  };
  const text = () => {
    const s = status();
    if (s.state === "ok") return formatRows(s) || (s.cached ? "cached" : "ok");
    if (s.state === "setup") return "needs setup";
    return s.state === "error" ? "error" : kind();
  };
  return (
    <Show when={status().state !== "idle"}>
      <span
        class={`tool-status status-${kind()}`}
        title={describeStatus(status())}
        data-testid={`tool-status-${props.toolId}`}
        data-state={kind()}
        aria-hidden="true"
      >
        <span class="status-icon">{kind() === "cached" ? "◆" : kind() === "waiting" ? "○" : ICON[status().state]}</span>
        {text()}
      </span>
    </Show>
  );
}
