import pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { checkReadableFile, readBytes } from "../file-checks";
import type { ReadOptions } from "../types";

const MAGIC = "PAR1";
/** Files with an encrypted footer end in this magic; Polars cannot read them. */
const ENCRYPTED_MAGIC = "PARE";

/**
 * A lazy scan of a Parquet file. The magic bytes at both ends are checked first (two tiny
 * reads), so a truncated or mislabelled file fails here, naming the file, and not later
 * at collection. Reader options do not apply to Parquet.
 */
export function scanParquet(path: string, _options: ReadOptions): pl.LazyDataFrame {
  const size = checkReadableFile(path);
  const head = readBytes(path, 0, 4).toString("latin1");
  if (head !== MAGIC) throw new DataSourceError(`Cannot read ${path}: it is not a Parquet file (no PAR1 header)`);
  // Header magic + 4-byte footer length + footer magic: anything shorter cannot be whole.
  const tail = size >= 12 ? readBytes(path, size - 4, 4).toString("latin1") : "";
  if (tail === ENCRYPTED_MAGIC) {
    throw new DataSourceError(`Cannot read ${path}: encrypted Parquet files are not supported`);
  }
  if (tail !== MAGIC) {
    throw new DataSourceError(`Cannot read ${path}: the Parquet file is truncated (no footer)`);
  }
  return pl.scanParquet(path, { glob: false });
}
