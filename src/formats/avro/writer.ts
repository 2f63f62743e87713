import { closeSync, openSync, statSync, writeSync } from "node:fs";
import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { writeAtomically } from "../atomic-write";
import type { WriteOptions } from "../types";
import { AvroOutput } from "./binary";
import { columnType } from "./column-types";
import { AVRO_MAGIC, AvroFile, type AvroHeader, readHeader } from "./container";
import { applyFix, type Conversion, conversionFor, refusal } from "./write-conversions";

/** The compressions Polars' Avro writer offers ("uncompressed" is Avro's "null" codec). */
const COMPRESSIONS = ["uncompressed", "deflate", "snappy"] as const;
type AvroCompression = (typeof COMPRESSIONS)[number];

/** The record name of the rows: Polars writes "", which the spec and other readers (avsc, Java) refuse. */
const RECORD_NAME = "Row";

/**
 * Writes the frame as an Avro object container file. Polars' own Avro writer encodes the
 * records (natively, exactly); before it, columns of types it refuses are converted (small
 * and unsigned ints widened, categoricals to text, zoned timestamps to UTC instants,
 * nanosecond timestamps and times to longs), and after it the schema in the header is
 * corrected (a valid record name, the logical types of those columns) and the blocks are
 * copied unchanged. The frame is collected whole first: Polars has no Avro sink.
 */
export function writeAvro(frame: pl.LazyDataFrame, path: string, options: WriteOptions): { rows: number } {
  const compression = avroCompression(path, options.compression);
  return writeAtomically(path, (tempPath) => {
    const collected = frame.collectSync({ engine: "streaming" } as never);
    if (collected.width === 0) throw new DataSourceError(`Cannot write ${path}: the data has no columns`);
    const conversions = collected.getColumns().map((series) => {
      const refuse = refusal(path, series.name);
      return { name: series.name, ...conversionFor(columnType(series.head(0)), pl.col(series.name), refuse) };
    });
    const exprs = conversions.flatMap((c) => (c.expr ? [c.expr.alias(c.name)] : []));
    const writable = exprs.length > 0 ? convert(collected, exprs, path) : collected;
    const polarsPath = `${tempPath}.polars`;
    writable.writeAvro(polarsPath, { compression });
    rewriteHeader(polarsPath, tempPath, conversions);
    return { rows: collected.height };
  });
}

/** Runs the conversions; a strict cast that fails (a UInt64 past Int64's range) names its column. */
function convert(frame: pl.DataFrame, exprs: pl.Expr[], path: string): pl.DataFrame {
  try {
    return frame.withColumns(...exprs);
  } catch (error) {
    throw new DataSourceError(`Cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
}

function avroCompression(path: string, given: string | undefined): AvroCompression {
  if (given === undefined) return "uncompressed";
  const compression = COMPRESSIONS.find((c) => c === given.toLowerCase());
  if (!compression) {
    throw new DataSourceError(
      `Cannot write ${path}: compression ${JSON.stringify(given)} is not supported for Avro (supported: ${COMPRESSIONS.join(", ")})`,
    );
  }
  return compression;
}

/** Copies the file Polars wrote to `target` with the corrected schema in its header; the blocks are copied as they are. */
function rewriteHeader(source: string, target: string, conversions: (Conversion & { name: string })[]): void {
  const file = new AvroFile(source, statSync(source).size);
  const out = openSync(target, "w");
  try {
    const header = readHeader(file);
    writeSync(out, headerBytes(header, fixedSchema(header.schema, conversions)));
    const chunk = 1 << 20;
    for (let position = header.dataStart; position < file.size; position += chunk) {
      writeSync(out, file.readUpTo(position, chunk));
    }
  } finally {
    closeSync(out);
    file.close();
  }
}

function fixedSchema(written: unknown, conversions: (Conversion & { name: string })[]): unknown {
  const record = written as { type: string; name: string; fields: { name: string; type: unknown }[] };
  const fields = record.fields.map((field, i) => {
    const conversion = conversions[i];
    if (conversion?.name !== field.name)
      throw new Error(`Polars wrote field "${field.name}" where a column was expected`);
    return { ...field, type: applyFix(field.type, conversion.fix) };
  });
  return { ...record, name: RECORD_NAME, fields };
}

function headerBytes(header: AvroHeader, schema: unknown): Uint8Array {
  const encoder = new TextEncoder();
  const out = new AvroOutput();
  out.raw(AVRO_MAGIC);
  const metadata = new Map(header.metadata);
  metadata.set("avro.schema", encoder.encode(JSON.stringify(schema)));
  out.long(metadata.size);
  for (const [key, value] of metadata) {
    out.lengthPrefixed(encoder.encode(key));
    out.lengthPrefixed(value);
  }
  out.long(0);
  out.raw(header.sync);
  return out.view();
}
