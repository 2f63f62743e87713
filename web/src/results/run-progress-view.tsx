import { For, Show } from "solid-js";
import type { Editor } from "../state/editor";
import { formatDuration, type RunProgress } from "../state/live";
import { countEnded, type ProgressRow, progressRows, totalCount } from "../state/run-progress";
import { formatCount } from "./number-format";
import { ToolLink } from "./tool-link";
import { WrittenOutputs } from "./written-outputs";

const STATE_LABEL: Record<ProgressRow["state"], string> = {
  waiting: "Waiting",
  running: "Running…",
  success: "Done",
  error: "Failed",
};

/** "3 of 5 tools done", "2 of 3 tools done, 1 failed". */
export function ProgressCount(props: { progress: RunProgress }) {
  const failed = () => countEnded(props.progress, "error");
  return (
    <span data-testid="run-progress-count">
      {countEnded(props.progress, "success")} of {totalCount(props.progress)} tools done
      {failed() > 0 ? `, ${failed()} failed` : ""}
    </span>
  );
}

/**
 * A run's progress, tool by tool as the Server reports it (in the order they started, then
 * those waiting), with each tool's time (so far, while it runs) and the files written.
 * `elapsedMs` is the run's clock, which ticks while it runs.
 */
export function RunProgressView(props: { progress: RunProgress; editor: Editor; elapsedMs: number }) {
  const time = (row: ProgressRow) => {
    if (row.event?.duration_ms !== undefined) return formatDuration(row.event.duration_ms);
    if (row.state === "running" && row.startedAt !== undefined)
      return formatDuration(Math.max(0, props.elapsedMs - row.startedAt));
    return "";
  };
  const stateText = (row: ProgressRow) =>
    row.state === "success" && row.event?.cache === "hit" ? "Cached" : STATE_LABEL[row.state];
  return (
    <>
      <WrittenOutputs written={props.progress.written} editor={props.editor} testidPrefix="run-written" />
      <h4 class="run-heading">Tools</h4>
      <table class="results-table run-tools" data-testid="run-steps">
        <thead>
          <tr>
            <th scope="col">Tool</th>
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
          <For each={progressRows(props.progress)}>
            {(row) => (
              <tr data-testid={`run-step-${row.toolId}`} data-state={row.state}>
                <td>
                  <ToolLink editor={props.editor} id={row.toolId} />
                </td>
                <td class={`run-step-${row.state}`} classList={{ "run-cached": row.event?.cache === "hit" }}>
                  <Show when={row.state === "running"}>
                    <span class="run-spinner" aria-hidden="true" />
                  </Show>
                  {stateText(row)}
                </td>
                <td class="num">{row.event?.rows === undefined ? "" : formatCount(row.event.rows)}</td>
                <td class="num">{time(row)}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </>
  );
}
