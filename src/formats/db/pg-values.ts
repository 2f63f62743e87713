/**
 * PostgreSQL's binary send formats of the values whose decoding is more than a DataView call
 * (numeric, uuid, arrays), and the calendar constants. See
 * https://www.postgresql.org/docs/current/protocol-overview.html and the types' `*send`
 * functions in the server source (numeric.c, uuid.c, arrayfuncs.c).
 */

/** Days from 1970-01-01 to PostgreSQL's epoch, 2000-01-01. */
export const PG_EPOCH_DAYS = 10_957;
/** Microseconds from 1970-01-01 to 2000-01-01, as its two 32-bit halves. */
export const PG_EPOCH_MICROS = 946_684_800_000_000;
export const PG_EPOCH_MICROS_HI = Math.floor(PG_EPOCH_MICROS / 2 ** 32);
export const PG_EPOCH_MICROS_LO = PG_EPOCH_MICROS - PG_EPOCH_MICROS_HI * 2 ** 32;
/** A date of `infinity` and `-infinity`. */
export const DATE_INFINITY = 0x7fffffff;
export const DATE_MINUS_INFINITY = -0x80000000;

const NUMERIC_NAN = 0xc000;
const NUMERIC_PINF = 0xd000;
const NUMERIC_NINF = 0xf000;
const NUMERIC_NEG = 0x4000;

/** "0000" to "9999": a base-10000 digit as text, without a String() and padStart per digit. */
const GROUPS = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, "0"));

/**
 * A numeric as decimal text with exactly its display scale of fraction digits (`-12.50`), or
 * `NaN`, `Infinity`, `-Infinity`. The value is base-10000 digits with the weight of the first.
 */
export function numericText(view: DataView, at: number): string {
  const ndigits = view.getInt16(at);
  const weight = view.getInt16(at + 2);
  const sign = view.getUint16(at + 4);
  const dscale = view.getUint16(at + 6);
  if (sign === NUMERIC_NAN) return "NaN";
  if (sign === NUMERIC_PINF) return "Infinity";
  if (sign === NUMERIC_NINF) return "-Infinity";
  const digit = (i: number) => (i >= 0 && i < ndigits ? view.getInt16(at + 8 + i * 2) : 0);
  let text = weight < 0 ? "0" : String(digit(0));
  for (let i = 1; i <= weight; i++) text += GROUPS[digit(i)];
  if (dscale > 0) {
    let fraction = "";
    for (let i = weight + 1; fraction.length < dscale; i++) fraction += GROUPS[digit(i)];
    text += `.${fraction.length === dscale ? fraction : fraction.slice(0, dscale)}`;
  }
  return sign === NUMERIC_NEG ? `-${text}` : text;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** A uuid's 16 bytes as `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, as PostgreSQL writes it. */
export function uuidText(bytes: Uint8Array, at: number): string {
  let text = "";
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) text += "-";
    text += HEX[bytes[at + i] as number];
  }
  return text;
}

/** Why an array value cannot become a list. */
export class ArrayShapeError extends Error {}

/**
 * The elements of a one-dimensional array (an empty array has no dimension), each read by
 * `element` from its bytes or null. A multi-dimensional array throws ArrayShapeError: its
 * shape belongs to the value, not the column type, so no list type fits every row.
 */
export function arrayElements<T>(view: DataView, at: number, element: (at: number, length: number) => T): (T | null)[] {
  const ndim = view.getInt32(at);
  if (ndim === 0) return [];
  if (ndim !== 1) throw new ArrayShapeError(`a ${ndim}-dimensional array`);
  const size = view.getInt32(at + 12);
  const out: (T | null)[] = new Array(size);
  let pos = at + 20;
  for (let i = 0; i < size; i++) {
    const length = view.getInt32(pos);
    pos += 4;
    if (length < 0) {
      out[i] = null;
    } else {
      out[i] = element(pos, length);
      pos += length;
    }
  }
  return out;
}

/**
 * A timestamp's microseconds since 2000 (two halves) moved to 1970, as two halves; null for
 * `infinity` and `-infinity`, "overflow" past Polars' range (int64 microseconds since 1970).
 */
export function timestampFrom2000(hi: number, lo: number): [number, number] | null | "overflow" {
  if ((hi === 0x7fffffff && lo === 0xffffffff) || (hi === -0x80000000 && lo === 0)) return null;
  let newLo = lo + PG_EPOCH_MICROS_LO;
  let carry = 0;
  if (newLo >= 2 ** 32) {
    newLo -= 2 ** 32;
    carry = 1;
  }
  const newHi = hi + PG_EPOCH_MICROS_HI + carry;
  if (newHi > 0x7fffffff) return "overflow";
  return [newHi, newLo];
}
