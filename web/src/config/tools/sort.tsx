import { Index, Show } from "solid-js";
import { ColumnSelect, ColumnsNotice } from "../fields/column-picker";
import { RowButtons, SelectInput } from "../fields/inputs";
import { moveItem, removeAt } from "../list-ops";
import type { ToolContext } from "../tool-context";

interface SortKey {
  column: string;
  descending?: boolean;
  nulls_last?: boolean;
}

/** Sort: rows of {column, descending, nulls_last}, the first row sorting first. */
export function SortForm(props: { ctx: ToolContext }) {
  const ctx = props.ctx;
  const keys = () => ctx.config<{ by?: SortKey[] }>().by ?? [];
  const setKeys = (by: SortKey[]) => ctx.set("by", by);
  const setKey = (i: number, patch: Partial<SortKey>) =>
    setKeys(
      keys().map((k, j) => {
        if (j !== i) return k;
        const next: SortKey = { ...k, ...patch };
        // Only what differs from the defaults (ascending, nulls last) is written.
        if (!next.descending) delete next.descending;
        if (next.nulls_last !== false) delete next.nulls_last;
        return next;
      }),
    );
  const used = () => new Set(keys().map((k) => k.column));
  const unused = () => ctx.columns().columns.filter((c) => !used().has(c.name));

  return (
    <div class="cfg-form">
      <ColumnsNotice columns={ctx.columns()} />
      <div class="cfg-rows" data-testid="field-by">
        <Index each={keys()} fallback={<p class="cfg-empty muted">Not sorted yet: add a column.</p>}>
          {(key, i) => (
            <div class="cfg-sort-row" data-testid={`sort-row-${i}`}>
              <span class="cfg-rank" aria-hidden="true">
                {i + 1}
              </span>
              <ColumnSelect
                ariaLabel={`Sort column ${i + 1}`}
                value={key().column}
                columns={ctx.columns()}
                exclude={used()}
                onChange={(column) => setKey(i, { column })}
              />
              <SelectInput
                class="cfg-order"
                ariaLabel={`Order of ${key().column || `column ${i + 1}`}`}
                value={key().descending ? "desc" : "asc"}
                choices={[
                  { value: "asc", label: "Ascending" },
                  { value: "desc", label: "Descending" },
                ]}
                onChange={(v) => setKey(i, { descending: v === "desc" })}
              />
              <SelectInput
                class="cfg-nulls"
                ariaLabel={`Nulls of ${key().column || `column ${i + 1}`}`}
                value={key().nulls_last === false ? "first" : "last"}
                choices={[
                  { value: "last", label: "Nulls last" },
                  { value: "first", label: "Nulls first" },
                ]}
                onChange={(v) => setKey(i, { nulls_last: v === "last" })}
              />
              <RowButtons
                index={i}
                count={keys().length}
                what={`sort column ${key().column || i + 1}`}
                onMove={(to) => setKeys(moveItem(keys(), i, to))}
                onRemove={() => setKeys(removeAt(keys(), i))}
              />
            </div>
          )}
        </Index>
      </div>
      <Show when={unused().length > 0 || ctx.columns().status !== "ready"}>
        <div class="cfg-add-row">
          <select
            class="cfg-input"
            aria-label="Add a sort column"
            data-testid="sort-add"
            onChange={(e) => {
              const column = e.currentTarget.value;
              if (column) setKeys([...keys(), { column }]);
              e.currentTarget.value = "";
            }}
          >
            <option value="">Add a sort column…</option>
            {unused().map((c) => (
              <option value={c.name}>
                {c.name} · {c.dtype}
              </option>
            ))}
          </select>
        </div>
      </Show>
    </div>
  );
}
