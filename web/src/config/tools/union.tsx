import { useEditor } from "../../state/editor";
import { Checkbox, choices, Field, SelectInput } from "../fields/inputs";
import { defaultAt, enumAt } from "../json-schema";
import type { ToolContext } from "../tool-context";

interface UnionConfig {
  mode?: string;
  fill_missing?: boolean;
}

const MODE_LABELS: Record<string, string> = {
  by_name: "By column name",
  by_position: "By column position",
};

/** Union: how the inputs' columns line up, and whether a missing column is filled with nulls. */
export function UnionForm(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const editor = useEditor();
  const config = () => ctx.config<UnionConfig>();
  const inputs = () => editor.state.doc.wires.filter((w) => w.target === ctx.id).length;
  return (
    <div class="cfg-form">
      <p class="cfg-notice muted" data-testid="union-inputs">
        {inputs() === 0
          ? "Connect two or more tools to the input."
          : `${inputs()} input${inputs() === 1 ? "" : "s"}, stacked in the order they were wired.`}
      </p>
      <Field label="Line columns up" for={ctx.fieldId("mode")}>
        <SelectInput
          id={ctx.fieldId("mode")}
          testid="field-mode"
          value={config().mode ?? (defaultAt(ctx.schema(), "mode") as string | undefined) ?? "by_name"}
          choices={choices(enumAt(ctx.schema(), "mode"), MODE_LABELS)}
          onChange={(v) => ctx.set("mode", v)}
        />
      </Field>
      <Checkbox
        id={ctx.fieldId("fill_missing")}
        testid="field-fill_missing"
        label="Fill missing columns with nulls"
        checked={config().fill_missing ?? (defaultAt(ctx.schema(), "fill_missing") as boolean | undefined) ?? true}
        onChange={(v) => ctx.set("fill_missing", v)}
      />
    </div>
  );
}
