import { createEffect, For, on, Show } from "solid-js";
import { toolDef } from "../../model/tools";
import { changeWords } from "./diff-tool";
import type { ToolDiff } from "./revision-diff";
import { compareRows } from "./tool-compare";

/**
 * A tool's settings in the two revisions side by side (before | after), one row per field and
 * config key, the changed rows marked in words and colour. An added tool has nothing before,
 * a removed one nothing after.
 */
export function ToolComparePanel(props: { tool: ToolDiff; from: number; to: number; onClose(): void }) {
  const rows = () => compareRows(props.tool);
  let el!: HTMLElement;
  // Each tool chosen on the canvas brings its settings into view (the page may scroll under it).
  createEffect(
    on(
      () => props.tool.id,
      () => el.scrollIntoView({ block: "nearest" }),
    ),
  );
  const node = () => props.tool.after ?? props.tool.before;
  const title = () => {
    const n = node();
    return n ? `${n.label || toolDef(n.type)?.label || n.type} (${n.id})` : props.tool.id;
  };
  /** What an empty cell says: the tool is not in that revision, or the setting is not set there. */
  const empty = (side: "before" | "after") => {
    if (side === "before") return props.tool.before ? "not set" : `Not in revision ${props.from}`;
    return props.tool.after ? "not set" : `Not in revision ${props.to}`;
  };
  return (
    <section
      ref={el}
      class="tool-compare"
      data-testid="tool-compare"
      data-tool={props.tool.id}
      aria-labelledby="tool-compare-title"
    >
      <header>
        <h2 id="tool-compare-title">{title()}</h2>
        <span class={`diff-chip diff-chip-${props.tool.kind}`}>{changeWords(props.tool)?.text ?? "Unchanged"}</span>
        <button
          type="button"
          class="tool-compare-close"
          data-testid="tool-compare-close"
          onClick={() => props.onClose()}
        >
          Close
        </button>
      </header>
      <table class="hub-table tool-compare-table">
        <thead>
          <tr>
            <th scope="col">Setting</th>
            <th scope="col">Before (revision {props.from})</th>
            <th scope="col">After (revision {props.to})</th>
          </tr>
        </thead>
        <tbody>
          <For each={rows()}>
            {(row) => (
              <tr
                classList={{ changed: row.changed }}
                data-key={row.key}
                data-changed={row.changed ? "true" : undefined}
              >
                <th scope="row">
                  {row.key}
                  <Show when={row.changed}>
                    <span class="tool-compare-mark">✎ changed</span>
                  </Show>
                </th>
                <td data-side="before">
                  <Show
                    when={row.before !== undefined}
                    fallback={<span class="tool-compare-none">{empty("before")}</span>}
                  >
                    <pre>{row.before}</pre>
                  </Show>
                </td>
                <td data-side="after">
                  <Show
                    when={row.after !== undefined}
                    fallback={<span class="tool-compare-none">{empty("after")}</span>}
                  >
                    <pre>{row.after}</pre>
                  </Show>
                </td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </section>
  );
}
