import { Show } from "solid-js";
import { type HubWorkspace, useHubWorkspace } from "../hub-workspace";
import { PageState } from "../ui/page-state";
import { ExecutionDetailView } from "./execution-detail";
import { ExecutionsList } from "./executions-list";
import { createRunEvents } from "./run-events";
import "../ui/hub-page.css";
import "./executions.css";

export { startExecution } from "./executions-api";
export { ExecutionStatusBadge } from "./status-badge";

/**
 * The Executions area: the list (`#/executions`) or one execution (`#/executions/<id>`,
 * `workspace.show("executions", id)`). Each is keyed on the route, so opening another run
 * starts its page afresh; what the feed said of each run's tools and log while the area was
 * open is kept across them (run-events.ts).
 */
export function ExecutionsPage() {
  const workspace = useHubWorkspace();
  return (
    <Show
      when={workspace}
      fallback={
        <PageState kind="error" testid="executions-error">
          <p>No Hub serves this page.</p>
        </PageState>
      }
    >
      {(ws) => <ExecutionsArea workspace={ws()} />}
    </Show>
  );
}

/** The list or one run; the runs' live tool and log events are remembered across both. */
function ExecutionsArea(props: { workspace: HubWorkspace }) {
  const events = createRunEvents(props.workspace.feed);
  return (
    <Show when={props.workspace.route().id} keyed fallback={<ExecutionsList workspace={props.workspace} />}>
      {(id) => <ExecutionDetailView workspace={props.workspace} id={id} events={events} />}
    </Show>
  );
}
