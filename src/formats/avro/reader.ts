import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { checkReadableFile } from "../file-checks";
import { wholeNumberOption } from "../option-checks";
import type { ReadHints, ReadOptions } from "../types";
import { AvroCursor, AvroOutput, CorruptAvroError } from "./binary";
import { decompressBlock } from "./codecs";
import { AVRO_MAGIC, AvroFile, readBlocks, readHeader, SYNC_SIZE } from "./container";
import { parseAvroSchema } from "./schema";
import { type FramePlan, planFrame } from "./transcode";

/** A block may claim at most this many records when they take no bytes at all (records of nulls). */
const MAX_EMPTY_RECORDS = 1 << 26;

/**
 * A frame over an Avro object container file (codecs null, deflate, snappy, zstandard).
 * The records are decoded here, block by block with positional reads, and rewritten into
 * the plain Avro that Polars' own reader decodes natively (see transcode.ts and README.md:
 * `pl.readAvro` alone fails on enums, zstandard and more). With `hints.maxRows`, decoding
 * stops after that many records and later blocks are not read. Errors come at scan time,
 * as a DataSourceError naming the file.
 */
export function scanAvro(path: string, _options: ReadOptions, hints?: ReadHints): pl.LazyDataFrame {
  const size = checkReadableFile(path);
  const maxRows = wholeNumberOption(path, "maxRows", hints?.maxRows, Number.POSITIVE_INFINITY);
  return withAvroFile(path, size, (file) => decodeFile(file, maxRows)).lazy();
}

/**
 * The number of records: the sum of the block counts, reading only each block's header and
 * sync marker (no block is decompressed or decoded). The sync markers are checked, so a
 * truncated file fails here as it does in `scanAvro`.
 */
export function countAvroRows(path: string, _options: ReadOptions): number {
  const size = checkReadableFile(path);
  return withAvroFile(path, size, (file) => {
    const header = readHeader(file);
    parseAvroSchema(header.schema);
    let rows = 0;
    for (const block of readBlocks(file, header, false)) rows += block.count;
    return rows;
  });
}

function withAvroFile<T>(path: string, size: number, use: (file: AvroFile) => T): T {
  const file = new AvroFile(path, size);
  try {
    return use(file);
  } catch (error) {
    if (error instanceof CorruptAvroError) {
      throw new DataSourceError(`Cannot read ${path}: ${error.message}`, { cause: error });
    }
    throw error;
  } finally {
    file.close();
  }
}

function decodeFile(file: AvroFile, maxRows: number): pl.DataFrame {
  const header = readHeader(file);
  const plan = planFrame(parseAvroSchema(header.schema));
  const out = new AvroOutput();
  writePlainHeader(out, plan);
  const records = new AvroOutput();
  let rows = 0;
  if (maxRows > 0) {
    for (const block of readBlocks(file, header, true)) {
      const what = `block ${block.index} (at byte ${block.dataStart})`;
      const src = new AvroCursor(decompressBlock(header.codec, block.data as Uint8Array, what), what);
      checkCount(src, block.count, plan.minSize);
      const take = Math.min(block.count, maxRows - rows);
      records.reset();
      for (let i = 0; i < take; i++) plan.write(src, records);
      if (take === block.count && src.remaining > 0) {
        src.fail(`${src.remaining} bytes are left over after its ${block.count} records`);
      }
      writePlainBlock(out, take, records.view());
      rows += take;
      if (rows >= maxRows) break;
    }
  }
  return castColumns(readPlain(file.path, out.view()), plan);
}

function checkCount(src: AvroCursor, count: number, minSize: number): void {
  const fits = minSize > 0 ? count * minSize <= src.remaining : count <= MAX_EMPTY_RECORDS;
  if (!fits) src.fail(`${count} records cannot fit in its ${src.remaining} bytes`);
}

/** The rewritten file's sync marker: any 16 bytes do, as long as every block repeats them. */
const PLAIN_SYNC = new Uint8Array(SYNC_SIZE);

function writePlainHeader(out: AvroOutput, plan: FramePlan): void {
  const encoder = new TextEncoder();
  out.raw(AVRO_MAGIC);
  out.long(1);
  out.lengthPrefixed(encoder.encode("avro.schema"));
  out.lengthPrefixed(encoder.encode(JSON.stringify(plan.schema)));
  out.long(0);
  out.raw(PLAIN_SYNC);
}

function writePlainBlock(out: AvroOutput, count: number, records: Uint8Array): void {
  if (count === 0) return;
  out.long(count);
  out.lengthPrefixed(records);
  out.raw(PLAIN_SYNC);
}

function readPlain(path: string, bytes: Uint8Array): pl.DataFrame {
  try {
    return pl.readAvro(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  } catch (error) {
    // What Polars still checks itself is the text: a string that is not UTF-8.
    throw new DataSourceError(`Cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** Applies the casts Polars' reader cannot (nanosecond timestamps arrive as Int64). */
function castColumns(frame: pl.DataFrame, plan: FramePlan): pl.DataFrame {
  const casts = plan.columns.flatMap((c) => (c.cast && c.dtype ? [pl.col(c.name).cast(c.dtype)] : []));
  return casts.length > 0 ? frame.withColumns(...casts) : frame;
}
