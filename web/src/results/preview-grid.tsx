import { createMemo, createSignal, For, onCleanup, onMount, Show } from "solid-js";
import type { PreviewData } from "../lib/api";
import { cellDisplay, cellShown, isNumericDtype } from "./cell-format";
import { copiedCells, selectedCells } from "./grid-copy";
import { createTextMeasure } from "./text-measure";
import { columnOffsets, columnWidth, columnWindow, type Range, rowWindow } from "./virtual-window";
import "./preview-grid.css";

/** Fixed geometry (px): the maths in virtual-window.ts relies on one row height. */
const ROW_HEIGHT = 24;
const HEAD_HEIGHT = 40;
const CELL_PAD_PX = 22;
/** Rows sampled to size the columns. */
const SAMPLE_ROWS = 50;

const indices = (range: Range) => Array.from({ length: range.end - range.start }, (_, i) => range.start + i);

/**
 * One socket's preview rows in a virtualised grid: only the rows and columns in view (and a
 * few either side) are in the DOM. The header (name and dtype) stays on top and the row
 * numbers at the left while scrolling; nulls are drawn apart; a value too long for its column
 * is cut and a float rounded for reading, with the whole value in its tooltip and in what is
 * copied. It is a real <table> (rows and cells carry aria-rowindex / aria-colindex, the
 * table the full counts) laid out as blocks, so that rows can sit at absolute positions.
 */
export function PreviewGrid(props: { preview: PreviewData; label: string }) {
  let scroller: HTMLElement | undefined;
  const [scroll, setScroll] = createSignal({ top: 0, left: 0 });
  const [size, setSize] = createSignal({ width: 1000, height: 400 });

  onMount(() => {
    const el = scroller as HTMLElement;
    const resize = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(el);
    onCleanup(() => observer.disconnect());
  });

  const rowCount = () => props.preview.data.length;
  const gutter = createMemo(() => Math.max(40, String(rowCount()).length * 8 + 20));
  const measure = createTextMeasure();
  const widths = createMemo(() =>
    props.preview.columns.map((col, c) => {
      const texts = [measure.name(col.name), measure.dtype(col.dtype)];
      const rows = props.preview.data;
      for (let r = 0; r < Math.min(rows.length, SAMPLE_ROWS); r++) {
        texts.push(measure.cell((cellShown(rows[r]?.[c]) ?? "null").slice(0, 80)));
      }
      return columnWidth(texts, { padPx: CELL_PAD_PX });
    }),
  );
  const offsets = createMemo(() => columnOffsets(widths()));
  const totalWidth = () => gutter() + (offsets()[offsets().length - 1] ?? 0);
  const rows = createMemo(() => indices(rowWindow(scroll().top, size().height - HEAD_HEIGHT, ROW_HEIGHT, rowCount())));
  const cols = createMemo(() => indices(columnWindow(offsets(), scroll().left, Math.max(0, size().width - gutter()))));
  const numeric = createMemo(() => props.preview.columns.map((c) => isNumericDtype(c.dtype)));

  /** Copying selected cells gives their exact values, not the rounded text shown. */
  const onCopy = (event: ClipboardEvent) => {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || !event.clipboardData || !scroller) return;
    const cells = selectedCells(scroller, selection);
    if (cells.length === 0) return;
    event.clipboardData.setData("text/plain", copiedCells(cells, props.preview.data));
    event.preventDefault();
  };

  const cellStyle = (c: number) => ({
    left: `${gutter() + (offsets()[c] ?? 0)}px`,
    width: `${widths()[c] ?? 0}px`,
  });

  return (
    <section
      class="pgrid"
      ref={scroller}
      tabindex="0"
      aria-label={props.label}
      data-testid="preview-grid"
      onCopy={onCopy}
      onScroll={(e) => setScroll({ top: e.currentTarget.scrollTop, left: e.currentTarget.scrollLeft })}
    >
      <table
        class="pgrid-canvas"
        aria-rowcount={rowCount() + 1}
        aria-colcount={props.preview.columns.length + 1}
        style={{ width: `${totalWidth()}px`, height: `${HEAD_HEIGHT + rowCount() * ROW_HEIGHT}px` }}
      >
        <thead class="pgrid-head">
          <tr class="pgrid-headrow" aria-rowindex={1} style={{ width: `${totalWidth()}px` }}>
            <th class="pgrid-corner" scope="col" aria-colindex={1} style={{ width: `${gutter()}px` }}>
              #
            </th>
            <For each={cols()}>
              {(c) => {
                const col = () => props.preview.columns[c] ?? { name: "", dtype: "" };
                return (
                  <th
                    class="pgrid-hcell"
                    classList={{ num: numeric()[c] }}
                    scope="col"
                    aria-colindex={c + 2}
                    data-testid={`grid-header-${col().name}`}
                    title={`${col().name} (${col().dtype})`}
                    style={cellStyle(c)}
                  >
                    <span class="pgrid-name">{col().name}</span>
                    <span class="pgrid-dtype">{col().dtype}</span>
                  </th>
                );
              }}
            </For>
          </tr>
        </thead>
        <tbody class="pgrid-body">
          <For each={rows()}>
            {(r) => (
              <tr
                class="pgrid-row"
                classList={{ odd: r % 2 === 1 }}
                aria-rowindex={r + 2}
                style={{ top: `${HEAD_HEIGHT + r * ROW_HEIGHT}px`, width: `${totalWidth()}px` }}
              >
                <th class="pgrid-rownum" scope="row" aria-colindex={1} style={{ width: `${gutter()}px` }}>
                  {r + 1}
                </th>
                <For each={cols()}>
                  {(c) => {
                    const shown = () =>
                      cellDisplay(
                        props.preview.data[r]?.[c],
                        (text) => measure.cell(text) <= (widths()[c] ?? 0) - CELL_PAD_PX,
                      );
                    return (
                      <td
                        class="pgrid-cell"
                        classList={{ num: numeric()[c] }}
                        aria-colindex={c + 2}
                        title={shown().title}
                        style={cellStyle(c)}
                      >
                        <Show when={shown().text !== null} fallback={<span class="pgrid-null">null</span>}>
                          {shown().text}
                        </Show>
                      </td>
                    );
                  }}
                </For>
              </tr>
            )}
          </For>
        </tbody>
      </table>
      <Show when={props.preview.columns.length === 0}>
        <p class="pgrid-empty muted">No columns.</p>
      </Show>
      <Show when={props.preview.columns.length > 0 && rowCount() === 0}>
        <p class="pgrid-empty muted">No rows.</p>
      </Show>
    </section>
  );
}
