import { For, Match, Show, Switch } from "solid-js";
import type { ExecuteResult } from "../lib/api";
import { toolDef } from "../model/tools";
import type { Editor } from "../state/editor";
import { formatDuration, type Live } from "../state/live";
import { formatNumber } from "./profile-format";
import "./run-summary.css";

/**
 * The Run tab: a run in progress (the Server answers at the end only, so elapsed time is
 * all there is to show until then), how the last run failed and which tool it points at, or
 * the last run's total time, per-tool timings and the files written.
 */
/** A tool's name for people: its label, else its type's label. */
export function toolName(editor: Editor, id: string): string {
  const tool = editor.tool(id);
  if (!tool) return id;
  return tool.label || toolDef(tool.type)?.label || tool.type;
}

/** A tool named in a summary: selects it on the canvas. */
export function ToolLink(props: { editor: Editor; id: string }) {
  const exists = () => props.editor.tool(props.id) !== undefined;
  return (
    <button
      type="button"
      class="run-tool-link"
      onClick={() => props.editor.select([props.id])}
      disabled={!exists()}
      title={exists() ? `Select ${props.id} on the canvas` : `${props.id} is no longer in the workflow`}
    >
      {toolName(props.editor, props.id)} <span class="muted">{props.id}</span>
    </button>
  );
}

export function RunSummary(props: { live: Live; editor: Editor }) {
  return (
    <div class="run-summary" data-testid="run-summary">
      <Switch fallback={<p class="muted">No run yet. A run executes every tool and writes the Output tools' files.</p>}>
        <Match when={props.live.running()}>
          <p class="run-progress" aria-live="polite" data-testid="run-progress">
            <span class="run-spinner" aria-hidden="true" />
            Running the workflow… {formatDuration(props.live.runElapsedMs())}
            <span class="muted"> · every tool runs; per-tool timings come when the Server answers</span>
          </p>
        </Match>
        <Match when={props.live.runFailure()}>
          {(failure) => (
            <div class="results-error" role="alert" data-testid="run-error">
              <strong>Run failed</strong>
              <Show when={failure().status > 0}>
                <span class="muted"> (HTTP {failure().status})</span>
              </Show>
              <span> after {formatDuration(props.live.runElapsedMs())}</span>
              <p class="run-error-message">{failure().message}</p>
              <Show when={failure().toolId}>
                {(id) => (
                  <p>
                    At tool <ToolLink editor={props.editor} id={id()} />
                  </p>
                )}
              </Show>
            </div>
          )}
        </Match>
        <Match when={props.live.lastRun()}>{(run) => <RunDone run={run()} editor={props.editor} />}</Match>
      </Switch>
    </div>
  );
}

function RunDone(props: { run: ExecuteResult; editor: Editor }) {
  const slowest = () => Math.max(1, ...props.run.metrics.tools.map((t) => t.duration_ms));
  return (
    <>
      <p class="run-total" aria-live="polite">
        <span class="run-ok">✓ Run finished</span> in <strong>{formatDuration(props.run.metrics.duration_ms)}</strong>
        <span class="muted">
          {" "}
          · {props.run.metrics.tools.length} tools · {props.run.written.length}{" "}
          {props.run.written.length === 1 ? "file" : "files"} written
        </span>
      </p>
      <Show when={props.run.written.length > 0}>
        <h4 class="run-heading">Outputs written</h4>
        <ul class="run-outputs">
          <For each={props.run.written}>
            {(out) => (
              <li data-testid={`run-output-${out.tool_id}`}>
                <code class="run-path" title={out.path}>
                  {out.path}
                </code>
                <span class="muted">{formatNumber(out.rows)} rows</span>
                <ToolLink editor={props.editor} id={out.tool_id} />
              </li>
            )}
          </For>
        </ul>
      </Show>
      <h4 class="run-heading">Tools</h4>
      <table class="results-table run-tools">
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Status</th>
            <th scope="col">Cache</th>
            <th scope="col" class="num">
              Rows
            </th>
            <th scope="col" class="num">
              Time
            </th>
            <th scope="col">
              <span class="visually-hidden">Share of the slowest</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <For each={props.run.metrics.tools}>
            {(metric) => (
              <tr data-testid={`run-tool-${metric.tool_id}`}>
                <td>
                  <ToolLink editor={props.editor} id={metric.tool_id} />
                </td>
                <td classList={{ bad: metric.status === "error" }}>{metric.status}</td>
                <td classList={{ "run-cached": metric.cache === "hit" }}>
                  {metric.cache === "hit" ? "cached" : metric.cache === "miss" ? "stored" : "—"}
                </td>
                <td class="num">{metric.rows === undefined ? "" : formatNumber(metric.rows)}</td>
                <td class="num">{formatDuration(metric.duration_ms)}</td>
                <td class="run-bar-cell" aria-hidden="true">
                  <span class="run-bar" style={{ width: `${(metric.duration_ms / slowest()) * 100}%` }} />
                </td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </>
  );
}
