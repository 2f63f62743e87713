import pl, { type DataType } from "nodejs-polars";
import { ValidationError } from "../shared/errors";
import { datetimeParts, dtypeName, OpaqueDtype, seriesDtype } from "../tools/dtype";
import { cutValues, DEFAULT_PREVIEW_BOUNDS, type PreviewBounds, rowsWithinBytes } from "./preview-cut";

/** One output socket's rows as the API sends them (decisions.md, "Preview data"). */
export interface PreviewData {
  columns: { name: string; dtype: string }[];
  data: unknown[][];
  row_count: number;
  has_more: boolean;
  /** Present when rows were left out to keep the answer under MAX_PREVIEW_BYTES (preview-cut.ts). */
  bytes_limited?: true;
}

/**
 * The first `limit` rows of `frame` (collected with `limit + 1` rows, so `has_more` tells
 * whether there were more) as JSON-safe arrays in column order:
 * - Int64, UInt64 (and Int128, UInt128): a number when |v| <= 2^53 - 1, else a decimal string.
 * - Float: a number; NaN, Infinity, -Infinity as the strings "NaN", "Infinity", "-Infinity".
 *   Float32 values are written with the fewest digits that read back as the same float32
 *   (0.1, not 0.10000000149011612).
 * - Date: `YYYY-MM-DD`. Datetime: ISO 8601 with all the unit's digits
 *   (`2024-01-02T03:04:05.123456` for us, 9 digits for ns; the fraction never passes through
 *   a JS Date), plus `Z` for the UTC zone or the offset (`+01:00`) for any other zone. Years
 *   past 9999 take the ISO 8601 expanded form (`+10000-01-01`), as Polars writes them.
 * - Time: `HH:MM:SS` with `.fff`, `.ffffff` or `.fffffffff` when the time has a fraction.
 * - Duration: an integer count of the dtype's unit (the column's dtype says which, e.g.
 *   `Duration(us)`), with the same 2^53 rule as Int64.
 * - Decimal: the exact decimal string (`"1.50"`). Binary: base64. Categorical, Enum: strings.
 * - List and Array: JSON arrays; Struct: JSON objects keyed by field name; the same rules
 *   apply inside. Null (also a null struct row): null.
 * - Long text and binary values are cut, and rows dropped past a byte bound, by `bounds`
 *   (preview-cut.ts; the engine passes its settings').
 */
export function previewData(
  frame: pl.DataFrame,
  limit: number,
  bounds: PreviewBounds = DEFAULT_PREVIEW_BOUNDS,
): PreviewData {
  if (!Number.isInteger(limit) || limit < 0) {
    throw new ValidationError(`Preview limit must be a whole number >= 0, got ${limit}`);
  }
  const hasMore = frame.height > limit;
  const rows = hasMore ? frame.head(limit) : frame;
  const height = rows.height;
  const columns: PreviewData["columns"] = [];
  const values: unknown[][] = [];
  for (const series of rows.getColumns()) {
    const dtype = seriesDtype(series);
    columns.push({ name: series.name, dtype: dtypeName(dtype) });
    values.push(cutValues(series, dtype, base64, bounds.maxValueChars) ?? columnValues(series, dtype));
  }
  // Column-wise conversion then one transpose: measured faster than row records.
  let data: unknown[][] = new Array(height);
  for (let r = 0; r < height; r++) {
    const row: unknown[] = new Array(values.length);
    for (let c = 0; c < values.length; c++) row[c] = values[c]?.[r];
    data[r] = row;
  }
  const fit = rowsWithinBytes(data, bounds.maxBytes);
  if (fit < height) {
    data = data.slice(0, fit);
    return { columns, data, row_count: fit, has_more: true, bytes_limited: true };
  }
  return { columns, data, row_count: height, has_more: hasMore };
}

type Convert = (value: never) => unknown;
type Apply = (value: unknown) => unknown;

/**
 * How a type travels to JS. The fast path reads the column as nodejs-polars hands it over
 * and finishes each value in JS; a value it cannot make exact (an Int64 beyond 2^53, a date
 * outside years 0-9999) throws NEEDS_CAST, and the column goes the exact way instead: Polars
 * casts it (`stage1`, then `stage2`: a Duration must become Int64 before it can become a
 * string) and `exact` finishes each value. Casting costs about 50 µs a column, so the
 * common columns (Int64, Date) skip it.
 */
interface Transport {
  stage1: DataType;
  stage2: DataType;
  changed: boolean;
  twoStages: boolean;
  /** Finishes a value after the casts; null when it is already right. */
  exact: Convert | null;
  /** Whether the column can be read without a cast, and how to finish such a value. */
  hasFast: boolean;
  fast: Convert | null;
  /** A cheap cast the fast path makes first (a Datetime's physical Int64); top level only. */
  fastCast?: DataType;
}

class NeedsCast extends Error {}
const NEEDS_CAST = new NeedsCast("value needs the exact path");

function columnValues(series: pl.Series, dtype: DataType): unknown[] {
  const plan = transport(dtype);
  let out: unknown[] | null = null;
  if (plan.hasFast) {
    try {
      const read = plan.fastCast ? series.cast(plan.fastCast, true) : series;
      out = applyAll(read.toArray() as unknown[], plan.fast);
    } catch (error) {
      // Only our own signal falls back to the exact path; anything else is a real failure.
      if (error !== NEEDS_CAST) throw error;
    }
  }
  if (!out) {
    let ready = series;
    if (plan.changed) ready = ready.cast(plan.stage1, true);
    if (plan.twoStages) ready = ready.cast(plan.stage2, true);
    out = applyAll(ready.toArray() as unknown[], plan.exact);
  }
  if (dtype.variant === "Struct" && series.nullCount() > 0) {
    // nodejs-polars turns a null struct row into an object of nulls; the mask restores it.
    const nulls = series.isNull().toArray();
    for (let i = 0; i < out.length; i++) if (nulls[i]) out[i] = null;
  }
  return out;
}

function applyAll(values: unknown[], convert: Convert | null): unknown[] {
  if (!convert) return values;
  const apply = convert as Apply;
  return values.map((v) => (v === null ? null : apply(v)));
}

/** A type nodejs-polars already hands over right (`convert` fixes floats, BigInts). */
const keep = (dt: DataType, convert: Convert | null = null): Transport => ({
  stage1: dt,
  stage2: dt,
  changed: false,
  twoStages: false,
  exact: convert,
  hasFast: true,
  fast: convert,
});

/** A type that Polars writes as text; `fast` reads it without the cast when it can. */
const viaString = (exact: Convert | null, fast: Convert | null = null): Transport => ({
  stage1: pl.String,
  stage2: pl.String,
  changed: true,
  twoStages: false,
  exact,
  hasFast: fast !== null,
  fast,
});

function transport(dt: DataType): Transport {
  const variant: string = dt.variant;
  switch (variant) {
    case "Int64":
      return viaString(safeInteger as Convert, exactNumber as Convert);
    case "UInt64":
      // nodejs-polars hands UInt64 over as BigInt (but Int64 as a rounded number).
      return keep(dt, bigInteger as Convert);
    case "Int128":
    case "UInt128":
      return viaString(safeInteger as Convert);
    case "Duration":
      return { ...viaString(safeInteger as Convert, exactNumber as Convert), stage1: pl.Int64, twoStages: true };
    case "Float64":
      return keep(dt, finiteOrName as Convert);
    case "Float32":
      return keep(dt, shortFloat32 as Convert);
    case "Float16":
      return { ...keep(pl.Float32, shortFloat32 as Convert), changed: true, hasFast: false };
    case "Datetime": {
      const { unit, timeZone } = datetimeParts(dt);
      const utc = isUtc(timeZone);
      const exact = ((text: string) => isoDatetime(text, utc)) as Convert;
      // Naive and UTC need no zone rules, so JS can write them from the epoch count, which
      // is an exact double for ms and us (ns counts pass 2^53 within months of 1970).
      if (unit === "ns" || (timeZone !== null && !utc)) return viaString(exact);
      const perSecond = unit === "ms" ? 1_000 : 1_000_000;
      const suffix = utc ? "Z" : "";
      const fast = ((n: number) => isoFromEpoch(n, perSecond, suffix)) as Convert;
      return { ...viaString(exact, fast), fastCast: pl.Int64 };
    }
    case "Date":
      return viaString(null, ((date: Date) => isoFromDate(date).slice(0, 10)) as Convert);
    case "Decimal":
    case "Enum":
    case "Object":
      return viaString(null);
    case "Binary":
      return { ...keep(pl.List(pl.UInt8), base64), changed: true, hasFast: false };
    case "List":
    case "FixedSizeList":
      return containerTransport(dt);
    case "Struct":
      return structTransport(dt);
    default:
      // A type nodejs-polars cannot hand over and we do not know: its text is the best we have.
      if (dt instanceof OpaqueDtype) return viaString(null);
      // Int8-32, UInt8-32, Boolean, String, Categorical (strings), Time (nodejs-polars
      // already gives `HH:MM:SS.f`), Null.
      return keep(dt);
  }
}

function mapItems(convert: Convert | null): Convert | null {
  if (!convert) return null;
  const apply = convert as Apply;
  return ((items: unknown[]) => items.map((v) => (v === null ? null : apply(v)))) as Convert;
}

function containerTransport(dt: DataType): Transport {
  const [innerDtype, size] = (dt as DataType.FixedSizeList).inner;
  const inner = transport(innerDtype);
  const wrap = (t: DataType) => (dt.variant === "List" ? pl.List(t) : pl.FixedSizeList(t, size));
  return {
    stage1: wrap(inner.stage1),
    stage2: wrap(inner.stage2),
    changed: inner.changed,
    twoStages: inner.twoStages,
    exact: mapItems(inner.exact),
    hasFast: inner.hasFast && !inner.fastCast,
    fast: mapItems(inner.fast),
  };
}

function mapFields(names: string[], converters: (Convert | null)[]): Convert | null {
  if (!converters.some((c) => c)) return null;
  return ((row: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string;
      const value = row[name] ?? null;
      const convert = converters[i] as Apply | null;
      out[name] = convert && value !== null ? convert(value) : value;
    }
    return out;
  }) as Convert;
}

function structTransport(dt: DataType): Transport {
  const fields = (dt as DataType.Struct).inner;
  const names = fields.map((f) => f.name);
  const parts = fields.map((f) => transport(f.dtype));
  return {
    stage1: pl.Struct(fields.map((f, i) => pl.Field.from(f.name, (parts[i] as Transport).stage1))),
    stage2: pl.Struct(fields.map((f, i) => pl.Field.from(f.name, (parts[i] as Transport).stage2))),
    changed: parts.some((t) => t.changed),
    twoStages: parts.some((t) => t.twoStages),
    exact: mapFields(
      names,
      parts.map((t) => t.exact),
    ),
    hasFast: parts.every((t) => t.hasFast && !t.fastCast),
    fast: mapFields(
      names,
      parts.map((t) => t.fast),
    ),
  };
}

/** An Int64 as nodejs-polars hands it over: a double, exact only inside ±(2^53 - 1). */
function exactNumber(n: number): number {
  // An int64 of magnitude 2^53 or more never rounds to a safe integer, so this is exact.
  if (Number.isSafeInteger(n)) return n;
  throw NEEDS_CAST;
}

function bigInteger(n: bigint): number | string {
  return n <= MAX_SAFE && n >= -MAX_SAFE ? Number(n) : n.toString();
}
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** ISO 8601 of an epoch count (`perSecond` per second) with all the unit's digits. */
function isoFromEpoch(n: number, perSecond: number, suffix: string): string {
  if (!Number.isSafeInteger(n)) throw NEEDS_CAST;
  const seconds = Math.floor(n / perSecond);
  const fraction = n - seconds * perSecond;
  if (fraction < 0 || fraction >= perSecond) throw NEEDS_CAST;
  const digits = perSecond === 1_000 ? 3 : 6;
  return `${isoFromDate(new Date(seconds * 1000)).slice(0, 19)}.${String(fraction).padStart(digits, "0")}${suffix}`;
}

/** `toISOString` of a JS Date made by nodejs-polars, for years 0-9999 (else Polars writes it). */
function isoFromDate(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) throw NEEDS_CAST;
  return date.toISOString();
}

/** A decimal integer string as a number when exact in a double, else unchanged. */
function safeInteger(text: string): number | string {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

function finiteOrName(x: number): number | string {
  return Number.isFinite(x) ? x : String(x);
}

/**
 * The shortest decimal that reads back as the same float32. Starting at 6 digits loses
 * nothing: a float32 within 6 digits of a shorter decimal rounds to that decimal at 6 digits
 * (`Number("1.50000")` is 1.5), and 9 digits always read back.
 */
function shortFloat32(x: number): number | string {
  if (!Number.isFinite(x)) return String(x);
  for (let digits = 6; digits < 9; digits++) {
    const y = Number(x.toPrecision(digits));
    if (Math.fround(y) === x) return y;
  }
  return Number(x.toPrecision(9));
}

function isUtc(zone: string | null): boolean {
  return zone === "UTC" || zone === "Etc/UTC";
}

/** Polars writes `2024-01-02 03:04:05.123456[+01:00]`; ISO 8601 wants the `T` (and `Z` for UTC). */
function isoDatetime(text: string, utc: boolean): string {
  const iso = text.replace(" ", "T");
  return utc && iso.endsWith("+00:00") ? `${iso.slice(0, -6)}Z` : iso;
}

function base64(bytes: number[]): string {
  return Buffer.from(bytes).toString("base64");
}
