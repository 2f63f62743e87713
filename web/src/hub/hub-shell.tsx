import { For, type JSX, Show } from "solid-js";
import { AccountMenu } from "./account-menu";
import { type HubArea, useHubWorkspace } from "./hub-workspace";
import { WorkflowsPage } from "./workflows-page";
import "./hub-shell.css";

const AREAS: { area: HubArea; label: string }[] = [
  { area: "designer", label: "Designer" },
  { area: "workflows", label: "Workflows" },
];

/**
 * The Hub's app around the designer: a row of areas at the top (Designer, Workflows; later
 * Home, Executions, Schedules and the admin area), who is signed in at its end, and the
 * chosen area below. The designer
 * stays mounted while another area is shown, so nothing being built is lost by looking away.
 */
export function HubShell(props: { designer: JSX.Element }) {
  const workspace = useHubWorkspace();
  const area = () => workspace?.area() ?? "designer";
  return (
    <div class="hub-shell">
      <nav class="hub-nav" aria-label="Hub" data-testid="hub-nav">
        <span class="hub-nav-brand" aria-hidden="true">
          Weft Hub
        </span>
        <For each={AREAS}>
          {(item) => (
            <button
              type="button"
              class="hub-nav-item"
              data-testid={`hub-nav-${item.area}`}
              aria-current={area() === item.area ? "page" : undefined}
              onClick={() => workspace?.show(item.area)}
            >
              {item.label}
            </button>
          )}
        </For>
        <AccountMenu />
      </nav>
      <div class="hub-area" hidden={area() !== "designer"} data-testid="hub-area-designer">
        {props.designer}
      </div>
      <Show when={area() === "workflows"}>
        <WorkflowsPage />
      </Show>
    </div>
  );
}
