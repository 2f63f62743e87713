import { Show } from "solid-js";
import { useHubWorkspace } from "../hub-workspace";
import { PageState } from "../ui/page-state";
import { ExecutionDetailView } from "./execution-detail";
import { ExecutionsList } from "./executions-list";
import "../ui/hub-page.css";
import "./executions.css";

export { startExecution } from "./executions-api";
export { ExecutionStatusBadge } from "./status-badge";

/**
 * The Executions area: the list (`#/executions`) or one execution (`#/executions/<id>`,
 * `workspace.show("executions", id)`). Each is keyed on the route, so opening another run
 * starts its page afresh.
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
      {(ws) => (
        <Show when={ws().route().id} keyed fallback={<ExecutionsList workspace={ws()} />}>
          {(id) => <ExecutionDetailView workspace={ws()} id={id} />}
        </Show>
      )}
    </Show>
  );
}
