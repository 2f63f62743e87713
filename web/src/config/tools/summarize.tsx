import { Index } from "solid-js";
import { ColumnList, ColumnSelect, ColumnsNotice } from "../fields/column-picker";
import { choices, RowButtons, SelectInput, TextInput } from "../fields/inputs";
import { enumAt } from "../json-schema";
import { moveItem, removeAt } from "../list-ops";
import type { ToolContext } from "../tool-context";

interface Aggregation {
  column: string;
  function: string;
  output?: string;
}

interface SummarizeConfig {
  group_by?: string[];
  aggregations?: Aggregation[];
}

const FUNCTION_LABELS: Record<string, string> = {
  count_distinct: "count distinct",
  std: "standard deviation",
  var: "variance",
  concat: "concatenate",
};

/** Summarize: the group-by columns and the aggregations, each {column, function, output?}. */
export function SummarizeForm(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const config = () => ctx.config<SummarizeConfig>();
  const aggs = () => config().aggregations ?? [];
  const functions = () => enumAt(ctx.schema(), "aggregations.function");
  const setAggs = (next: Aggregation[], gesture?: string) => ctx.set("aggregations", next, gesture);
  const setAgg = (i: number, patch: Partial<Aggregation>, gesture?: string) =>
    setAggs(
      aggs().map((a, j) => {
        if (j !== i) return a;
        const next = { ...a, ...patch };
        if (!next.output) delete next.output;
        return next;
      }),
      gesture,
    );

  return (
    <div class="cfg-form">
      <ColumnsNotice columns={ctx.columns()} />
      <ColumnList
        id={ctx.fieldId("group_by")}
        label="Group by"
        testid="field-group_by"
        value={config().group_by ?? []}
        columns={ctx.columns()}
        hint="One output row per combination of their values; none: one row for all."
        error={ctx.fieldError("group_by")}
        onChange={(names) => ctx.set("group_by", names)}
      />
      <fieldset class="cfg-field" data-testid="field-aggregations">
        <legend class="cfg-label">Aggregations</legend>
        <Index each={aggs()} fallback={<p class="cfg-empty muted">None yet.</p>}>
          {(agg, i) => (
            <div class="cfg-agg-row" data-testid={`aggregation-row-${i}`}>
              <ColumnSelect
                ariaLabel={`Column of aggregation ${i + 1}`}
                value={agg().column}
                columns={ctx.columns()}
                error={ctx.fieldError(`aggregations.${i}`)}
                onChange={(column) => setAgg(i, { column })}
              />
              <SelectInput
                ariaLabel={`Function of aggregation ${i + 1}`}
                value={agg().function}
                choices={choices(functions(), FUNCTION_LABELS)}
                onChange={(fn) => setAgg(i, { function: fn })}
              />
              <TextInput
                ariaLabel={`Output name of aggregation ${i + 1}`}
                value={agg().output ?? ""}
                placeholder={agg().column ? `${agg().column}_${agg().function}` : "output name"}
                onInput={(output) => setAgg(i, { output }, `aggregations.${i}.output`)}
              />
              <RowButtons
                index={i}
                count={aggs().length}
                what={`aggregation ${i + 1}`}
                onMove={(to) => setAggs(moveItem(aggs(), i, to))}
                onRemove={() => setAggs(removeAt(aggs(), i))}
              />
            </div>
          )}
        </Index>
        <button
          type="button"
          class="cfg-button"
          data-testid="aggregation-add"
          onClick={() => {
            const grouped = new Set(config().group_by ?? []);
            const column = ctx.columns().columns.find((c) => !grouped.has(c.name))?.name ?? "";
            setAggs([...aggs(), { column, function: functions()[0] ?? "sum" }]);
          }}
        >
          + Add aggregation
        </button>
      </fieldset>
    </div>
  );
}
