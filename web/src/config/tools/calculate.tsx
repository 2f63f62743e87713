import { Index } from "solid-js";
import type { ColumnInfo } from "../../lib/api";
import { ColumnsNotice } from "../fields/column-picker";
import { ExpressionEditor } from "../fields/expression-editor";
import { RowButtons, TextInput } from "../fields/inputs";
import { moveItem, removeAt } from "../list-ops";
import type { ToolContext } from "../tool-context";

interface CalculateColumn {
  name: string;
  expression: string;
}

/** Calculate: columns made from expressions, in order; a name that exists is replaced in place. */
export function CalculateForm(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const rows = () => ctx.config<{ columns?: CalculateColumn[] }>().columns ?? [];
  const setRows = (next: CalculateColumn[], gesture?: string) => ctx.set("columns", next, gesture);
  const setField = (i: number, key: keyof CalculateColumn, value: string) =>
    ctx.update<{ columns: CalculateColumn[] }>((c) => {
      const row = c.columns[i];
      if (row) row[key] = value;
    }, `columns.${i}.${key}`);

  /** What an expression of row `i` can use: the incoming columns and the ones made above it. */
  const available = (i: number): ColumnInfo[] => {
    const incoming = ctx.columns().columns;
    const made = rows()
      .slice(0, i)
      .filter((r) => r.name && !incoming.some((c) => c.name === r.name))
      .map((r) => ({ name: r.name, dtype: "calculated" }));
    return [...incoming, ...made];
  };

  const newName = () => {
    const taken = new Set([...rows().map((r) => r.name), ...ctx.columns().columns.map((c) => c.name)]);
    let n = 1;
    while (taken.has(`new_column_${n}`)) n++;
    return `new_column_${n}`;
  };

  return (
    <div class="cfg-form">
      <ColumnsNotice columns={ctx.columns()} />
      <Index each={rows()} fallback={<p class="cfg-empty muted">No columns yet: add one.</p>}>
        {(row, i) => (
          <fieldset class="cfg-card" data-testid={`calculate-row-${i}`}>
            <legend class="cfg-card-title">
              Column {i + 1}
              <RowButtons
                index={i}
                count={rows().length}
                what={`column ${row().name || i + 1}`}
                onMove={(to) => setRows(moveItem(rows(), i, to))}
                onRemove={() => setRows(removeAt(rows(), i))}
              />
            </legend>
            <label class="cfg-label" for={ctx.fieldId(`columns-${i}-name`)}>
              Name
            </label>
            <TextInput
              id={ctx.fieldId(`columns-${i}-name`)}
              testid={`field-columns-${i}-name`}
              value={row().name}
              list={ctx.fieldId("names")}
              placeholder="column name"
              onInput={(v) => setField(i, "name", v)}
            />
            <label class="cfg-label" for={ctx.fieldId(`columns-${i}-expression`)}>
              Expression
            </label>
            <ExpressionEditor
              id={ctx.fieldId(`columns-${i}-expression`)}
              testid={i === 0 ? "field-expression" : `field-columns-${i}-expression`}
              value={row().expression}
              columns={available(i)}
              functions={ctx.functions()}
              error={ctx.fieldError(`columns.${i}`)}
              onInput={(v) => setField(i, "expression", v)}
            />
          </fieldset>
        )}
      </Index>
      <datalist id={ctx.fieldId("names")}>
        {ctx.columns().columns.map((c) => (
          <option value={c.name} />
        ))}
      </datalist>
      <button
        type="button"
        class="cfg-button"
        data-testid="calculate-add"
        onClick={() => setRows([...rows(), { name: newName(), expression: "" }])}
      >
        + Add column
      </button>
      <p class="cfg-hint">
        A name that exists replaces that column in place. Ctrl+Space suggests columns and functions.
      </p>
    </div>
  );
}
