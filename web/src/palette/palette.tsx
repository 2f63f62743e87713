import { createMemo, createSignal, For, Show } from "solid-js";
import { TOOL_GROUPS, TOOLS, type ToolDef } from "../model/tools";
import { requestAddTool, TOOL_DRAG_TYPE } from "./add-tool";
import { matchesSearch } from "./search";
import "../canvas/tool-groups.css";
import "./palette.css";

/**
 * The 13 tools by group, with a search. A tool is added by dragging it onto the canvas, by
 * Enter or Space, or by a double-click (at the centre of the canvas's view). Up and Down
 * move between tools.
 */
export function Palette() {
  const [query, setQuery] = createSignal("");
  let list!: HTMLDivElement;
  let search!: HTMLInputElement;
  const groups = createMemo(() =>
    TOOL_GROUPS.map((group) => ({
      group,
      tools: TOOLS.filter((tool) => tool.group === group && matchesSearch(tool, query())),
    })).filter((g) => g.tools.length > 0),
  );
  const items = () => [...list.querySelectorAll<HTMLButtonElement>(".palette-item")];
  const moveFocus = (from: Element, step: number) => {
    const all = items();
    const next = all[all.indexOf(from as HTMLButtonElement) + step];
    if (next) next.focus();
    else if (step < 0) search.focus();
  };

  return (
    <section class="area palette" data-testid="palette" aria-label="Palette">
      <h2 class="palette-title">Tools</h2>
      <input
        ref={search}
        class="palette-search"
        type="search"
        placeholder="Search tools"
        aria-label="Search tools"
        aria-controls="palette-list"
        data-testid="palette-search"
        value={query()}
        onInput={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            items()[0]?.focus();
            event.preventDefault();
          } else if (event.key === "Enter") {
            const first = groups()[0]?.tools[0];
            if (first) requestAddTool(first.type);
            event.preventDefault();
          } else if (event.key === "Escape" && query()) {
            setQuery("");
            event.preventDefault();
          }
        }}
      />
      <div ref={list} id="palette-list" class="palette-list">
        <For each={groups()}>
          {(g) => (
            <div class="palette-group" data-testid={`palette-group-${g.group}`}>
              <h3>{g.group}</h3>
              <ul aria-label={g.group}>
                <For each={g.tools}>
                  {(tool) => (
                    <li>
                      <PaletteItem tool={tool} onArrow={moveFocus} />
                    </li>
                  )}
                </For>
              </ul>
            </div>
          )}
        </For>
        <Show when={groups().length === 0}>
          <p class="palette-none" data-testid="palette-none">
            No tool matches “{query()}”.
          </p>
        </Show>
      </div>
      <p class="palette-hint">Drag a tool onto the canvas, or press Enter or double-click to add it.</p>
    </section>
  );
}

function PaletteItem(props: { tool: ToolDef; onArrow(from: Element, step: number): void }) {
  return (
    <button
      type="button"
      class="palette-item"
      draggable="true"
      data-group={props.tool.group}
      data-testid={`palette-item-${props.tool.type}`}
      title={`${props.tool.description}. Drag onto the canvas, or press Enter.`}
      aria-description={props.tool.description}
      onDragStart={(event) => {
        event.dataTransfer?.setData(TOOL_DRAG_TYPE, props.tool.type);
        event.dataTransfer?.setData("text/plain", props.tool.label);
        if (event.dataTransfer) event.dataTransfer.effectAllowed = "copy";
      }}
      onDblClick={() => requestAddTool(props.tool.type)}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          requestAddTool(props.tool.type);
          event.preventDefault();
        } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          props.onArrow(event.currentTarget, event.key === "ArrowDown" ? 1 : -1);
          event.preventDefault();
        }
      }}
    >
      <span class="palette-glyph" aria-hidden="true">
        {props.tool.glyph}
      </span>
      <span class="palette-text">
        <span class="palette-label">{props.tool.label}</span>
        <span class="palette-desc" aria-hidden="true">
          {props.tool.description}
        </span>
      </span>
    </button>
  );
}
