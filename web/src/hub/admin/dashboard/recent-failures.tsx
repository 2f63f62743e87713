import { For, Show } from "solid-js";
import type { Names } from "../activity/names";
import { exactTime, timeAgo } from "../audit/when";
import type { ExecutionList } from "./dashboard-api";

/** The Dashboard's failures of the last day: which workflow, when, the error; each opens its run. */
export function RecentFailures(props: {
  list: ExecutionList;
  names: Names;
  now: Date;
  open: (id: string) => void;
  onAll: () => void;
}) {
  return (
    <>
      <ul class="dashboard-failures" data-testid="dashboard-failures">
        <For each={props.list.executions}>
          {(run) => {
            const workflow = props.names.of("workflow", run.workflow_id);
            const when = run.finished_at ?? run.created_at;
            return (
              <li data-testid="dashboard-failure" data-execution-id={run.id}>
                <button
                  type="button"
                  class="dashboard-link"
                  data-testid="dashboard-failure-open"
                  title={`Open execution ${run.id}`}
                  onClick={() => props.open(run.id)}
                >
                  {workflow ? `“${workflow}”` : "A workflow"}
                </button>
                <time datetime={when} title={exactTime(when)}>
                  {timeAgo(when, props.now)}
                </time>
                <span class="dashboard-failure-error">{run.error ?? "No error was recorded."}</span>
              </li>
            );
          }}
        </For>
      </ul>
      <Show when={props.list.total > props.list.executions.length}>
        <p class="dashboard-more">
          <button type="button" class="dashboard-link" onClick={() => props.onAll()}>
            {props.list.total.toLocaleString("en")} failures in all
          </button>
        </p>
      </Show>
    </>
  );
}
