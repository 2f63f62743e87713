import { ColumnList, ColumnsNotice } from "../fields/column-picker";
import { Field, TextInput } from "../fields/inputs";
import { defaultAt, descriptionAt } from "../json-schema";
import type { ToolContext } from "../tool-context";

interface UnpivotConfig {
  index?: string[];
  on?: string[];
  variable_name?: string;
  value_name?: string;
}

/** Unpivot: the columns that stay, the columns turned into rows (none: all others), and the two new names. */
export function UnpivotForm(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const config = () => ctx.config<UnpivotConfig>();
  const schema = () => ctx.schema();
  const setName = (key: "variable_name" | "value_name", v: string) =>
    ctx.update<UnpivotConfig>((c) => {
      if (v === "") delete c[key];
      else c[key] = v;
    }, key);
  return (
    <div class="cfg-form">
      <ColumnsNotice columns={ctx.columns()} />
      <ColumnList
        id={ctx.fieldId("index")}
        label="Columns that stay"
        testid="field-index"
        value={config().index ?? []}
        columns={ctx.columns()}
        exclude={new Set(config().on ?? [])}
        hint={descriptionAt(schema(), "index")}
        error={ctx.fieldError("index")}
        onChange={(names) => ctx.set("index", names)}
      />
      <ColumnList
        id={ctx.fieldId("on")}
        label="Columns turned into rows"
        testid="field-on"
        value={config().on ?? []}
        columns={ctx.columns()}
        exclude={new Set(config().index ?? [])}
        hint="None chosen: every column that does not stay."
        error={ctx.fieldError("on")}
        onChange={(names) =>
          ctx.update<UnpivotConfig>((c) => {
            if (names.length === 0) delete c.on;
            else c.on = names;
          })
        }
      />
      <Field label="Name of the column of former column names" for={ctx.fieldId("variable_name")}>
        <TextInput
          id={ctx.fieldId("variable_name")}
          testid="field-variable_name"
          value={config().variable_name ?? ""}
          placeholder={String(defaultAt(schema(), "variable_name") ?? "variable")}
          onInput={(v) => setName("variable_name", v)}
        />
      </Field>
      <Field label="Name of the column of values" for={ctx.fieldId("value_name")}>
        <TextInput
          id={ctx.fieldId("value_name")}
          testid="field-value_name"
          value={config().value_name ?? ""}
          placeholder={String(defaultAt(schema(), "value_name") ?? "value")}
          onInput={(v) => setName("value_name", v)}
        />
      </Field>
    </div>
  );
}
