import { DataSourceError } from "../shared/errors";

/** A count option (skip_rows, infer_schema_length): a whole number of at least 0, or `fallback` when absent. */
export function wholeNumberOption(path: string, option: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new DataSourceError(`Cannot read ${path}: ${option} must be a whole number of at least 0, got ${value}`);
  }
  return value;
}

/** Refuses a compression for a format written only uncompressed. */
export function checkUncompressed(path: string, format: string, compression: string | undefined): void {
  if (compression !== undefined && compression.toLowerCase() !== "uncompressed") {
    throw new DataSourceError(
      `Cannot write ${path}: compression ${JSON.stringify(compression)} is not supported for ${format} (supported: uncompressed)`,
    );
  }
}
