import { For, Show } from "solid-js";
import type { Editor } from "../state/editor";
import { formatCount } from "./number-format";
import { ToolLink } from "./tool-link";

/**
 * "Outputs written": each file a run wrote, its rows and the Output tool that wrote it
 * (nothing while there is none). Items are `<testidPrefix>-<tool id>`.
 */
export function WrittenOutputs(props: {
  written: readonly { tool_id: string; path: string; rows: number }[];
  editor: Editor;
  testidPrefix: string;
}) {
  return (
    <Show when={props.written.length > 0}>
      <h4 class="run-heading">Outputs written</h4>
      <ul class="run-outputs">
        <For each={props.written}>
          {(out) => (
            <li data-testid={`${props.testidPrefix}-${out.tool_id}`}>
              <code class="run-path" title={out.path}>
                {out.path}
              </code>
              <span class="muted">{formatCount(out.rows)} rows</span>
              <ToolLink editor={props.editor} id={out.tool_id} />
            </li>
          )}
        </For>
      </ul>
    </Show>
  );
}
