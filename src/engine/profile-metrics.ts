/**
 * The profile metrics' names and answer shape, apart from the code that computes them
 * (profile.ts), so the Server process can list them without loading Polars.
 */

/** Every metric, in the order a column's profile lists them. */
export const PROFILE_METRICS = [
  "count",
  "null_count",
  "null_percent",
  "unique_count",
  "min",
  "max",
  "mean",
  "median",
  "std",
  "min_values",
  "max_values",
  "empty_count",
  "whitespace_leading",
  "whitespace_trailing",
  "contains_linebreaks",
  "contains_non_ascii",
  "top_values",
] as const;
export type ProfileMetric = (typeof PROFILE_METRICS)[number];

/** How many values `min_values` and `max_values` list. */
export const EXTREME_VALUES = 5;
/** How many pairs `top_values` lists unless asked otherwise. */
export const DEFAULT_TOP_VALUES = 10;

/** Metric name → JSON-safe value, only the metrics that apply to the column's type. */
export type ColumnProfile = Partial<Record<ProfileMetric, unknown>>;

export interface FrameProfile {
  /** Rows of the whole frame. */
  row_count: number;
  columns: Record<string, ColumnProfile>;
}
