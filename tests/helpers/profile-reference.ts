import { expect } from "bun:test";

/**
 * The profile metrics computed in plain TypeScript from a column's values, as profile.ts
 * defines them, to check the Polars computation against. Dates come as ISO strings (their
 * string order is their date order).
 */

export type RefKind = "numeric" | "temporal" | "string" | "other";
export type RefValue = number | string | boolean | null;

/** UTF-8 byte order, which is code point order (Polars' string order). */
function compareValues(a: RefValue, b: RefValue): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));
}

const distinctSorted = (values: RefValue[]) => [...new Set(values)].sort(compareValues);

/** Every metric that applies to a column of `kind`, in the canonical order. */
export function expectedProfile(kind: RefKind, values: RefValue[], topN = 10): Record<string, unknown> {
  const rows = values.length;
  const present = values.filter((v) => v !== null);
  const nulls = rows - present.length;
  const out: Record<string, unknown> = {
    count: present.length,
    null_count: nulls,
    null_percent: rows === 0 ? 0 : Math.round((nulls / rows) * 10_000) / 100,
    unique_count: new Set(present).size,
  };
  if (kind === "numeric" || kind === "temporal") {
    const ordered = present.filter((v) => !(typeof v === "number" && Number.isNaN(v)));
    const sorted = distinctSorted(ordered);
    out.min = sorted[0] ?? null;
    out.max = sorted.at(-1) ?? null;
    if (kind === "numeric") {
      const xs = ordered as number[];
      const n = xs.length;
      const mean = n === 0 ? null : xs.reduce((s, x) => s + x, 0) / n;
      const byValue = [...xs].sort((a, b) => a - b);
      const mid = Math.floor(n / 2);
      out.mean = mean;
      out.median =
        n === 0 ? null : n % 2 ? byValue[mid] : ((byValue[mid - 1] as number) + (byValue[mid] as number)) / 2;
      out.std = n < 2 || mean === null ? null : Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
    }
    out.min_values = sorted.slice(0, 5);
    out.max_values = [...sorted].reverse().slice(0, 5);
  }
  if (kind === "string") {
    const texts = present as string[];
    const countOf = (re: RegExp) => texts.filter((t) => re.test(t)).length;
    out.empty_count = texts.filter((t) => t === "").length;
    out.whitespace_leading = countOf(/^\p{White_Space}/u);
    out.whitespace_trailing = countOf(/\p{White_Space}$/u);
    out.contains_linebreaks = countOf(/[\r\n]/);
    out.contains_non_ascii = texts.filter((t) => [...t].some((ch) => (ch.codePointAt(0) ?? 0) > 0x7f)).length;
  }
  const counts = new Map<RefValue, number>();
  for (const v of present) counts.set(v, (counts.get(v) ?? 0) + 1);
  out.top_values = [...counts]
    .sort((a, b) => b[1] - a[1] || compareValues(a[0], b[0]))
    .slice(0, topN)
    .map(([v, c]) => [v, c]);
  return out;
}

const APPROXIMATE = new Set(["mean", "median", "std"]);

/**
 * Checks a column's profile: the same metrics, in the same order, equal values (floats
 * that Polars sums in another order: to 9 significant digits).
 */
export function expectColumnProfile(actual: Record<string, unknown>, expected: Record<string, unknown>): void {
  expect(Object.keys(actual)).toEqual(Object.keys(expected));
  for (const [metric, want] of Object.entries(expected)) {
    const got = actual[metric];
    if (APPROXIMATE.has(metric) && typeof want === "number" && typeof got === "number") {
      expect(Math.abs(got - want)).toBeLessThanOrEqual(Math.abs(want) * 1e-9 + 1e-12);
    } else {
      expect({ metric, value: got }).toEqual({ metric, value: want });
    }
  }
}
