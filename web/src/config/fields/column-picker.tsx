import { createSignal, For, Match, Show, Switch } from "solid-js";
import type { ColumnInfo } from "../../lib/api";
import { moveItem, removeAt } from "../list-ops";
import type { SocketColumns } from "../socket-columns";
import { invalidAttrs, RowButtons } from "./inputs";

/**
 * Column pickers fed by the columns arriving at a tool's input socket: one column (a native
 * select, each column with its dtype), or an ordered list of columns. A configured column
 * that does not arrive stays shown, marked missing.
 */

export function dtypeOf(columns: SocketColumns, name: string): string | undefined {
  return columns.columns.find((c) => c.name === name)?.dtype;
}

/** Where the columns stand, when they are not simply there: unwired, loading, or the Server's error. */
export function ColumnsNotice(props: { columns: SocketColumns; socket?: string }) {
  return (
    <Switch>
      <Match when={props.columns.status === "unwired"}>
        <p class="cfg-notice" data-testid="columns-unwired">
          Connect a tool to the {props.socket ?? "input"} to choose its columns.
        </p>
      </Match>
      <Match when={props.columns.status === "setup"}>
        <p class="cfg-notice" data-testid="columns-setup">
          The columns of the {props.socket ?? "input"} are not known yet: {props.columns.error}.
        </p>
      </Match>
      <Match when={props.columns.status === "error"}>
        <p class="cfg-notice bad" role="alert" data-testid="columns-error">
          The columns of the {props.socket ?? "input"} are unknown: {props.columns.error}
        </p>
      </Match>
      <Match when={props.columns.status === "loading" && props.columns.columns.length === 0}>
        <p class="cfg-notice muted" aria-live="polite">
          Reading the columns…
        </p>
      </Match>
    </Switch>
  );
}

/** One column, by name. */
export function ColumnSelect(props: {
  id?: string;
  value: string | undefined;
  columns: SocketColumns;
  onChange: (name: string) => void;
  ariaLabel?: string;
  testid?: string;
  error?: string;
  /** Columns not to offer (already chosen elsewhere); the current value is always offered. */
  exclude?: ReadonlySet<string>;
  placeholder?: string;
}) {
  const offered = () =>
    props.columns.columns.filter((c) => c.name === props.value || !props.exclude || !props.exclude.has(c.name));
  const missing = () => !!props.value && !props.columns.columns.some((c) => c.name === props.value);
  return (
    <select
      id={props.id}
      class="cfg-input cfg-column-select"
      classList={{ invalid: !!props.error || (missing() && props.columns.status === "ready") }}
      data-testid={props.testid}
      aria-label={props.ariaLabel}
      value={props.value ?? ""}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      {...invalidAttrs(props.id, props.error)}
    >
      <option value="" selected={!props.value}>
        {props.placeholder ?? "Choose a column…"}
      </option>
      <Show when={missing()}>
        <option value={props.value} selected>
          {props.value} {props.columns.status === "ready" ? "(missing)" : ""}
        </option>
      </Show>
      <For each={offered()}>
        {(c: ColumnInfo) => (
          <option value={c.name} selected={c.name === props.value}>
            {c.name} · {c.dtype}
          </option>
        )}
      </For>
    </select>
  );
}

/**
 * An ordered list of columns: each chosen one with its dtype, moved up or down or removed;
 * a select adds one more, "Add all" the rest.
 */
export function ColumnList(props: {
  id: string;
  label: string;
  value: readonly string[];
  columns: SocketColumns;
  onChange: (names: string[]) => void;
  testid?: string;
  error?: string;
  hint?: string;
  /** Columns not to offer (chosen in another list of the same form). */
  exclude?: ReadonlySet<string>;
}) {
  const [adding, setAdding] = createSignal("");
  const chosen = () => new Set(props.value);
  const rest = () => props.columns.columns.filter((c) => !chosen().has(c.name) && !props.exclude?.has(c.name));
  const known = (name: string) => props.columns.columns.some((c) => c.name === name);
  return (
    <fieldset class="cfg-field cfg-column-list" data-testid={props.testid} {...invalidAttrs(props.id, props.error)}>
      <legend class="cfg-label">{props.label}</legend>
      <Show when={props.value.length > 0} fallback={<p class="cfg-empty muted">None chosen.</p>}>
        <ol class="cfg-chosen">
          <For each={props.value}>
            {(name, i) => (
              <li classList={{ missing: props.columns.status === "ready" && !known(name) }}>
                <span class="cfg-col-name">{name}</span>
                <span class="cfg-dtype">
                  {props.columns.status === "ready" && !known(name) ? "missing" : dtypeOf(props.columns, name)}
                </span>
                <RowButtons
                  index={i()}
                  count={props.value.length}
                  what={name}
                  onMove={(to) => props.onChange(moveItem(props.value, i(), to))}
                  onRemove={() => props.onChange(removeAt(props.value, i()))}
                />
              </li>
            )}
          </For>
        </ol>
      </Show>
      <Show when={rest().length > 0}>
        <div class="cfg-add-row">
          <select
            id={props.id}
            class="cfg-input"
            aria-label={`Add a column to ${props.label}`}
            data-testid={props.testid ? `${props.testid}-add` : undefined}
            value={adding()}
            onChange={(e) => {
              const name = e.currentTarget.value;
              if (name) props.onChange([...props.value, name]);
              setAdding("");
              e.currentTarget.value = "";
            }}
          >
            <option value="">Add a column…</option>
            <For each={rest()}>
              {(c) => (
                <option value={c.name}>
                  {c.name} · {c.dtype}
                </option>
              )}
            </For>
          </select>
          <button
            type="button"
            class="cfg-button"
            onClick={() => props.onChange([...props.value, ...rest().map((c) => c.name)])}
          >
            Add all
          </button>
        </div>
      </Show>
      <Show when={props.hint && !props.error}>
        <div class="cfg-hint">{props.hint}</div>
      </Show>
      <Show when={props.error}>
        <div class="cfg-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </div>
      </Show>
    </fieldset>
  );
}
