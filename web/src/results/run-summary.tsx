import { For, Match, Show, Switch } from "solid-js";
import type { ExecuteResult } from "../lib/api";
import type { Editor } from "../state/editor";
import { formatDuration, type Live } from "../state/live";
import { formatCount } from "./number-format";
import { ProgressCount, RunProgressView } from "./run-progress-view";
import { ToolLink } from "./tool-link";
import { WrittenOutputs } from "./written-outputs";
import "./run-summary.css";

/**
 * The Run tab: a run in progress, tool by tool as the Server reports it (done / total, each
 * tool's time, the files written so far); how the last run failed, the tool it points at and
 * how far it got; or the last run's total time, per-tool timings and the files written.
 */
export function RunSummary(props: { live: Live; editor: Editor }) {
  return (
    <div class="run-summary" data-testid="run-summary">
      <Switch fallback={<p class="muted">No run yet. A run executes every tool and writes the Output tools' files.</p>}>
        <Match when={props.live.running()}>
          <p class="run-progress" aria-live="polite" data-testid="run-progress">
            <span class="run-spinner" aria-hidden="true" />
            Running the workflow… {formatDuration(props.live.runElapsedMs())}
            <Show when={props.live.runProgress()}>
              {(progress) => (
                <span class="muted">
                  {" "}
                  · <ProgressCount progress={progress()} />
                </span>
              )}
            </Show>
          </p>
          <Show when={props.live.runProgress()}>
            {(progress) => (
              <RunProgressView progress={progress()} editor={props.editor} elapsedMs={props.live.runElapsedMs()} />
            )}
          </Show>
        </Match>
        <Match when={props.live.runFailure()}>
          {(failure) => (
            <>
              <div
                class="results-error"
                classList={{ "run-not-sent": failure().setup }}
                role="alert"
                data-testid="run-error"
              >
                <Show
                  when={failure().setup}
                  fallback={
                    <>
                      <strong>Run failed</strong>
                      <Show when={failure().toolId}>
                        {(id) => (
                          <>
                            {" "}
                            at <ToolLink editor={props.editor} id={id()} />
                          </>
                        )}
                      </Show>
                      <span> after {formatDuration(props.live.runElapsedMs())}</span>
                    </>
                  }
                >
                  <strong>Not run:</strong> <ToolLink editor={props.editor} id={failure().toolId ?? ""} /> needs setup
                </Show>
                <p class="run-error-message">{failure().message}</p>
              </div>
              <Show when={props.live.runProgress()?.order.length ? props.live.runProgress() : undefined}>
                {(progress) => (
                  <>
                    <p class="muted">
                      Before it stopped: <ProgressCount progress={progress()} />
                    </p>
                    <RunProgressView
                      progress={progress()}
                      editor={props.editor}
                      elapsedMs={props.live.runElapsedMs()}
                    />
                  </>
                )}
              </Show>
            </>
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
      <WrittenOutputs written={props.run.written} editor={props.editor} testidPrefix="run-output" />
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
                <td class="num">{metric.rows === undefined ? "" : formatCount(metric.rows)}</td>
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
