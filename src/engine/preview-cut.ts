import pl, { type DataType } from "nodejs-polars";

/**
 * The byte bound of every preview answer (issue 14: three `zeroblob(50000000)` answered
 * 200 MB, a 1 MB QVD 1 GB). A text or binary value longer than `maxValueChars` is cut in
 * Polars before it reaches JS, so no big JS string is ever built: text keeps its first
 * characters and ends with `…[cut: 50,000,000 characters]`, binary keeps the base64 of its
 * first bytes and ends with `…[cut: 50,000,000 bytes]` (the full length either way). Then
 * the rows are kept while their JSON stays under `maxBytes`; the rest are dropped and the
 * preview says `has_more` and `bytes_limited`.
 */
export interface PreviewBounds {
  /** MAX_PREVIEW_VALUE_CHARS: longest text (characters) or binary (bytes) value shown whole. */
  maxValueChars: number;
  /** MAX_PREVIEW_BYTES: most bytes of JSON one preview's rows may take. */
  maxBytes: number;
}

/**
 * The settings' defaults, for callers outside an engine (unit tests); an engine always
 * passes its own settings' bounds down (`EngineSettings.previewBounds`).
 */
export const DEFAULT_PREVIEW_BOUNDS: PreviewBounds = { maxValueChars: 10_000, maxBytes: 20_000_000 };

/** The marker a cut value ends with. */
export const cutMarker = (length: number, unit: "characters" | "bytes"): string =>
  `…[cut: ${length.toLocaleString("en-US")} ${unit}]`;

/**
 * A String or Binary column's values with those over `max` cut (binary as base64), or
 * undefined when none is over it (or the column is of another type).
 */
export function cutValues(
  series: pl.Series,
  dtype: DataType,
  base64: (bytes: number[]) => string,
  max: number,
): unknown[] | undefined {
  if (dtype.variant === "String") {
    const lengths = series.str.lengths();
    if (!((lengths.max() as number) > max)) return undefined;
    return mark(series.str.slice(0, max).toArray(), lengths.toArray() as (number | null)[], max, "characters");
  }
  if ((dtype.variant as string) === "Binary") {
    const bytes = series.cast(pl.List(pl.UInt8));
    const lengths = bytes.list.lengths();
    if (!((lengths.max() as number) > max)) return undefined;
    const kept = bytes.list.slice(0, max).toArray() as unknown as (number[] | null)[];
    return mark(
      kept.map((b) => (b === null ? null : base64(b))),
      lengths.toArray() as (number | null)[],
      max,
      "bytes",
    );
  }
  return undefined;
}

function mark(values: unknown[], lengths: (number | null)[], max: number, unit: "characters" | "bytes"): unknown[] {
  return values.map((v, i) => {
    const length = lengths[i];
    return v !== null && length != null && length > max ? `${v}${cutMarker(length, unit)}` : v;
  });
}

/** How many of `rows` fit in `maxBytes` (their JSON, UTF-8). */
export function rowsWithinBytes(rows: unknown[][], maxBytes: number): number {
  let total = 2;
  for (let r = 0; r < rows.length; r++) {
    total += Buffer.byteLength(JSON.stringify(rows[r])) + 1;
    if (total > maxBytes) return r;
  }
  return rows.length;
}
