import { DataSourceError } from "../../shared/errors";
import { readBytes } from "../file-checks";

/**
 * The 512-byte header of a YXDB file (Alteryx's OpenYXDB `Header` struct, little-endian):
 *
 * | offset | type    | meaning                                                       |
 * |--------|---------|---------------------------------------------------------------|
 * | 0      | char 64 | description, "Alteryx Database File ..."                      |
 * | 64     | int32   | file id: 0x0044_02_04 (no spatial index) or 0x0044_02_05      |
 * | 80     | uint32  | MetaInfo length in UTF-16 units, its terminating NUL included |
 * | 88     | int64   | spatial index position (0 if none)                            |
 * | 96     | int64   | record block index position                                  |
 * | 104    | int64   | number of records                                             |
 * | 112    | int32   | compression: 1 = LZF blocks, 0 = records stored as they are   |
 *
 * The MetaInfo XML (UTF-16LE) follows the header, then the records.
 */
export const HEADER_SIZE = 512;

/** The file id's family byte (bits 16-23) and the versions Alteryx's own reader accepts. */
const FILE_ID_FAMILY = 0x44;
const MIN_VERSION = 2;
const MAX_VERSION = 5;

/** A MetaInfo longer than this (in UTF-16 units) is not a record description but damage. */
export const MAX_META_INFO_CHARS = 16 * 1024 * 1024;

export interface YxdbHeader {
  /** The number of records the file says it holds. */
  recordCount: number;
  /** MetaInfo length in UTF-16 units (with the terminating NUL). */
  metaInfoChars: number;
  /** True for LZF-compressed blocks, false for records stored as they are. */
  compressed: boolean;
  /** Where the records start: after the header and the MetaInfo. */
  dataStart: number;
  /**
   * Where the records end: the first index after them (the spatial index, then the record
   * block index), or the end of the file when the header gives no index inside the file.
   */
  dataEnd: number;
}

/** Reads and checks the header of `path` (whose size is `fileSize`). */
export function readYxdbHeader(path: string, fileSize: number): YxdbHeader {
  const notYxdb = (why: string) => new DataSourceError(`Cannot read ${path}: it is not an Alteryx YXDB file (${why})`);
  if (fileSize < HEADER_SIZE) throw notYxdb(`${fileSize} bytes is shorter than the ${HEADER_SIZE}-byte header`);
  const header = readBytes(path, 0, HEADER_SIZE);
  if (header.length < HEADER_SIZE) throw notYxdb("the header could not be read whole");

  const fileId = header.readInt32LE(64);
  const version = fileId & 0xff;
  if (((fileId >> 16) & 0xff) !== FILE_ID_FAMILY) {
    throw notYxdb(`file id 0x${(fileId >>> 0).toString(16)} is not a YXDB id`);
  }
  if (version < MIN_VERSION || version > MAX_VERSION) {
    throw new DataSourceError(
      `Cannot read ${path}: YXDB version ${version} is not supported (supported: ${MIN_VERSION} to ${MAX_VERSION})`,
    );
  }

  const metaInfoChars = header.readUInt32LE(80);
  if (metaInfoChars < 1 || metaInfoChars > MAX_META_INFO_CHARS) {
    throw new DataSourceError(`Cannot read ${path}: the header gives an impossible MetaInfo length (${metaInfoChars})`);
  }
  const dataStart = HEADER_SIZE + metaInfoChars * 2;
  if (dataStart > fileSize) {
    throw new DataSourceError(
      `Cannot read ${path}: the file is truncated (its record description needs ${dataStart} bytes, the file has ${fileSize})`,
    );
  }

  const count = header.readBigInt64LE(104);
  if (count < 0n || count > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new DataSourceError(`Cannot read ${path}: the header gives an impossible record count (${count})`);
  }

  const compression = header.readInt32LE(112);
  if (compression !== 0 && compression !== 1) {
    throw new DataSourceError(
      `Cannot read ${path}: YXDB compression ${compression} is not supported (supported: 0 none, 1 LZF)`,
    );
  }
  // The record block index sits at the end of the records; past the end of the file it
  // proves the file was cut, which a preview (reading only the first blocks) would miss.
  const blockIndex = Number(header.readBigInt64LE(96));
  if (blockIndex > fileSize) {
    throw new DataSourceError(
      `Cannot read ${path}: the file is truncated (its record index is at byte ${blockIndex}, the file has ${fileSize})`,
    );
  }
  // A position the writer left 0 (or before the records) is ignored.
  const indexes = [header.readBigInt64LE(88), header.readBigInt64LE(96)]
    .map(Number)
    .filter((at) => at > dataStart && at <= fileSize);
  const dataEnd = Math.min(fileSize, ...indexes);
  return { recordCount: Number(count), metaInfoChars, compressed: compression === 1, dataStart, dataEnd };
}

/**
 * The MetaInfo XML text. It is UTF-16LE and its length counts a terminating NUL, which (with
 * anything after a NUL) is dropped.
 */
export function readMetaInfo(path: string, header: YxdbHeader): string {
  const bytes = readBytes(path, HEADER_SIZE, header.metaInfoChars * 2);
  if (bytes.length < header.metaInfoChars * 2) {
    throw new DataSourceError(`Cannot read ${path}: the file is truncated inside its record description`);
  }
  const text = bytes.toString("utf16le");
  const nul = text.indexOf("\0");
  return nul === -1 ? text : text.slice(0, nul);
}
