import type pl from "nodejs-polars";
import type { ReadHints, ReadOptions, WriteOptions } from "../types";

/**
 * The Excel reader and writer, loaded on their first call. SheetJS and its code pages are
 * the largest thing an engine process would otherwise load at start (measured: 55 MiB
 * resident imported into a bare Bun, 45 of them anonymous), and most processes never read or
 * write a workbook: a run in bounded memory mode pays that size in its peak.
 *
 * A plain `require` with a literal, not `import()`: the format registry's functions are
 * synchronous, and `bun build --compile` bundles a literal require as the module itself,
 * evaluated when first required.
 */
const reader = () => require("./reader") as typeof import("./reader");
const writer = () => require("./writer") as typeof import("./writer");

/** excel/reader.ts `scanExcel`, loaded on first use. */
export function scanExcel(path: string, options: ReadOptions, hints?: ReadHints): pl.LazyDataFrame {
  return reader().scanExcel(path, options, hints);
}

/** excel/reader.ts `excelSheetNames`, loaded on first use. */
export function excelSheetNames(path: string): string[] {
  return reader().excelSheetNames(path);
}

/** excel/writer.ts `writeExcel`, loaded on first use. */
export function writeExcel(frame: pl.LazyDataFrame, path: string, options: WriteOptions): { rows: number } {
  return writer().writeExcel(frame, path, options);
}
