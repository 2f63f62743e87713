import { For, Show } from "solid-js";
import { formatDuration } from "../../state/tool-status";
import type { ToolProgress } from "./tool-progress";

const STATE_LABEL: Record<ToolProgress["state"], string> = {
  waiting: "Waiting",
  running: "Running",
  success: "Done",
  error: "Failed",
  skipped: "Skipped",
  unknown: "Did not report",
};

/** The run's tools, each with its state, rows and time (per-tool progress). */
export function ExecutionTools(props: { tools: ToolProgress[] }) {
  return (
    <Show
      when={props.tools.length > 0}
      fallback={
        <p class="runs-note" data-testid="execution-tools-empty">
          No tool has reported yet.
        </p>
      }
    >
      <table class="hub-table runs-tools" data-testid="execution-tools">
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Kind</th>
            <th scope="col">State</th>
            <th scope="col" class="num">
              Rows
            </th>
            <th scope="col" class="num">
              Time
            </th>
          </tr>
        </thead>
        <tbody>
          <For each={props.tools}>
            {(tool) => (
              <tr data-testid="execution-tool" data-tool-id={tool.id} data-state={tool.state}>
                <td class="runs-mono">{tool.id}</td>
                <td>{tool.type ?? ""}</td>
                <td>
                  <span class={`hub-badge tool-state tool-${tool.state}`} data-testid="execution-tool-state">
                    {STATE_LABEL[tool.state]}
                  </span>
                </td>
                <td class="num">{tool.rows === undefined ? "" : tool.rows.toLocaleString("en")}</td>
                <td class="num">{tool.durationMs === undefined ? "" : formatDuration(tool.durationMs)}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </Show>
  );
}
