import { Index, Show } from "solid-js";
import { ColumnsNotice } from "../fields/column-picker";
import { Checkbox, RowButtons, TextInput } from "../fields/inputs";
import { moveItem, removeAt } from "../list-ops";
import { COMMON_DTYPES, type SelectConfig, type SelectRow, selectColumnsOf, selectRows } from "../select-rows";
import type { ToolContext } from "../tool-context";

/**
 * Select: every column arriving, in the output order, each kept or dropped, renamed and
 * retyped; columns the config does not list follow `keep_others`. Any edit writes the full
 * list, so the order on screen is the order of the output.
 */
export function SelectForm(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const config = () => ctx.config<SelectConfig>();
  const incoming = () => (ctx.columns().status === "ready" ? ctx.columns().columns : undefined);
  const rows = () => selectRows({ columns: config().columns ?? [], keep_others: config().keep_others }, incoming());
  const write = (next: SelectRow[], gesture?: string) => ctx.set("columns", selectColumnsOf(next), gesture);
  const edit = (i: number, patch: Partial<SelectRow>, gesture?: string) =>
    write(
      rows().map((r, j) => (j === i ? { ...r, ...patch } : r)),
      gesture,
    );
  const selectedCount = () => rows().filter((r) => r.selected).length;

  return (
    <div class="cfg-form">
      <ColumnsNotice columns={ctx.columns()} />
      <div class="cfg-toolbar">
        <span class="muted">
          {selectedCount()} of {rows().length} kept
        </span>
        <button
          type="button"
          class="cfg-button small"
          onClick={() => write(rows().map((r) => ({ ...r, selected: true })))}
        >
          All
        </button>
        <button
          type="button"
          class="cfg-button small"
          onClick={() => write(rows().map((r) => ({ ...r, selected: false })))}
        >
          None
        </button>
        <button
          type="button"
          class="cfg-button small"
          title="Forget the order, names and types set here"
          onClick={() => ctx.set("columns", [])}
        >
          Reset
        </button>
      </div>
      <table class="cfg-table" aria-label="Columns" data-testid="field-columns">
        <thead>
          <tr>
            <th scope="col">Keep</th>
            <th scope="col">Column</th>
            <th scope="col">Rename</th>
            <th scope="col">Type</th>
            <th scope="col">
              <span class="visually-hidden">Order</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <Index each={rows()}>
            {(row, i) => (
              <tr
                classList={{ dropped: !row().selected, missing: row().missing }}
                data-testid={`select-row-${row().name}`}
              >
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Keep ${row().name}`}
                    checked={row().selected}
                    onChange={(e) => edit(i, { selected: e.currentTarget.checked })}
                  />
                </td>
                <td class="cfg-col-cell" title={row().name}>
                  <span class="cfg-col-name">{row().name}</span>
                  <span class="cfg-dtype">{row().missing ? "missing" : (row().incoming ?? "")}</span>
                </td>
                <td>
                  <TextInput
                    ariaLabel={`Rename ${row().name}`}
                    value={row().rename}
                    placeholder={row().name}
                    onInput={(v) => edit(i, { rename: v }, `columns.${row().name}.rename`)}
                  />
                </td>
                <td>
                  <TextInput
                    ariaLabel={`Type of ${row().name}`}
                    list={ctx.fieldId("dtypes")}
                    value={row().dtype}
                    placeholder={row().incoming ?? ""}
                    onInput={(v) => edit(i, { dtype: v }, `columns.${row().name}.dtype`)}
                  />
                </td>
                <td>
                  <Show
                    when={!row().missing}
                    fallback={
                      <RowButtons
                        index={i}
                        count={rows().length}
                        what={row().name}
                        onRemove={() => write(removeAt(rows(), i))}
                      />
                    }
                  >
                    <RowButtons
                      index={i}
                      count={rows().length}
                      what={row().name}
                      onMove={(to) => write(moveItem(rows(), i, to))}
                    />
                  </Show>
                </td>
              </tr>
            )}
          </Index>
        </tbody>
      </table>
      <datalist id={ctx.fieldId("dtypes")}>
        {COMMON_DTYPES.map((d) => (
          <option value={d} />
        ))}
      </datalist>
      <Checkbox
        id={ctx.fieldId("keep_others")}
        testid="field-keep_others"
        label="Keep columns not listed here"
        hint="columns that arrive later"
        checked={config().keep_others ?? false}
        onChange={(v) => ctx.set("keep_others", v)}
      />
    </div>
  );
}
