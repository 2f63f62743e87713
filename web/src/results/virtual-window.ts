/**
 * The maths of the virtualised grid: which rows and columns are in view, so that only
 * those (plus a few either side) are in the DOM. Rows have one fixed height; columns have
 * widths of their own, found by binary search over their left edges.
 */

/** A half-open range [start, end) of rows or columns. */
export interface Range {
  start: number;
  end: number;
}

/** Rows visible in a viewport of `viewport` px scrolled to `scrollTop` (the header excluded), with `overscan` rows either side. */
export function rowWindow(scrollTop: number, viewport: number, rowHeight: number, count: number, overscan = 4): Range {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const top = Math.max(0, scrollTop);
  const first = Math.floor(top / rowHeight);
  const last = Math.ceil((top + Math.max(0, viewport)) / rowHeight);
  return { start: clamp(first - overscan, 0, count), end: clamp(last + overscan, 0, count) };
}

/** Left edges of the columns and, last, the total width: offsets[i] is where column i starts. */
export function columnOffsets(widths: readonly number[]): number[] {
  const offsets = new Array<number>(widths.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < widths.length; i++) offsets[i + 1] = (offsets[i] as number) + (widths[i] as number);
  return offsets;
}

/** Columns that overlap [scrollLeft, scrollLeft + viewport), with `overscan` columns either side. */
export function columnWindow(offsets: readonly number[], scrollLeft: number, viewport: number, overscan = 1): Range {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const left = Math.max(0, scrollLeft);
  const right = left + Math.max(0, viewport);
  // The last column whose left edge is <= left, and the first whose left edge is >= right.
  const first = Math.max(0, upperBound(offsets, left) - 1);
  const end = Math.min(count, lowerBound(offsets, right));
  return { start: clamp(first - overscan, 0, count), end: clamp(Math.max(end, first + 1) + overscan, 0, count) };
}

/** A column's width in px: room for the widest of its texts (name, dtype, sampled values, measured in px), within bounds. */
export function columnWidth(
  textWidths: readonly number[],
  options: { padPx?: number; min?: number; max?: number } = {},
): number {
  const { padPx = 20, min = 64, max = 320 } = options;
  let widest = 0;
  for (const w of textWidths) if (w > widest) widest = w;
  return clamp(Math.ceil(widest + padPx), min, max);
}

/** The index of the first offset > value. */
function upperBound(offsets: readonly number[], value: number): number {
  let lo = 0;
  let hi = offsets.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((offsets[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the first offset >= value. */
function lowerBound(offsets: readonly number[], value: number): number {
  let lo = 0;
  let hi = offsets.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((offsets[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}
