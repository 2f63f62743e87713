import { ColumnsNotice } from "../fields/column-picker";
import { FormulaBuilder } from "../fields/formula-builder";
import type { FormulaRow } from "../formula-args";
import { catalogueOf } from "../server-data";
import type { ToolContext } from "../tool-context";

/** Formula: new columns from the no-code catalogue (no expression text). */
export function FormulaForm(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const rows = () => ctx.config<{ formulas?: FormulaRow[] }>().formulas ?? [];
  return (
    <div class="cfg-form">
      <ColumnsNotice columns={ctx.columns()} />
      <FormulaBuilder
        idPrefix={ctx.fieldId("formulas")}
        rows={rows()}
        catalogue={catalogueOf(ctx.schema())}
        columns={ctx.columns()}
        errorAt={(path) => ctx.fieldError(path)}
        onChange={(next, gesture) => ctx.set("formulas", next, gesture)}
      />
    </div>
  );
}
