/**
 * Column profiling (docs/server-api.md "Profile metrics") over the FULL data of a frame, never a
 * preview. Definitions:
 *
 * - `count`: non-null values (as pandas' and Polars' `count`); rows = count + null_count.
 *   NaN is a value, not a null (Polars' rule), so it is counted here.
 * - `null_count`; `null_percent` = null_count / rows * 100, rounded to 2 decimals (0 when
 *   there are no rows).
 * - `unique_count`: distinct non-null values (pandas' `nunique()`).
 * - Numeric (integer, float, decimal columns): `mean`, `median` (midpoint of the two middle
 *   values for an even count), `std` (sample, ddof = 1; null below 2 values). NaN is left
 *   out of every numeric metric, as Polars' own min/max already do.
 * - Ordered (numeric, and Date, Datetime, Time, Duration columns: a date range is what one
 *   profiles a date column for): `min`, `max`, `min_values` (the 5 smallest distinct values,
 *   ascending), `max_values` (the 5 largest distinct values, largest first).
 * - String columns: `empty_count` (values equal to ""), `whitespace_leading` /
 *   `whitespace_trailing` (values whose first / last character is Unicode white space,
 *   e.g. space, tab, line break, no-break space), `contains_linebreaks` (values with a
 *   `\n` or `\r`), `contains_non_ascii` (values with a character above U+007F). Each counts
 *   values (rows), not occurrences.
 * - Every column: `top_values`, the most frequent non-null values as `[value, count]`
 *   pairs, by count descending then value ascending (strings in code point order), 10 by
 *   default.
 *
 * A metric that does not apply to a column's type is absent from that column's object
 * (absent = not applicable; null = applicable but no value, e.g. the mean of an all-null
 * column). Values are JSON-safe by the preview rules (preview-data.ts): dates as ISO
 * strings, 64-bit integers past 2^53 as strings, decimals as strings.
 *
 * Cost: all scalar metrics (and min/max_values) of every column are one `select`,
 * collected once with the streaming engine; `top_values` is one group-by per column (put
 * into the same select through value_counts + sort_by, it measured 5x slower and its tie
 * order came out wrong).
 */

import pl, { type DataType, type Expr } from "nodejs-polars";
import { ValidationError } from "../shared/errors";
import { NUMERIC_VARIANTS } from "../tools/dtype";
import { columnNames, schemaOf } from "../tools/schema-of";
import type { Frame } from "../tools/types";
import { DEFAULT_PREVIEW_BOUNDS, type PreviewBounds } from "./preview-cut";
import { previewData } from "./preview-data";
import {
  type ColumnProfile,
  DEFAULT_TOP_VALUES,
  EXTREME_VALUES,
  type FrameProfile,
  PROFILE_METRICS,
  type ProfileMetric,
} from "./profile-metrics";

export interface ProfileOptions {
  /** Columns to profile, in this order; null or absent = every column, in frame order. */
  columns?: readonly string[] | null;
  /** Metrics to compute; null or absent = all of them. */
  metrics?: readonly string[] | null;
  /** How many `top_values` pairs (default 10). */
  topValues?: number;
}

type Kind = "numeric" | "temporal" | "string" | "other";

// The numeric dtypes nodejs-polars has no JS class for count too (seriesDtype names them).
const NUMERIC = new Set([...NUMERIC_VARIANTS, "Int128", "UInt128", "Float16"]);
const FLOAT = new Set(["Float16", "Float32", "Float64"]);
const TEMPORAL = new Set(["Date", "Datetime", "Time", "Duration"]);

function kindOf(dt: DataType): Kind {
  const variant: string = dt.variant;
  if (NUMERIC.has(variant)) return "numeric";
  if (TEMPORAL.has(variant)) return "temporal";
  if (variant === "String" || variant === "Utf8") return "string";
  return "other";
}

const NUMERIC_ONLY: ReadonlySet<ProfileMetric> = new Set(["mean", "median", "std"]);
const ORDERED_ONLY: ReadonlySet<ProfileMetric> = new Set(["min", "max", "min_values", "max_values"]);
const STRING_ONLY: ReadonlySet<ProfileMetric> = new Set([
  "empty_count",
  "whitespace_leading",
  "whitespace_trailing",
  "contains_linebreaks",
  "contains_non_ascii",
]);

/** Whether `metric` applies to a column of this kind. */
function applies(metric: ProfileMetric, kind: Kind): boolean {
  if (NUMERIC_ONLY.has(metric)) return kind === "numeric";
  if (ORDERED_ONLY.has(metric)) return kind === "numeric" || kind === "temporal";
  if (STRING_ONLY.has(metric)) return kind === "string";
  return true;
}

/** The metrics asked for, checked and in canonical order. */
function chosenMetrics(asked: readonly string[] | null | undefined): ProfileMetric[] {
  if (asked == null) return [...PROFILE_METRICS];
  const known = new Set<string>(PROFILE_METRICS);
  const unknown = asked.filter((m) => !known.has(m));
  if (unknown.length > 0) {
    const names = unknown.map((m) => `"${m}"`).join(", ");
    throw new ValidationError(`Unknown metric ${names} (metrics: ${PROFILE_METRICS.join(", ")})`);
  }
  return PROFILE_METRICS.filter((m) => asked.includes(m));
}

function chosenColumns(asked: readonly string[] | null | undefined, available: string[]): string[] {
  if (asked == null) return available;
  const present = new Set(available);
  const unknown = asked.filter((c) => !present.has(c));
  if (unknown.length > 0) {
    const names = unknown.map((c) => `"${c}"`).join(", ");
    throw new ValidationError(`Unknown column ${names} (columns: ${available.join(", ")})`);
  }
  return [...new Set(asked)];
}

/** The metrics of the single scalar select; null_percent and top_values are done apart. */
function scalarExpr(metric: ProfileMetric, name: string, dt: DataType): Expr | undefined {
  const col = pl.col(name);
  // NaN is a value for count/unique_count/top_values, but no number for the statistics.
  const num = FLOAT.has(dt.variant as string) ? col.fillNan(null) : col;
  switch (metric) {
    case "count":
      return col.count();
    case "null_count":
      return col.nullCount();
    case "unique_count":
      return col.dropNulls().nUnique();
    case "min":
      return num.min();
    case "max":
      return num.max();
    case "mean":
      return num.mean();
    case "median":
      return num.median();
    case "std":
      return num.std();
    case "min_values":
      return num.dropNulls().unique().sort().head(EXTREME_VALUES).implode();
    case "max_values":
      return num.dropNulls().unique().sort({ descending: true }).head(EXTREME_VALUES).implode();
    case "empty_count":
      return col.eq(pl.lit("")).sum();
    case "whitespace_leading":
      return col.str.contains("^\\s").sum();
    case "whitespace_trailing":
      return col.str.contains("\\s$").sum();
    case "contains_linebreaks":
      return col.str.contains("[\\r\\n]").sum();
    case "contains_non_ascii":
      return col.str.contains("[^\\x00-\\x7F]").sum();
    default:
      return undefined;
  }
}

/** The `n` most frequent non-null values of one column as `[value, count]` pairs. */
function topValues(frame: Frame, name: string, n: number, bounds: PreviewBounds): unknown[][] {
  // Renamed first, so that a column called "n" (or anything) cannot clash with the count.
  const counts = frame
    .select(pl.col(name).alias("value"))
    .filter(pl.col("value").isNotNull())
    .groupBy("value")
    .agg(pl.len().alias("n"))
    .sort(["n", "value"], [true, false])
    .head(n)
    .collectSync({ engine: "streaming" } as never);
  return previewData(counts, n, bounds).data;
}

/**
 * Profiles the chosen columns of `frame` over all of its rows. Throws ValidationError for
 * an unknown column or metric (naming it, listing the valid ones). Values are cut by
 * `bounds` as a preview's are (the engine passes its settings').
 */
export function profileFrame(
  frame: Frame,
  options: ProfileOptions = {},
  bounds: PreviewBounds = DEFAULT_PREVIEW_BOUNDS,
): FrameProfile {
  const schema = schemaOf(frame);
  const metrics = chosenMetrics(options.metrics);
  const columns = chosenColumns(options.columns, columnNames(schema));
  const topN = options.topValues ?? DEFAULT_TOP_VALUES;
  if (!Number.isInteger(topN) || topN < 1) throw new ValidationError(`top_values must be a whole number >= 1`);

  // Aliases by position: column names may be anything, aliases must not collide.
  const exprs: Expr[] = [pl.len().alias("rows")];
  const wantsNulls = metrics.includes("null_percent");
  columns.forEach((name, i) => {
    const dt = schema[name] as DataType;
    const kind = kindOf(dt);
    for (const metric of metrics) {
      if (!applies(metric, kind)) continue;
      const expr = scalarExpr(metric, name, dt);
      if (!expr) continue;
      exprs.push(expr.alias(`c${i}_${metric}`));
    }
    if (wantsNulls && !metrics.includes("null_count")) exprs.push(pl.col(name).nullCount().alias(`c${i}_null_count`));
  });

  const scalars = frame.select(...exprs).collectSync({ engine: "streaming" } as never);
  const row = previewData(scalars, 1, bounds);
  const scalar = new Map(row.columns.map((c, i) => [c.name, row.data[0]?.[i]]));
  const rows = Number(scalar.get("rows") ?? 0);

  const result: [string, ColumnProfile][] = columns.map((name, i) => {
    const kind = kindOf(schema[name] as DataType);
    const profile: [ProfileMetric, unknown][] = [];
    for (const metric of metrics) {
      if (!applies(metric, kind)) continue;
      if (metric === "null_percent") {
        const nulls = Number(scalar.get(`c${i}_null_count`) ?? 0);
        profile.push([metric, rows === 0 ? 0 : Math.round((nulls / rows) * 10_000) / 100]);
      } else if (metric === "top_values") {
        profile.push([metric, topValues(frame, name, topN, bounds)]);
      } else {
        profile.push([metric, scalar.get(`c${i}_${metric}`) ?? null]);
      }
    }
    return [name, Object.fromEntries(profile)];
  });
  // fromEntries defines own properties, so a column named "__proto__" stays a column.
  return { row_count: rows, columns: Object.fromEntries(result) };
}
