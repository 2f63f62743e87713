/**
 * LZF decompression (the liblzf format that YXDB blocks use). Each step reads a control byte:
 * - below 32: a literal run; the next `ctrl + 1` bytes are copied as they are;
 * - otherwise: a back-reference; `ctrl >> 5` is the length minus 2 (7 means one more length
 *   byte follows, to add), the low 5 bits and the next byte form the distance minus 1, and
 *   the bytes are copied from that far back in the output (the copy may overlap itself).
 * Every read and write is bounds-checked: hostile input throws LzfError, never reads past
 * the input, writes past `output`, or refers before the start of the output.
 */

/** The input is not valid LZF (or does not fit the output); the caller names the file. */
export class LzfError extends Error {}

/** Decompresses `input` into `output` and answers the number of bytes written. */
export function lzfDecompress(input: Uint8Array, output: Uint8Array): number {
  const inLength = input.length;
  const outLength = output.length;
  let ip = 0;
  let op = 0;
  while (ip < inLength) {
    const ctrl = input[ip++] as number;
    if (ctrl < 32) {
      const run = ctrl + 1;
      if (ip + run > inLength) throw new LzfError(`a literal run of ${run} bytes passes the end of the block`);
      if (op + run > outLength) throw new LzfError(`the block decompresses to more than ${outLength} bytes`);
      // A loop, not set(subarray): runs are at most 32 bytes, and a view per run costs more.
      for (const end = ip + run; ip < end; ) output[op++] = input[ip++] as number;
      continue;
    }
    let length = ctrl >> 5;
    if (length === 7) {
      if (ip >= inLength) throw new LzfError("a back-reference is cut off at the end of the block");
      length += input[ip++] as number;
    }
    length += 2;
    if (ip >= inLength) throw new LzfError("a back-reference is cut off at the end of the block");
    const distance = ((ctrl & 0x1f) << 8) + (input[ip++] as number) + 1;
    let ref = op - distance;
    if (ref < 0) throw new LzfError(`a back-reference points ${-ref} bytes before the start of the block`);
    if (op + length > outLength) throw new LzfError(`the block decompresses to more than ${outLength} bytes`);
    // Byte by byte on purpose: an overlapping reference (distance < length) repeats bytes.
    for (const end = op + length; op < end; ) output[op++] = output[ref++] as number;
  }
  return op;
}
