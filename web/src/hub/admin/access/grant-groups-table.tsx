import { For, Show } from "solid-js";
import type { GrantGroup } from "./grant-groups-api";
import { exactTime, timeAgo } from "./relative-time";

/** A page of grant groups: name (choose it), description, when it last changed. */
export function GrantGroupsTable(props: {
  groups: GrantGroup[];
  selected: string | undefined;
  busy: boolean;
  onSelect: (id: string) => void;
}) {
  return (
    <table class="hub-table access-table" data-testid="grant-groups-table" aria-busy={props.busy}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Description</th>
          <th scope="col">Updated</th>
        </tr>
      </thead>
      <tbody>
        <For each={props.groups}>
          {(g) => (
            <tr
              data-testid="grant-group-row"
              data-grant-group-id={g.id}
              classList={{ selected: props.selected === g.id }}
              aria-selected={props.selected === g.id}
            >
              <td>
                <button
                  type="button"
                  class="access-link"
                  data-testid="grant-group-open"
                  aria-current={props.selected === g.id ? "true" : undefined}
                  onClick={() => props.onSelect(g.id)}
                >
                  {g.name}
                </button>
              </td>
              <td class="access-muted">
                <Show when={g.description} fallback="—">
                  {g.description}
                </Show>
              </td>
              <td>
                <time datetime={g.updated_at} title={exactTime(g.updated_at)}>
                  {timeAgo(g.updated_at)}
                </time>
              </td>
            </tr>
          )}
        </For>
      </tbody>
    </table>
  );
}
