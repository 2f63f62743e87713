/**
 * The value of a variable field (V_String, V_WString, Blob, SpatialObj). Its 4 bytes in the
 * fixed part (after Alteryx's RecordInfo::GetVarDataValue) hold:
 * - 0: an empty value; 1: null;
 * - high bit clear and bits 28-29 not both clear: a value of up to 3 bytes stored in the
 *   low bytes themselves, its length in bits 28-30;
 * - otherwise (high bit masked off): the distance from the field to the value in the
 *   variable data, which starts with its length: one byte when odd (length = byte >> 1),
 *   else four bytes (length = word >> 1).
 * Every position is checked against the record, so a lying reference throws VarDataError.
 */

/** A variable field's reference points outside its record; the caller names file, field and record. */
export class VarDataError extends Error {}

/** Where a variable value lies in its record: bytes `start` to `end` (exclusive). */
export interface VarRange {
  start: number;
  end: number;
}

/**
 * Sets `range` to the bytes of the variable field at byte `field` of the record
 * `bytes[start, end)` and answers true, or answers false for null. Positions are in `bytes`.
 * `range` is the caller's, reused record after record (no allocation).
 */
export function varRange(
  bytes: Buffer,
  start: number,
  end: number,
  field: number,
  fixedSize: number,
  range: VarRange,
): boolean {
  const ref = bytes.readUInt32LE(field);
  if (ref === 1) return false;
  if (ref === 0) {
    range.start = range.end = field;
    return true;
  }
  if ((ref & 0x80000000) === 0 && (ref & 0x30000000) !== 0) {
    const length = ref >>> 28;
    if (length > 3) throw new VarDataError(`an inline value of ${length} bytes (at most 3 fit)`);
    range.start = field;
    range.end = field + length;
    return true;
  }
  const at = field + (ref & 0x7fffffff);
  const size = end - start;
  // Variable data starts after the fixed part and its own 4-byte total length.
  if (at < start + fixedSize + 4 || at >= end) {
    throw new VarDataError(`a value at byte ${at - start} of a ${size}-byte record`);
  }
  const first = bytes[at] as number;
  let from: number;
  let length: number;
  if (first & 1) {
    from = at + 1;
    length = first >>> 1;
  } else {
    if (at + 4 > end) throw new VarDataError(`a value length cut off at byte ${at - start}`);
    from = at + 4;
    length = bytes.readUInt32LE(at) >>> 1;
  }
  if (from + length > end) {
    throw new VarDataError(`a value of ${length} bytes at byte ${from - start} of a ${size}-byte record`);
  }
  range.start = from;
  range.end = from + length;
  return true;
}
