import type pl from "nodejs-polars";
import { previewData } from "../../../../src/engine/preview-data";

/**
 * A frame's rows as Weft's API answers them (dates as ISO text, big integers as text:
 * engine/preview-data.ts), so a baseline's answer compares value for value with the
 * Server's. Used only after the clock stopped.
 */
export function jsonRows(df: pl.DataFrame): unknown[][] {
  return previewData(df, df.height).data;
}
