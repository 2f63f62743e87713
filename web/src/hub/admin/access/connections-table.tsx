import { For } from "solid-js";
import { HealthBadge } from "./check-outcome";
import { KINDS, kindOf, whereText } from "./connection-kinds";
import type { HubConnection } from "./connections-api";

/** A page of connections: name (choose it), kind, where it points (never a secret), last health. */
export function ConnectionsTable(props: {
  connections: HubConnection[];
  selected: string | undefined;
  busy: boolean;
  onSelect: (id: string) => void;
}) {
  return (
    <table class="hub-table access-table" data-testid="connections-table" aria-busy={props.busy}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Kind</th>
          <th scope="col">Where</th>
          <th scope="col">Health</th>
        </tr>
      </thead>
      <tbody>
        <For each={props.connections}>
          {(c) => (
            <tr
              data-testid="connection-row"
              data-connection-id={c.id}
              classList={{ selected: props.selected === c.id }}
              aria-selected={props.selected === c.id}
            >
              <td>
                <button
                  type="button"
                  class="access-link"
                  data-testid="connection-open"
                  aria-current={props.selected === c.id ? "true" : undefined}
                  onClick={() => props.onSelect(c.id)}
                >
                  {c.name}
                </button>
              </td>
              <td>{KINDS[kindOf(c)].label}</td>
              <td class="access-mono access-where" title={whereText(c)}>
                {whereText(c)}
                {c.read_only ? <span class="hub-badge access-tag">read-only</span> : null}
              </td>
              <td>
                <HealthBadge status={c.health.status} />
              </td>
            </tr>
          )}
        </For>
      </tbody>
    </table>
  );
}
