import pl from "nodejs-polars";
import { checkReadableFile } from "../file-checks";
import type { ReadHints, ReadOptions } from "../types";
import { columnTypeOf } from "./column-type";
import { dictionarySeries } from "./dictionary";
import { type QvdHeader, readQvdHeader } from "./header";
import { decodeIndexTable, type FieldIndexes } from "./index-table";
import { QvdSource } from "./source";
import { readSymbols, type SymbolTable } from "./symbols";

/**
 * A QVD file (Qlik) as a lazy frame. Polars has no QVD scanner, so the file is decoded here,
 * at scan time: the header first, then every symbol table (the column types come from all
 * symbols, so a preview has the same schema as a full read), then only the first
 * `hints.maxRows` records of the index table when that hint is given. Every problem with
 * the file is a DataSourceError naming it. `options` has nothing that applies to QVD.
 */
export function scanQvd(path: string, _options: ReadOptions, hints?: ReadHints): pl.LazyDataFrame {
  return readQvd(path, hints?.maxRows).lazy();
}

/** The row count from the header's NoOfRecords, without decoding symbols or rows (the header is still checked). */
export function countQvdRows(path: string, _options: ReadOptions): number {
  return withSource(path, (source) => readQvdHeader(source).noOfRecords);
}

/** Decodes the file (its first `maxRows` records when given) into a frame. */
export function readQvd(path: string, maxRows?: number): pl.DataFrame {
  return withSource(path, (source) => {
    const header = readQvdHeader(source);
    const tables = header.fields.map((field) => readSymbols(source, header, field));
    const rows =
      maxRows === undefined || !Number.isFinite(maxRows)
        ? header.noOfRecords
        : Math.min(header.noOfRecords, Math.max(0, Math.floor(maxRows)));
    const indexes = decodeIndexTable(
      source,
      header,
      tables.map((t) => t.count),
      rows,
    );
    return buildFrame(header, tables, indexes, rows);
  });
}

function withSource<T>(path: string, read: (source: QvdSource) => T): T {
  const source = new QvdSource(path, checkReadableFile(path));
  try {
    return read(source);
  } finally {
    source.close();
  }
}

/**
 * Each column is a gather of the field's dictionary Series (its symbols plus a null slot) by
 * the decoded indexes; a constant field's single value is broadcast instead.
 */
function buildFrame(header: QvdHeader, tables: SymbolTable[], indexes: FieldIndexes[], rows: number): pl.DataFrame {
  const names = new Set(header.fields.map((f) => f.name));
  let anchor = "__qvd_rows";
  while (names.has(anchor)) anchor += "_";
  const indexColumns: pl.Series[] = [];
  const columns = header.fields.map((field, f) => {
    const symbols = tables[f] as SymbolTable;
    const index = indexes[f] as FieldIndexes;
    const dictionary = pl.lit(dictionarySeries(field.name, columnTypeOf(field, symbols), symbols)).explode();
    if (index.kind === "constant") return dictionary.gather([index.index]).first().alias(field.name);
    const column = `__qvd_index_${f}`;
    indexColumns.push(pl.Series(column, index.indexes));
    return dictionary.gather(pl.col(column)).alias(field.name);
  });
  if (columns.length === 0) return pl.DataFrame({});
  // With no varying field, an all-zero column gives the frame its height (scalars alone make one row).
  const needsAnchor = indexColumns.length === 0;
  if (needsAnchor) indexColumns.push(pl.Series(anchor, new Uint8Array(rows)));
  const frame = pl.DataFrame(indexColumns).select(...columns, ...(needsAnchor ? [pl.col(anchor)] : []));
  return needsAnchor ? frame.drop(anchor) : frame;
}
