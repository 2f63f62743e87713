import { createSignal, For, Show } from "solid-js";
import type { ColumnInfo, FunctionLists } from "../../lib/api";
import {
  applyCompletion,
  type Completion,
  type CompletionContext,
  completionContext,
  completions,
} from "../autocomplete";
import { caretCoordinates } from "./caret";
import { FieldError, invalidAttrs } from "./inputs";
import "./expression-editor.css";

/**
 * A Python-Polars expression field: a monospace textarea with suggestions of columns
 * (`pl.col("…")`, with dtypes) and of the functions and methods the Server accepts, shown
 * at the caret while typing (Ctrl+Space asks for them). Arrows move, Enter or Tab accepts,
 * Escape closes. The Server's error for the expression shows under it.
 */
export function ExpressionEditor(props: {
  id: string;
  value: string;
  onInput: (value: string) => void;
  columns: readonly ColumnInfo[];
  functions: FunctionLists | undefined;
  error?: string;
  testid?: string;
  ariaLabel?: string;
  placeholder?: string;
  rows?: number;
}) {
  let area: HTMLTextAreaElement | undefined;
  let wrap: HTMLDivElement | undefined;
  const [items, setItems] = createSignal<Completion[]>([]);
  const [active, setActive] = createSignal(0);
  const [place, setPlace] = createSignal({ top: 0, left: 0 });
  let context: CompletionContext | null = null;
  const listId = `${props.id}-suggestions`;
  const open = () => items().length > 0;

  function close() {
    setItems([]);
    context = null;
  }

  function suggest(forced = false) {
    if (!area) return;
    const caret = area.selectionStart;
    if (caret !== area.selectionEnd) return close();
    context = completionContext(area.value, caret, forced);
    const list = context ? completions(context, props.columns, props.functions) : [];
    // A bare word suggests only once something is typed, unless asked for.
    if (!context || list.length === 0 || (context.kind === "word" && context.prefix === "" && !forced)) return close();
    setItems(list);
    setActive(0);
    const at = caretCoordinates(area, context.from);
    const width = wrap?.clientWidth ?? 300;
    setPlace({ top: at.top + at.height + 2, left: Math.max(0, Math.min(at.left, width - 240)) });
  }

  function accept(item: Completion | undefined) {
    if (!area || !context || !item) return close();
    const next = applyCompletion(area.value, context, item);
    close();
    props.onInput(next.text);
    area.value = next.text;
    area.setSelectionRange(next.caret, next.caret);
    area.focus();
    // A namespace (`str.`) or `pl.col("` goes straight on to its own suggestions.
    if (item.insert.endsWith(".") || next.text.slice(0, next.caret).endsWith('col("')) suggest();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === " " && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      suggest(true);
      return;
    }
    if (!open()) return;
    const count = items().length;
    if (event.key === "ArrowDown") setActive((i) => (i + 1) % count);
    else if (event.key === "ArrowUp") setActive((i) => (i - 1 + count) % count);
    else if (event.key === "PageDown") setActive((i) => Math.min(count - 1, i + 8));
    else if (event.key === "PageUp") setActive((i) => Math.max(0, i - 8));
    else if (event.key === "Enter" || event.key === "Tab") accept(items()[active()]);
    else if (event.key === "Escape") close();
    else return;
    event.preventDefault();
    event.stopPropagation();
    document.getElementById(`${listId}-${active()}`)?.scrollIntoView({ block: "nearest" });
  }

  return (
    <div class="expr" ref={wrap}>
      <textarea
        ref={area}
        id={props.id}
        class="cfg-input mono expr-area"
        classList={{ invalid: !!props.error }}
        data-testid={props.testid}
        aria-label={props.ariaLabel}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={open() ? `${listId}-${active()}` : undefined}
        placeholder={props.placeholder ?? 'pl.col("price") * pl.col("qty")'}
        rows={props.rows ?? 3}
        spellcheck={false}
        autocomplete="off"
        autocapitalize="off"
        value={props.value}
        onInput={(e) => {
          props.onInput(e.currentTarget.value);
          const kind = (e as InputEvent).inputType ?? "";
          if (kind.startsWith("insert") && kind !== "insertLineBreak") suggest();
          else if (open()) suggest();
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        onClick={close}
        onScroll={close}
        {...invalidAttrs(props.id, props.error)}
      />
      <Show when={open()}>
        <div
          class="expr-suggestions"
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          data-testid="autocomplete"
          style={{ top: `${place().top}px`, left: `${place().left}px` }}
        >
          <For each={items()}>
            {(item, i) => (
              <div
                id={`${listId}-${i()}`}
                role="option"
                tabIndex={-1}
                aria-selected={i() === active()}
                classList={{ active: i() === active() }}
                data-testid="autocomplete-option"
                onMouseDown={(e) => {
                  e.preventDefault();
                  accept(item);
                }}
                onMouseEnter={() => setActive(i())}
              >
                <span class="expr-label">{item.label}</span>
                <Show when={item.detail}>
                  <span class="expr-detail">{item.detail}</span>
                </Show>
              </div>
            )}
          </For>
        </div>
      </Show>
      <FieldError id={props.id} error={props.error} />
    </div>
  );
}
