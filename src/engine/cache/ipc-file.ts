import { statSync } from "node:fs";
import { PositionalFile } from "../../formats/positional-file";
import { isNoEntry } from "../../shared/tolerant-fs";

/**
 * A structural check of an Arrow IPC *file* (Feather v2), reading only its first 8 and
 * last 10 bytes, because cache entries can be gigabytes. The layout is
 *
 *   "ARROW1" 0 0 | stream of messages | footer (flatbuffer) | int32 LE footer length | "ARROW1"
 *
 * The trailing magic is written last, so a file cut short anywhere (a crash mid-write, a
 * full disk) fails the check. A file whose body was damaged in place still passes: Arrow
 * IPC has no checksums, so that is found (if at all) when the file is read.
 */

const MAGIC = Buffer.from("ARROW1", "ascii");
/** "ARROW1" and two padding bytes. */
const HEAD_BYTES = 8;
/** int32 footer length and "ARROW1". */
const TAIL_BYTES = 4 + MAGIC.length;

/** What the check found. `missing`: no such file (not a reason to delete anything). */
export type IpcFileCheck =
  | { state: "valid"; size: number }
  | { state: "missing" }
  | { state: "invalid"; reason: string };

/** Checks the head and tail of an Arrow IPC file at `path` without reading its body. */
export function checkIpcFile(path: string): IpcFileCheck {
  let file: PositionalFile;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return { state: "invalid", reason: "not a regular file" };
    file = new PositionalFile(path, stat.size);
  } catch (err) {
    if (isNoEntry(err)) return { state: "missing" };
    throw err;
  }
  try {
    return checkBytes(file);
  } finally {
    file.close();
  }
}

function checkBytes(file: PositionalFile): IpcFileCheck {
  const { size } = file;
  if (size < HEAD_BYTES + TAIL_BYTES + 1) return { state: "invalid", reason: `too short (${size} bytes)` };
  const head = file.readComplete(0, HEAD_BYTES);
  const tail = file.readComplete(size - TAIL_BYTES, TAIL_BYTES);
  if (!head || !tail) return { state: "invalid", reason: "shorter than its size" };
  if (!head.subarray(0, MAGIC.length).equals(MAGIC) || head[6] !== 0 || head[7] !== 0) {
    return { state: "invalid", reason: "no ARROW1 magic at the start" };
  }
  if (!tail.subarray(4).equals(MAGIC)) return { state: "invalid", reason: "no ARROW1 magic at the end (truncated?)" };
  const footerLength = tail.readInt32LE(0);
  const room = size - HEAD_BYTES - TAIL_BYTES;
  if (footerLength <= 0 || footerLength > room) {
    return { state: "invalid", reason: `footer length ${footerLength} out of range (room for ${room} bytes)` };
  }
  return { state: "valid", size };
}
