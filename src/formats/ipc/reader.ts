import { readFileSync } from "node:fs";
import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { checkReadableFile, escapeGlob, readBytes } from "../file-checks";
import type { ReadOptions } from "../types";

/** The IPC file format (Feather v2) starts with "ARROW1" + 2 padding bytes and ends with "ARROW1". */
const FILE_MAGIC = "ARROW1";
/** The IPC stream format starts with a continuation marker (0xFFFFFFFF) before its first message. */
const STREAM_MARKER = 0xffffffff;

/**
 * A lazy scan of an Arrow IPC file (.arrow, .feather, .ipc). `scanIPC` is given the path
 * with glob characters escaped; `readIPC(string)` is avoided since it takes any string not
 * ending in `.ipc` for inline bytes (notes/formats.md). The magic bytes at both ends are
 * checked first, so a truncated file fails here, naming it. An IPC *stream* (no footer, so
 * no lazy scan in Polars) is read whole, then made lazy.
 */
export function scanIpc(path: string, _options: ReadOptions): pl.LazyDataFrame {
  const size = checkReadableFile(path);
  const head = readBytes(path, 0, 8);
  if (head.subarray(0, 6).toString("latin1") === FILE_MAGIC) {
    // Header (8) + footer length (4) + trailing magic (6) is the smallest possible whole file.
    const tail = size >= 18 ? readBytes(path, size - 6, 6).toString("latin1") : "";
    if (tail !== FILE_MAGIC) {
      throw new DataSourceError(`Cannot read ${path}: the Arrow IPC file is truncated (no footer)`);
    }
    return pl.scanIPC(escapeGlob(path));
  }
  if (head.length >= 4 && head.readUInt32LE(0) === STREAM_MARKER) return readIpcStream(path);
  throw new DataSourceError(`Cannot read ${path}: it is not an Arrow IPC (Feather v2) file`);
}

function readIpcStream(path: string): pl.LazyDataFrame {
  try {
    return pl.readIPCStream(readFileSync(path)).lazy();
  } catch (error) {
    throw new DataSourceError(`Cannot read ${path} as an Arrow IPC stream: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
