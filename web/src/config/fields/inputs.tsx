import { For, type JSX, Show, splitProps } from "solid-js";

/**
 * The plain controls of the configuration forms: a labelled field with its hint and the
 * Server's error, and text, number, checkbox and select inputs that report plain values.
 */

export function Field(props: {
  label: string;
  for?: string;
  hint?: string;
  error?: string;
  children: JSX.Element;
  class?: string;
}) {
  return (
    <div class={`cfg-field ${props.class ?? ""}`}>
      <label class="cfg-label" for={props.for}>
        {props.label}
      </label>
      {props.children}
      <Show when={props.hint && !props.error}>
        <div class="cfg-hint" id={props.for ? `${props.for}-hint` : undefined}>
          {props.hint}
        </div>
      </Show>
      <FieldError id={props.for} error={props.error} />
    </div>
  );
}

/** The Server's message under a field (`<id>-error`, which the input names in aria-describedby). */
export function FieldError(props: { id?: string; error?: string }) {
  return (
    <Show when={props.error}>
      <div class="cfg-error" id={props.id ? `${props.id}-error` : undefined} role="alert">
        {props.error}
      </div>
    </Show>
  );
}

/** aria attributes of an input that may carry an error. */
export function invalidAttrs(id: string | undefined, error: string | undefined) {
  return {
    "aria-invalid": error ? ("true" as const) : undefined,
    "aria-describedby": error && id ? `${id}-error` : undefined,
  };
}

type InputBase = {
  id?: string;
  testid?: string;
  ariaLabel?: string;
  placeholder?: string;
  error?: string;
  class?: string;
  disabled?: boolean;
};

export function TextInput(
  props: InputBase & {
    value: string | undefined | null;
    onInput: (value: string) => void;
    onChange?: (value: string) => void;
    list?: string;
    mono?: boolean;
  },
) {
  return (
    <input
      type="text"
      id={props.id}
      class={`cfg-input ${props.mono ? "mono" : ""} ${props.class ?? ""}`}
      classList={{ invalid: !!props.error }}
      data-testid={props.testid}
      aria-label={props.ariaLabel}
      placeholder={props.placeholder}
      disabled={props.disabled}
      list={props.list}
      spellcheck={false}
      autocomplete="off"
      value={props.value ?? ""}
      onInput={(e) => props.onInput(e.currentTarget.value)}
      onChange={(e) => props.onChange?.(e.currentTarget.value)}
      {...invalidAttrs(props.id, props.error)}
    />
  );
}

/** A number field; `undefined` when emptied. Half-typed input (`1e`) is not reported. */
export function NumberInput(
  props: InputBase & {
    value: number | null | undefined;
    onInput: (value: number | undefined) => void;
    min?: number;
    max?: number;
    step?: number | "any";
  },
) {
  return (
    <input
      type="number"
      id={props.id}
      class={`cfg-input ${props.class ?? ""}`}
      classList={{ invalid: !!props.error }}
      data-testid={props.testid}
      aria-label={props.ariaLabel}
      placeholder={props.placeholder}
      disabled={props.disabled}
      min={props.min}
      max={props.max}
      step={props.step ?? 1}
      value={props.value ?? ""}
      onInput={(e) => {
        const el = e.currentTarget;
        if (el.validity.badInput) return;
        props.onInput(el.value === "" ? undefined : el.valueAsNumber);
      }}
      {...invalidAttrs(props.id, props.error)}
    />
  );
}

export function Checkbox(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testid?: string;
  hint?: string;
}) {
  return (
    <div class="cfg-check">
      <input
        type="checkbox"
        id={props.id}
        data-testid={props.testid}
        checked={props.checked}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      <label for={props.id}>{props.label}</label>
      <Show when={props.hint}>
        <span class="cfg-hint"> — {props.hint}</span>
      </Show>
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A native select over choices; a current value that is not among them stays shown. */
export function SelectInput(
  props: InputBase & {
    value: string | undefined;
    choices: readonly Choice[];
    onChange: (value: string) => void;
    /** A first entry for "nothing chosen" (value ""). */
    empty?: string;
  },
) {
  const [local] = splitProps(props, ["choices"]);
  const known = () => local.choices.some((c) => c.value === props.value);
  return (
    <select
      id={props.id}
      class={`cfg-input ${props.class ?? ""}`}
      classList={{ invalid: !!props.error }}
      data-testid={props.testid}
      aria-label={props.ariaLabel}
      disabled={props.disabled}
      value={props.value ?? ""}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      {...invalidAttrs(props.id, props.error)}
    >
      <Show when={props.empty !== undefined}>
        <option value="" selected={!props.value}>
          {props.empty}
        </option>
      </Show>
      <Show when={props.value && !known()}>
        <option value={props.value} selected>
          {props.value}
        </option>
      </Show>
      <For each={local.choices}>
        {(c) => (
          <option value={c.value} selected={c.value === props.value}>
            {c.label}
          </option>
        )}
      </For>
    </select>
  );
}

/** Choices from names, with optional labels. */
export function choices(values: readonly string[], labels: Record<string, string> = {}): Choice[] {
  return values.map((value) => ({ value, label: labels[value] ?? value }));
}

/** Up, down and remove buttons of a row in an ordered list. */
export function RowButtons(props: {
  index: number;
  count: number;
  what: string;
  onMove?: (to: number) => void;
  onRemove?: () => void;
  testid?: string;
}) {
  return (
    <span class="cfg-row-buttons">
      <Show when={props.onMove}>
        <button
          type="button"
          class="cfg-icon"
          aria-label={`Move ${props.what} up`}
          title="Move up"
          disabled={props.index === 0}
          onClick={() => props.onMove?.(props.index - 1)}
        >
          ↑
        </button>
        <button
          type="button"
          class="cfg-icon"
          aria-label={`Move ${props.what} down`}
          title="Move down"
          disabled={props.index >= props.count - 1}
          onClick={() => props.onMove?.(props.index + 1)}
        >
          ↓
        </button>
      </Show>
      <Show when={props.onRemove}>
        <button
          type="button"
          class="cfg-icon"
          aria-label={`Remove ${props.what}`}
          title="Remove"
          data-testid={props.testid}
          onClick={() => props.onRemove?.()}
        >
          ✕
        </button>
      </Show>
    </span>
  );
}
