import type { DataType } from "nodejs-polars";
import type { AvroCursor, AvroOutput } from "./binary";

/** Reads one value from the source and writes it in the encoding Polars reads. */
export type Step = (src: AvroCursor, out: AvroOutput) => void;

/**
 * How one source value is carried to Polars. The reader rewrites the file's records into an
 * uncompressed Avro of the types Polars' own Avro reader handles (which decodes them natively
 * and exactly: 64-bit longs, binary, nested lists and structs, dates, times, UTC timestamps,
 * decimals), converting what it does not handle (enums, maps, fixed, codecs, unions of
 * several types) on the way. See README.md for the type mapping.
 */
export interface ValuePlan {
  /** The value's schema in the rewritten Avro. */
  schema: unknown;
  /** True when `schema` is ["null", X] and `write` writes the branch index itself. */
  nullable: boolean;
  write: Step;
  /** The final Polars type when nodejs-polars can name it (it has no class for Binary). */
  dtype: DataType | undefined;
  /** Whether Polars reads the value as another type, which must then be cast to `dtype`. */
  cast: boolean;
  /** The fewest source bytes one value takes: bounds the count a block may claim. */
  minSize: number;
}

/** A plain plan: a schema Polars reads as `dtype` itself. */
export function direct(schema: unknown, write: Step, dtype: DataType | undefined, minSize: number): ValuePlan {
  return { schema, nullable: false, write, dtype, cast: false, minSize };
}
