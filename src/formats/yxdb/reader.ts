import { closeSync, constants, openSync } from "node:fs";
import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { checkReadableFile } from "../file-checks";
import type { ReadHints, ReadOptions } from "../types";
import { LzfBlocks, RecordReader, StoredBytes } from "./blocks";
import { fieldDecoder } from "./fields";
import { readMetaInfo, readYxdbHeader, type YxdbHeader } from "./header";
import { parseRecordInfo, type RecordLayout } from "./record-info";

/**
 * LZF turns 3 input bytes into at most 264 output bytes (a back-reference of the longest
 * length), so a file's records can take at most 88 times its remaining bytes. A record
 * count that would need more is damage, refused before any row is decoded.
 */
const MAX_LZF_EXPANSION = 88;

/** Rows decoded before the first growth of a column's store. */
const INITIAL_CAPACITY = 4096;

interface YxdbFile {
  header: YxdbHeader;
  layout: RecordLayout;
}

/** Reads and checks everything before the records: header, record description, record count. */
function openYxdb(path: string): YxdbFile {
  const size = checkReadableFile(path);
  const header = readYxdbHeader(path, size);
  const layout = parseRecordInfo(path, readMetaInfo(path, header));
  const minRecordBytes = layout.fixedSize + (layout.hasVarData ? 4 : 0);
  const expansion = header.compressed ? MAX_LZF_EXPANSION : 1;
  const room = Math.floor(((header.dataEnd - header.dataStart) * expansion) / minRecordBytes);
  if (header.recordCount > room) {
    throw new DataSourceError(
      `Cannot read ${path}: the header says ${header.recordCount} records, but the file has room for at most ${room} (it is truncated or damaged)`,
    );
  }
  return { header, layout };
}

/**
 * A lazy frame over an Alteryx .yxdb file, decoded by our own reader (Polars has none):
 * the 512-byte header, the RecordInfo XML, then the records, decoded one by one from LZF
 * blocks read with positional reads. `hints.maxRows` stops decoding after that many
 * records, so a preview of a large file reads only its first blocks. The frame is built in
 * memory, then made lazy. Types: README.md.
 */
export function scanYxdb(path: string, _options: ReadOptions, hints?: ReadHints): pl.LazyDataFrame {
  const { header, layout } = openYxdb(path);
  const wanted = Math.max(0, Math.min(header.recordCount, hints?.maxRows ?? Number.POSITIVE_INFINITY));
  const capacity = Math.min(wanted, INITIAL_CAPACITY);
  const decoders = layout.fields.map((field) => fieldDecoder(path, field, layout.fixedSize, capacity));
  const fd = openSync(path, constants.O_RDONLY);
  try {
    const source = header.compressed
      ? new LzfBlocks(path, fd, header.dataStart, header.dataEnd)
      : new StoredBytes(fd, header.dataStart, header.dataEnd);
    const records = new RecordReader(path, source, layout, header.recordCount);
    for (let row = 0; row < wanted; row++) {
      const record = records.read();
      for (const decoder of decoders) decoder.add(record, row);
    }
  } finally {
    closeSync(fd);
  }
  return pl.DataFrame(decoders.map((decoder) => decoder.finish())).lazy();
}

/** The number of records from the header (checked against what the file can hold). */
export function countYxdbRows(path: string, _options: ReadOptions): number {
  return openYxdb(path).header.recordCount;
}
