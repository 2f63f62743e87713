import { For, Match, Show, Switch } from "solid-js";
import { ColumnSelect, ColumnsNotice, dtypeOf } from "../fields/column-picker";
import { ExpressionEditor } from "../fields/expression-editor";
import { choices, Field, SelectInput } from "../fields/inputs";
import { TypedText } from "../fields/typed-text";
import {
  type BasicFilter,
  basicToExpression,
  type FilterScalar,
  type FilterValue,
  formatValue,
  LIST_VALUE,
  NO_VALUE,
  OPERATOR_LABELS,
  parseList,
  parseScalar,
} from "../filter-value";
import { enumAt } from "../json-schema";
import type { ToolContext } from "../tool-context";

type FilterConfig = BasicFilter | { mode: "expression"; expression: string };

/** Filter: a column, an operator and a value (basic), or an expression; T gets the matching rows, F the others. */
export function FilterForm(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const config = () => ctx.config<FilterConfig>();
  const basic = () => config() as BasicFilter;
  const columns = () => ctx.columns();
  const operators = () => enumAt(ctx.schema(), "operator");
  const dtype = () => dtypeOf(columns(), basic().column);

  function setMode(mode: string) {
    const current = config();
    if (mode === current.mode) return;
    if (mode === "expression") ctx.replace({ mode, expression: basicToExpression(current as BasicFilter) });
    else ctx.replace({ mode: "basic", column: "", operator: "==" });
  }

  function setOperator(operator: string) {
    ctx.update<BasicFilter>((c) => {
      const old = c.value;
      const first = Array.isArray(old) ? (old[0] ?? null) : (old ?? null);
      c.operator = operator;
      if (NO_VALUE.has(operator)) delete c.value;
      else if (LIST_VALUE.has(operator)) c.value = Array.isArray(old) ? old : first === null ? [] : [first];
      else if (operator === "between") c.value = Array.isArray(old) ? [old[0] ?? null, old[1] ?? null] : [first, null];
      else c.value = first ?? "";
    });
  }

  const setValue = (value: FilterValue) => ctx.set("value", value, "value");
  const pair = (): FilterScalar[] => (Array.isArray(basic().value) ? (basic().value as FilterScalar[]) : []);

  return (
    <div class="cfg-form">
      <fieldset class="cfg-field cfg-radios" data-testid="field-mode">
        <legend class="cfg-label">Condition</legend>
        <For each={["basic", "expression"]}>
          {(mode) => (
            <label>
              <input
                type="radio"
                name={ctx.fieldId("mode")}
                value={mode}
                checked={config().mode === mode}
                data-testid={`field-mode-${mode}`}
                onChange={() => setMode(mode)}
              />
              {mode === "basic" ? "Column, operator, value" : "Expression"}
            </label>
          )}
        </For>
      </fieldset>
      <ColumnsNotice columns={columns()} />
      <Switch>
        <Match when={config().mode === "expression"}>
          <Field label="Expression" for={ctx.fieldId("expression")} hint="True keeps the row (T); Ctrl+Space suggests.">
            <ExpressionEditor
              id={ctx.fieldId("expression")}
              testid="field-expression"
              value={(config() as { expression: string }).expression ?? ""}
              columns={columns().columns}
              functions={ctx.functions()}
              error={ctx.fieldError("expression")}
              placeholder='pl.col("price") > 10'
              onInput={(v) => ctx.set("expression", v, "expression")}
            />
          </Field>
        </Match>
        <Match when={config().mode === "basic"}>
          <Field label="Column" for={ctx.fieldId("column")} error={ctx.fieldError("column")}>
            <ColumnSelect
              id={ctx.fieldId("column")}
              testid="field-column"
              value={basic().column}
              columns={columns()}
              onChange={(name) => ctx.set("column", name)}
            />
          </Field>
          <Field label="Operator" for={ctx.fieldId("operator")}>
            <SelectInput
              id={ctx.fieldId("operator")}
              testid="field-operator"
              value={basic().operator}
              choices={choices(operators(), OPERATOR_LABELS)}
              onChange={setOperator}
            />
          </Field>
          <Show when={!NO_VALUE.has(basic().operator)}>
            <Switch>
              <Match when={basic().operator === "between"}>
                <fieldset class="cfg-field">
                  <legend class="cfg-label">Between (inclusive)</legend>
                  <div class="cfg-pair">
                    <TypedText
                      ariaLabel="From"
                      testid="field-value-from"
                      value={pair()[0] ?? null}
                      format={(v) => formatValue(v)}
                      parse={(t) => parseScalar(t, dtype())}
                      onInput={(v) => setValue([v, pair()[1] ?? null])}
                    />
                    <span>and</span>
                    <TypedText
                      ariaLabel="To"
                      testid="field-value-to"
                      value={pair()[1] ?? null}
                      format={(v) => formatValue(v)}
                      parse={(t) => parseScalar(t, dtype())}
                      onInput={(v) => setValue([pair()[0] ?? null, v])}
                    />
                  </div>
                </fieldset>
              </Match>
              <Match when={LIST_VALUE.has(basic().operator)}>
                <Field label="Values" for={ctx.fieldId("value")} hint="Separated by commas">
                  <TypedText
                    id={ctx.fieldId("value")}
                    testid="field-value"
                    value={(Array.isArray(basic().value) ? basic().value : []) as FilterScalar[]}
                    format={(v) => formatValue(v)}
                    parse={(t) => parseList(t, dtype())}
                    onInput={setValue}
                  />
                </Field>
              </Match>
              <Match when={true}>
                <Field label="Value" for={ctx.fieldId("value")} hint={dtype() ? `Compared as ${dtype()}` : undefined}>
                  <TypedText
                    id={ctx.fieldId("value")}
                    testid="field-value"
                    value={(Array.isArray(basic().value) ? null : (basic().value ?? null)) as FilterScalar}
                    format={(v) => formatValue(v)}
                    parse={(t) => parseScalar(t, dtype())}
                    onInput={setValue}
                  />
                </Field>
              </Match>
            </Switch>
          </Show>
        </Match>
      </Switch>
    </div>
  );
}
