import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import type { Cell } from "./cells";
import {
  type ColumnType,
  type ColumnValue,
  columnSeries,
  describeCell,
  fitCell,
  inferColumnType,
  MISFIT,
} from "./column-types";
import { columnNames } from "./headers";
import { ODS_LIMITS } from "./limits";
import type { RowRun } from "./sheet-collector";

/** How the rows of a sheet become a frame (ReadOptions, checked, plus the caller's row cap). */
export interface FrameOptions {
  hasHeader: boolean;
  skipRows: number;
  /** Data rows whose cells decide the column types; 0 reads every column as String. */
  inferSchemaLength: number;
  /** At most this many data rows (a preview); undefined for all. */
  maxRows: number | undefined;
}

/**
 * The sheet rows that must be read for `options`: the skipped rows, the header, and enough
 * data rows for both the preview and the type inference, so a preview types its columns
 * exactly as a full read does. Undefined means every row.
 */
export function rowsNeeded(options: FrameOptions): number | undefined {
  if (options.maxRows === undefined) return undefined;
  return options.skipRows + (options.hasHeader ? 1 : 0) + Math.max(options.maxRows, options.inferSchemaLength);
}

/**
 * The frame of a sheet's rows. Rows before `skipRows` are dropped, the next one names the
 * columns when `hasHeader`, and the rest are data: empty rows between data rows stay (as
 * nulls), empty rows after the last one do not exist. The frame is as wide as its widest
 * row (header included). A cell past the inference window that its column's type cannot
 * hold is an error naming the sheet, column and row, never a silent null.
 */
export function buildFrame(path: string, sheet: string, runs: readonly RowRun[], options: FrameOptions): pl.DataFrame {
  const total = runs.length === 0 ? 0 : lastRow(runs);
  let start = Math.min(options.skipRows, total);
  let header: readonly (Cell | null)[] | undefined;
  if (options.hasHeader) {
    header = start < total ? (runAt(runs, start)?.cells ?? []) : undefined;
    start = Math.min(start + 1, total);
  }
  const end = options.maxRows === undefined ? total : Math.min(total, start + options.maxRows);
  const data = slice(runs, start, end);
  let width = header?.length ?? 0;
  for (const run of data) width = Math.max(width, run.cells.length);
  checkSize(path, data, end - start, width);

  const windowEnd = Math.min(total, start + options.inferSchemaLength);
  const window = slice(runs, start, windowEnd);
  const names = columnNames(header, width);
  const series = names.map((name, column) => {
    const type: ColumnType =
      options.inferSchemaLength === 0 ? "String" : inferColumnType(window.map((run) => run.cells[column] ?? null));
    const values: ColumnValue[] = [];
    for (const run of data) {
      const cell = run.cells[column] ?? null;
      const value = fitCell(type, cell);
      if (value === MISFIT) {
        throw new DataSourceError(
          `Cannot read ${path}: in sheet "${sheet}", column "${name}" was typed ${type} from its first ` +
            `${windowEnd - start} rows, but sheet row ${run.firstRow + 1} holds ${describeCell(cell as Cell)}; ` +
            "raise infer_schema_length (or set it to 0 to read every column as text)",
        );
      }
      for (let i = 0; i < run.count; i++) values.push(value);
    }
    return columnSeries(name, type, values);
  });
  return pl.DataFrame(series);
}

/** The runs covering sheet rows [from, to), the first and last cut to fit. */
function slice(runs: readonly RowRun[], from: number, to: number): RowRun[] {
  const out: RowRun[] = [];
  for (const run of runs) {
    const first = Math.max(run.firstRow, from);
    const last = Math.min(run.firstRow + run.count, to);
    if (first < last) out.push({ firstRow: first, count: last - first, cells: run.cells });
  }
  return out;
}

function runAt(runs: readonly RowRun[], row: number): RowRun | undefined {
  return runs.find((run) => run.firstRow <= row && row < run.firstRow + run.count);
}

function lastRow(runs: readonly RowRun[]): number {
  const last = runs[runs.length - 1] as RowRun;
  return last.firstRow + last.count;
}

/** Refuses a frame that repeats would blow up past limits.ts, before anything is allocated. */
function checkSize(path: string, data: readonly RowRun[], rows: number, width: number): void {
  let text = 0;
  for (const run of data) {
    let rowText = 0;
    for (const cell of run.cells) rowText += cell?.text.length ?? 0;
    text += rowText * run.count;
  }
  if (rows * width > ODS_LIMITS.maxCells || text > ODS_LIMITS.maxTextChars) {
    throw new DataSourceError(
      `Cannot read ${path}: the sheet expands to ${rows} rows x ${width} columns and ${text} characters, ` +
        `more than the ${ODS_LIMITS.maxCells} cells or ${ODS_LIMITS.maxTextChars} characters read here`,
    );
  }
}
