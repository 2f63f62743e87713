import { For, Show } from "solid-js";
import type { ColumnInfo } from "../lib/api";

/** The columns of one socket: position, name and dtype (what the preview reported). */
export function SchemaView(props: { columns: readonly ColumnInfo[]; label: string }) {
  return (
    <div class="schema-view" data-testid="schema-view">
      <Show when={props.columns.length > 0} fallback={<p class="muted">No columns.</p>}>
        <table class="results-table">
          <caption class="visually-hidden">{props.label}</caption>
          <thead>
            <tr>
              <th scope="col" class="num">
                #
              </th>
              <th scope="col">Column</th>
              <th scope="col">Type</th>
            </tr>
          </thead>
          <tbody>
            <For each={props.columns}>
              {(col, i) => (
                <tr data-testid={`schema-row-${col.name}`}>
                  <td class="num muted">{i() + 1}</td>
                  <td>{col.name}</td>
                  <td class="mono">{col.dtype}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </Show>
    </div>
  );
}
