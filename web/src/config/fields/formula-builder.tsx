import { createMemo, Index, Match, Show, Switch } from "solid-js";
import {
  type ArgSlot,
  addRepeat,
  argsFor,
  type FormulaArg,
  type FormulaRow,
  parseArgValue,
  removeArg,
  setArg,
  signatureOf,
  slotsOf,
} from "../formula-args";
import { moveItem, removeAt, replaceAt } from "../list-ops";
import type { CatalogueFunction } from "../server-data";
import type { SocketColumns } from "../socket-columns";
import { ColumnSelect } from "./column-picker";
import { FieldError, NumberInput, RowButtons, SelectInput, TextInput } from "./inputs";
import { SearchSelect } from "./search-select";

const CATEGORY_LABELS: Record<string, string> = {
  arithmetic: "Arithmetic",
  rounding: "Rounding",
  text: "Text",
  date: "Dates",
  null: "Missing values",
  comparison: "Comparison",
  logic: "Logic",
  conversion: "Conversion",
};

/**
 * The Formula tool's no-code builder: rows of {output, function, args}, the function picked
 * from the catalogue the Server serves with the formula schema (searchable, by category),
 * each parameter a column picker, a typed value, or either (a Column/Value switch).
 */
export function FormulaBuilder(props: {
  idPrefix: string;
  rows: readonly FormulaRow[];
  catalogue: readonly CatalogueFunction[];
  columns: SocketColumns;
  onChange: (rows: FormulaRow[], gesture?: string) => void;
  errorAt: (path: string) => string | undefined;
}) {
  const byName = createMemo(() => new Map(props.catalogue.map((f) => [f.name, f])));
  const options = createMemo(() =>
    props.catalogue.map((f) => ({
      value: f.name,
      label: f.label,
      group: CATEGORY_LABELS[f.category] ?? f.category,
      detail: signatureOf(f),
    })),
  );
  const setRow = (i: number, row: FormulaRow, gesture?: string) =>
    props.onChange(replaceAt(props.rows, i, row), gesture);

  const newName = () => {
    const taken = new Set(props.rows.map((r) => r.output));
    let n = 1;
    while (taken.has(`new_column_${n}`)) n++;
    return `new_column_${n}`;
  };

  return (
    <div class="cfg-formulas" data-testid="formula-builder">
      <Index each={props.rows} fallback={<p class="cfg-empty muted">No formulas yet.</p>}>
        {(rowOf, i) => {
          const row = () => rowOf();
          const fn = () => byName().get(row().function);
          const id = (name: string) => `${props.idPrefix}-${i}-${name}`;
          const args = () => row().args ?? [];
          return (
            <fieldset class="cfg-card" data-testid={`formula-row-${i}`}>
              <legend class="cfg-card-title">
                Formula {i + 1}
                <RowButtons
                  index={i}
                  count={props.rows.length}
                  what={`formula ${i + 1}`}
                  onMove={(to) => props.onChange(moveItem(props.rows, i, to))}
                  onRemove={() => props.onChange(removeAt(props.rows, i))}
                />
              </legend>
              <div class="cfg-grid2">
                <label class="cfg-label" for={id("output")}>
                  Output column
                </label>
                <TextInput
                  id={id("output")}
                  testid={`field-formulas-${i}-output`}
                  value={row().output}
                  placeholder="new column"
                  onInput={(v) => setRow(i, { ...row(), output: v }, `formulas.${i}.output`)}
                />
                <label class="cfg-label" for={id("function")}>
                  Function
                </label>
                <SearchSelect
                  id={id("function")}
                  testid={`field-formulas-${i}-function`}
                  ariaLabel="Function"
                  placeholder="Choose a function…"
                  value={row().function || undefined}
                  options={options()}
                  invalid={!row().function}
                  onChange={(name) => {
                    const next = byName().get(name);
                    if (next) setRow(i, { ...row(), function: name, args: argsFor(next, args()) });
                  }}
                />
              </div>
              <Show when={fn()} fallback={<p class="cfg-hint">Choose a function to see its arguments.</p>}>
                {(f) => (
                  <>
                    <p class="cfg-hint">{f().description}</p>
                    <Index each={slotsOf(f(), args())}>
                      {(slotOf) => (
                        <ArgInput
                          id={id(`arg${slotOf().index}`)}
                          slot={slotOf()}
                          arg={args()[slotOf().index]}
                          columns={props.columns}
                          onChange={(arg, gesture) =>
                            setRow(
                              i,
                              { ...row(), args: setArg(f(), args(), slotOf().index, arg) },
                              gesture ? `formulas.${i}.args.${slotOf().index}` : undefined,
                            )
                          }
                          onRemove={() => setRow(i, { ...row(), args: removeArg(args(), slotOf().index) })}
                        />
                      )}
                    </Index>
                    <Show when={f().params.at(-1)?.repeat}>
                      <button
                        type="button"
                        class="cfg-button small"
                        onClick={() => setRow(i, { ...row(), args: addRepeat(f(), args()) })}
                      >
                        + Add {f().params.at(-1)?.label.toLowerCase()}
                      </button>
                    </Show>
                  </>
                )}
              </Show>
              <Show when={row().function}>
                <FieldError error={props.errorAt(`formulas.${i}`)} />
              </Show>
            </fieldset>
          );
        }}
      </Index>
      <button
        type="button"
        class="cfg-button"
        data-testid="formula-add"
        onClick={() => props.onChange([...props.rows, { output: newName(), function: "", args: [] }])}
      >
        + Add formula
      </button>
    </div>
  );
}

/** One argument: a column, a value typed by the parameter, or either. */
function ArgInput(props: {
  id: string;
  slot: ArgSlot;
  arg: FormulaArg | undefined;
  columns: SocketColumns;
  onChange: (arg: FormulaArg | undefined, typing?: boolean) => void;
  onRemove: () => void;
}) {
  const param = () => props.slot.param;
  const isColumn = () =>
    param().kind === "column" || (param().kind === "either" && (props.arg === undefined || "column" in props.arg));
  const value = () => (props.arg && "value" in props.arg ? props.arg.value : undefined);
  const label = () =>
    `${param().label}${props.slot.repeat !== undefined ? ` ${props.slot.repeat + 1}` : ""}${param().optional ? " (optional)" : ""}`;
  const setValue = (v: string | number | boolean | null | undefined, typing = false) =>
    props.onChange(v === undefined || (v === "" && param().optional) ? undefined : { value: v }, typing);

  return (
    <div class="cfg-arg">
      <label class="cfg-label" for={props.id}>
        {label()}
      </label>
      <div class="cfg-arg-inputs">
        <Show when={param().kind === "either"}>
          <SelectInput
            ariaLabel={`${label()}: column or value`}
            class="cfg-arg-kind"
            value={isColumn() ? "column" : "value"}
            choices={[
              { value: "column", label: "Column" },
              { value: "value", label: "Value" },
            ]}
            onChange={(kind) =>
              props.onChange(
                kind === "column"
                  ? { column: "" }
                  : { value: param().type === "boolean" ? false : (param().default ?? null) },
              )
            }
          />
        </Show>
        <Switch>
          <Match when={isColumn()}>
            <ColumnSelect
              id={props.id}
              ariaLabel={label()}
              value={props.arg && "column" in props.arg ? props.arg.column : ""}
              columns={props.columns}
              onChange={(name) => props.onChange({ column: name })}
            />
          </Match>
          <Match when={param().type === "boolean"}>
            <SelectInput
              id={props.id}
              value={value() === undefined || value() === null ? "" : String(value())}
              empty={param().optional ? "(default)" : "Choose…"}
              choices={[
                { value: "true", label: "true" },
                { value: "false", label: "false" },
              ]}
              onChange={(v) => setValue(v === "" ? undefined : v === "true")}
            />
          </Match>
          <Match when={param().type === "number" || param().type === "integer"}>
            <NumberInput
              id={props.id}
              value={typeof value() === "number" ? (value() as number) : null}
              min={param().min}
              step={param().type === "integer" ? 1 : "any"}
              placeholder={param().default !== undefined ? String(param().default) : ""}
              onInput={(v) => setValue(v === undefined ? (param().optional ? undefined : null) : v, true)}
            />
          </Match>
          <Match when={true}>
            <TextInput
              id={props.id}
              value={value() === undefined || value() === null ? "" : String(value())}
              placeholder={
                param().default !== undefined
                  ? String(param().default)
                  : param().type === "date"
                    ? "2024-01-31"
                    : param().type === "datetime"
                      ? "2024-01-31 12:00:00"
                      : ""
              }
              onInput={(text) => setValue(parseArgValue(text, param().type), true)}
            />
          </Match>
        </Switch>
        <Show when={props.slot.removable}>
          <button type="button" class="cfg-icon" aria-label={`Remove ${label()}`} onClick={() => props.onRemove()}>
            ✕
          </button>
        </Show>
      </div>
    </div>
  );
}
