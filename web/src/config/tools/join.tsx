import { Index, Show } from "solid-js";
import { ColumnSelect, ColumnsNotice } from "../fields/column-picker";
import { choices, Field, RowButtons, SelectInput, TextInput } from "../fields/inputs";
import { defaultAt, enumAt } from "../json-schema";
import { asList, removeAt } from "../list-ops";
import type { ToolContext } from "../tool-context";

interface JoinConfig {
  how?: string;
  left_on?: string | string[];
  right_on?: string | string[];
  suffix?: string;
}

const HOW_LABELS: Record<string, string> = {
  inner: "Inner: rows that match",
  left: "Left: every left row",
  right: "Right: every right row",
  full: "Full: every row of both",
  cross: "Cross: every pair of rows",
};

/** Join: the kind, the key pairs (left column = right column, each side from its own input) and the suffix. */
export function JoinForm(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const config = () => ctx.config<JoinConfig>();
  const left = () => asList(config().left_on);
  const right = () => asList(config().right_on);
  const pairs = () => Math.max(left().length, right().length);
  const how = () => config().how ?? (defaultAt(ctx.schema(), "how") as string | undefined) ?? "inner";
  const setKeys = (l: string[], r: string[]) =>
    ctx.update<JoinConfig>((c) => {
      c.left_on = l;
      c.right_on = r;
    });
  const pad = (list: string[], n: number) => [...list, ...Array<string>(Math.max(0, n - list.length)).fill("")];

  function addPair() {
    const l = pad(left(), pairs());
    const r = pad(right(), pairs());
    // Offer a column the two sides share by name and that is not a key yet.
    const rightNames = new Set(ctx.columns("input-right").columns.map((c) => c.name));
    const common = ctx.columns("input-left").columns.find((c) => rightNames.has(c.name) && !l.includes(c.name));
    setKeys([...l, common?.name ?? ""], [...r, common?.name ?? ""]);
  }

  return (
    <div class="cfg-form">
      <Field label="Kind of join" for={ctx.fieldId("how")}>
        <SelectInput
          id={ctx.fieldId("how")}
          testid="field-how"
          value={how()}
          choices={choices(enumAt(ctx.schema(), "how"), HOW_LABELS)}
          onChange={(v) => ctx.set("how", v)}
        />
      </Field>
      <ColumnsNotice columns={ctx.columns("input-left")} socket="left input (L)" />
      <ColumnsNotice columns={ctx.columns("input-right")} socket="right input (R)" />
      <Show when={how() !== "cross"} fallback={<p class="cfg-hint">A cross join takes no keys.</p>}>
        <fieldset class="cfg-field" data-testid="field-keys">
          <legend class="cfg-label">Match on (left = right)</legend>
          <Index
            each={Array.from({ length: pairs() }, (_, i) => i)}
            fallback={<p class="cfg-empty muted">No keys yet.</p>}
          >
            {(_, i) => (
              <div class="cfg-key-row" data-testid={`join-key-${i}`}>
                <ColumnSelect
                  ariaLabel={`Left key ${i + 1}`}
                  testid={`field-left_on-${i}`}
                  value={left()[i] ?? ""}
                  columns={ctx.columns("input-left")}
                  onChange={(name) => setKeys(pad(left(), pairs()).with(i, name), pad(right(), pairs()))}
                />
                <span aria-hidden="true">=</span>
                <ColumnSelect
                  ariaLabel={`Right key ${i + 1}`}
                  testid={`field-right_on-${i}`}
                  value={right()[i] ?? ""}
                  columns={ctx.columns("input-right")}
                  onChange={(name) => setKeys(pad(left(), pairs()), pad(right(), pairs()).with(i, name))}
                />
                <RowButtons
                  index={i}
                  count={pairs()}
                  what={`key ${i + 1}`}
                  onRemove={() => setKeys(removeAt(pad(left(), pairs()), i), removeAt(pad(right(), pairs()), i))}
                />
              </div>
            )}
          </Index>
          <button type="button" class="cfg-button" data-testid="join-add-key" onClick={addPair}>
            + Add key
          </button>
        </fieldset>
      </Show>
      <Field label="Suffix for clashing right columns" for={ctx.fieldId("suffix")} error={ctx.fieldError("suffix")}>
        <TextInput
          id={ctx.fieldId("suffix")}
          testid="field-suffix"
          value={config().suffix ?? ""}
          placeholder={String(defaultAt(ctx.schema(), "suffix") ?? "_right")}
          onInput={(v) =>
            ctx.update<JoinConfig>((c) => {
              if (v === "") delete c.suffix;
              else c.suffix = v;
            }, "suffix")
          }
        />
      </Field>
      <p class="cfg-hint">J carries the joined rows; L and R the left and right rows that matched nothing.</p>
    </div>
  );
}
