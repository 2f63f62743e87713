import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { writeAtomically } from "../atomic-write";
import { escapeGlob } from "../file-checks";
import type { WriteOptions } from "../types";
import { ipcFileRows } from "./file-rows";

const COMPRESSIONS = ["uncompressed", "lz4", "zstd"] as const;
type IpcCompression = (typeof COMPRESSIONS)[number];

/**
 * Writes the frame as an Arrow IPC file (Feather v2) through Polars' streaming sink.
 * Uncompressed unless `compression` says otherwise: compressed IPC buffers need a codec
 * that not every reader has (apache-arrow for JS has none by default).
 */
export function writeIpc(frame: pl.LazyDataFrame, path: string, options: WriteOptions): { rows: number } {
  const compression = ipcCompression(path, options.compression);
  return writeAtomically(path, (tempPath) => {
    // SinkIpcOptions' type omits lz4, which Polars accepts.
    frame.sinkIpc(tempPath, { compression: compression as "zstd" }).collectSync({ engine: "streaming" } as never);
    // Record batch lengths are in the footer and batch headers: no column data is read, no query run.
    return { rows: ipcFileRows(tempPath) ?? polarsCount(tempPath) };
  });
}

/** Polars' count, should the metadata be laid out in a way file-rows.ts does not follow. */
function polarsCount(path: string): number {
  const counted = pl.scanIPC(escapeGlob(path)).select(pl.len().alias("rows")).collectSync();
  return Number(counted.getColumn("rows").get(0));
}

function ipcCompression(path: string, given: string | undefined): IpcCompression {
  if (given === undefined) return "uncompressed";
  const compression = COMPRESSIONS.find((c) => c === given.toLowerCase());
  if (!compression) {
    throw new DataSourceError(
      `Cannot write ${path}: compression ${JSON.stringify(given)} is not supported for Arrow IPC (supported: ${COMPRESSIONS.join(", ")})`,
    );
  }
  return compression;
}
