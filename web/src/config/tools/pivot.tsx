import { ColumnList, ColumnSelect, ColumnsNotice } from "../fields/column-picker";
import { choices, Field, SelectInput } from "../fields/inputs";
import { descriptionAt, enumAt } from "../json-schema";
import { asList } from "../list-ops";
import type { ToolContext } from "../tool-context";

interface PivotConfig {
  index: string[];
  on: string;
  values: string | string[];
  aggregate: string;
}

/** Pivot: index columns, the column whose values become columns, the value columns and the aggregate. */
export function PivotForm(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const config = () => ctx.config<PivotConfig>();
  const index = () => asList(config().index);
  const values = () => asList(config().values);
  const schema = () => ctx.schema();
  return (
    <div class="cfg-form">
      <ColumnsNotice columns={ctx.columns()} />
      <ColumnList
        id={ctx.fieldId("index")}
        label="Rows: one per combination of"
        testid="field-index"
        value={index()}
        columns={ctx.columns()}
        exclude={new Set([config().on, ...values()])}
        hint={descriptionAt(schema(), "index")}
        error={ctx.fieldError("index")}
        onChange={(names) => ctx.set("index", names)}
      />
      <Field
        label="Columns: one per value of"
        for={ctx.fieldId("on")}
        hint={descriptionAt(schema(), "on")}
        error={ctx.fieldError("on")}
      >
        <ColumnSelect
          id={ctx.fieldId("on")}
          testid="field-on"
          value={config().on}
          columns={ctx.columns()}
          onChange={(name) => ctx.set("on", name)}
        />
      </Field>
      <ColumnList
        id={ctx.fieldId("values")}
        label="Cell values from"
        testid="field-values"
        value={values()}
        columns={ctx.columns()}
        exclude={new Set([config().on, ...index()])}
        hint={descriptionAt(schema(), "values")}
        error={ctx.fieldError("values")}
        onChange={(names) => ctx.set("values", names)}
      />
      <Field label="Combine the values of a cell by" for={ctx.fieldId("aggregate")}>
        <SelectInput
          id={ctx.fieldId("aggregate")}
          testid="field-aggregate"
          value={config().aggregate}
          choices={choices(enumAt(schema(), "aggregate"))}
          onChange={(v) => ctx.set("aggregate", v)}
        />
      </Field>
    </div>
  );
}
