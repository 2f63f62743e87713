import type { ColumnProfile } from "../lib/api";
import { cellDisplay, cellShown } from "./cell-format";
import { formatCount, formatPercent } from "./number-format";

/** A metric value as text (numbers as the grid shows them, "—" for none), and the exact value when that differs. */
export function metricText(value: unknown): { text: string; title?: string } {
  const shown = cellDisplay(value, () => true);
  return shown.text === null ? { text: "—" } : { text: shown.text, title: shown.title };
}

/** A value as a bar's label; empty and white-space strings are shown by name (they are quality issues). */
export function valueLabel(value: unknown): { text: string; blank: boolean } {
  const text = cellShown(value);
  if (text === null) return { text: "null", blank: true };
  if (text === "") return { text: "(empty)", blank: true };
  if (text.trim() === "") return { text: `(${text.length} spaces)`, blank: true };
  if (text !== text.trim()) return { text: `“${text}”`, blank: false };
  return { text, blank: false };
}

export interface QualityLine {
  label: string;
  value: string;
  /** The exact value, when `value` shows it rounded. */
  title?: string;
  /** A count worth a look (nulls, empty strings, stray white space...). */
  warn: boolean;
  metric: string;
}

const STRING_CHECKS: [keyof ColumnProfile, string][] = [
  ["empty_count", "Empty strings"],
  ["whitespace_leading", "Leading space"],
  ["whitespace_trailing", "Trailing space"],
  ["contains_linebreaks", "Line breaks"],
  ["contains_non_ascii", "Non-ASCII"],
];

const STATS: [keyof ColumnProfile, string][] = [
  ["min", "Min"],
  ["max", "Max"],
  ["mean", "Mean"],
  ["median", "Median"],
  ["std", "Std dev"],
];

/** The lines of a column's quality table, in the order shown; metrics the column lacks are left out. */
export function qualityLines(profile: ColumnProfile, rows: number): QualityLine[] {
  const lines: QualityLine[] = [];
  const count = (metric: keyof ColumnProfile) =>
    typeof profile[metric] === "number" ? (profile[metric] as number) : undefined;
  const share = (n: number) => (rows > 0 ? ` (${formatPercent((n / rows) * 100)}%)` : "");

  const values = count("count");
  if (values !== undefined) lines.push({ label: "Values", value: formatCount(values), warn: false, metric: "count" });
  const nulls = count("null_count");
  if (nulls !== undefined) {
    const percent = count("null_percent");
    const text = percent !== undefined ? `${formatCount(nulls)} (${formatPercent(percent)}%)` : formatCount(nulls);
    lines.push({ label: "Nulls", value: text, warn: nulls > 0, metric: "null_count" });
  }
  const unique = count("unique_count");
  if (unique !== undefined) {
    const all = values !== undefined && values > 1 && unique === values;
    lines.push({
      label: "Unique",
      value: `${formatCount(unique)}${all ? " (all distinct)" : ""}`,
      warn: false,
      metric: "unique_count",
    });
  }
  for (const [metric, label] of STRING_CHECKS) {
    const n = count(metric);
    if (n !== undefined) lines.push({ label, value: `${formatCount(n)}${n > 0 ? share(n) : ""}`, warn: n > 0, metric });
  }
  for (const [metric, label] of STATS) {
    if (!(metric in profile)) continue;
    const shown = metricText(profile[metric]);
    lines.push({ label, value: shown.text, title: shown.title, warn: false, metric });
  }
  return lines;
}

/** min/max/median/mean as numbers when the column is numeric (for the range strip). */
export function numericRange(
  profile: ColumnProfile,
): { min: number; max: number; median: number | null; mean: number | null } | undefined {
  const { min, max } = profile;
  if (typeof min !== "number" || typeof max !== "number" || !Number.isFinite(min) || !Number.isFinite(max)) {
    return undefined;
  }
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  return { min, max, median: num(profile.median), mean: num(profile.mean) };
}

/** Whether top values say anything: not when every value is distinct (each count is 1). */
export function topValuesWorthShowing(profile: ColumnProfile): boolean {
  const top = profile.top_values;
  return Array.isArray(top) && top.length > 0 && top.some(([, n]) => n > 1);
}
