import { closeSync, constants, openSync, readSync } from "node:fs";
import { crc32, inflateRawSync } from "node:zlib";
import { Inflate } from "fflate";
import { DataSourceError } from "../../shared/errors";
import { readBytes } from "../file-checks";

/** One file inside a zip archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflated; anything else is refused when read. */
  method: number;
  /** General-purpose flags; bit 0 marks zip-level encryption. */
  flags: number;
  /** The CRC-32 of the uncompressed bytes, checked when an entry is read to its end. */
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** The entries of a zip file, by name. */
export interface ZipArchive {
  path: string;
  size: number;
  entries: Map<string, ZipEntry>;
  /** Every entry in directory order, a repeated name included (the map keeps the last). */
  all: ZipEntry[];
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end record (22 bytes) plus the longest comment a zip may carry. */
const EOCD_SEARCH = 22 + 0xffff;
/** Compressed bytes read and inflated at a time: small, so a caller that stops early stops soon. */
const CHUNK = 16 * 1024;

/**
 * Reads the central directory of the zip at `path` (of `size` bytes). Only the end of the
 * file and the directory are read, never the entries. A file without an end record is not a
 * zip or was cut short (the record is the last thing written), which the message says.
 */
export function openZip(path: string, size: number): ZipArchive {
  const tailStart = Math.max(0, size - EOCD_SEARCH);
  const tail = readBytes(path, tailStart, size - tailStart);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) {
    throw new DataSourceError(
      `Cannot read ${path}: it is not a zip archive or it is truncated (an .ods file is a zip with no end record here)`,
    );
  }
  let count = tail.readUInt16LE(eocd + 10);
  let directorySize = tail.readUInt32LE(eocd + 12);
  let directoryOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    ({ count, directorySize, directoryOffset } = readZip64End(path, tail, eocd));
  }
  if (directoryOffset + directorySize > tailStart + eocd) {
    throw new DataSourceError(`Cannot read ${path}: the zip's central directory lies outside the file (truncated?)`);
  }
  const directory = readBytes(path, directoryOffset, directorySize);
  const entries = new Map<string, ZipEntry>();
  const all: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      throw new DataSourceError(`Cannot read ${path}: the zip's central directory is corrupt (entry ${i + 1})`);
    }
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const name = directory.toString("utf8", at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      name,
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      crc32: directory.readUInt32LE(at + 16),
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    };
    applyZip64Extra(entry, directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    entries.set(name, entry);
    all.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { path, size, entries, all };
}

/**
 * Feeds the uncompressed bytes of `entry` to `onData`, a chunk at a time, until the entry
 * ends or `onData` answers false (the caller has what it needs: the rest is not read).
 * An entry read to its end is checked against its size and CRC-32, so damage that still
 * inflates (a changed letter) is an error rather than silently different data.
 */
export function streamEntry(zip: ZipArchive, entry: ZipEntry, onData: (bytes: Uint8Array) => boolean): void {
  const where = `${zip.path}: ${entry.name}`;
  const { start, end } = dataRange(zip, entry, where);
  let wanted = true;
  let crc = 0;
  let total = 0;
  const deliver = (data: Uint8Array) => {
    if (!wanted || data.length === 0) return;
    crc = crc32(data, crc);
    total += data.length;
    wanted = onData(data);
  };
  const inflater = entry.method === 8 ? new Inflate(deliver) : undefined;
  const fd = openSync(zip.path, constants.O_RDONLY);
  try {
    let position = start;
    if (start === end && inflater) inflate(inflater, new Uint8Array(0), true, where);
    while (wanted && position < end) {
      const length = Math.min(CHUNK, end - position);
      // A fresh buffer per chunk: fflate holds on to the input it has not consumed yet.
      const piece = Buffer.alloc(length);
      const read = readSync(fd, piece, 0, length, position);
      if (read !== length) throw new DataSourceError(`Cannot read ${where} ends early (truncated)`);
      position += read;
      if (inflater) inflate(inflater, piece, position >= end, where);
      else deliver(piece);
    }
  } finally {
    closeSync(fd);
  }
  if (wanted && (total !== entry.uncompressedSize || crc !== entry.crc32)) {
    throw new DataSourceError(`Cannot read ${where} is damaged (its size or CRC-32 does not match the zip's record)`);
  }
}

/**
 * The whole uncompressed entry, inflated by Node's native zlib: several times faster than
 * fflate's streaming inflate, for readers that need (nearly) all of it. Checked against its
 * size and CRC-32. The entry is held in memory whole, so callers use this only for entries
 * whose recorded size they accept (content-stream.ts bounds it).
 */
export function readEntry(zip: ZipArchive, entry: ZipEntry): Buffer {
  const where = `${zip.path}: ${entry.name}`;
  const { start, end } = dataRange(zip, entry, where);
  const stored = readBytes(zip.path, start, end - start);
  if (stored.length !== end - start) throw new DataSourceError(`Cannot read ${where} ends early (truncated)`);
  let data: Buffer;
  try {
    // One byte more than recorded, so an entry that inflates larger than its record is seen as damaged.
    data = entry.method === 0 ? stored : inflateRawSync(stored, { maxOutputLength: entry.uncompressedSize + 1 });
  } catch (error) {
    const reason = error instanceof RangeError ? "it inflates past its recorded size" : (error as Error).message;
    throw new DataSourceError(`Cannot read ${where} is corrupt (${reason})`, { cause: error });
  }
  if (data.length !== entry.uncompressedSize || crc32(data) !== entry.crc32) {
    throw new DataSourceError(`Cannot read ${where} is damaged (its size or CRC-32 does not match the zip's record)`);
  }
  return data;
}

/** Up to `maxBytes` uncompressed bytes of a small entry (the mimetype, the manifest). */
export function readEntryPrefix(zip: ZipArchive, entry: ZipEntry, maxBytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  streamEntry(zip, entry, (bytes) => {
    parts.push(bytes.subarray(0, maxBytes - total));
    total += Math.min(bytes.length, maxBytes - total);
    return total < maxBytes;
  });
  return Buffer.concat(parts);
}

/** Where the stored bytes of `entry` lie, after checking it is an entry this reader can read. */
function dataRange(zip: ZipArchive, entry: ZipEntry, where: string): { start: number; end: number } {
  if (entry.flags & 1) throw new DataSourceError(`Cannot read ${where} is encrypted (password-protected)`);
  if (entry.method !== 0 && entry.method !== 8) {
    throw new DataSourceError(`Cannot read ${where} uses zip compression method ${entry.method} (supported: 0, 8)`);
  }
  const header = readBytes(zip.path, entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) {
    throw new DataSourceError(`Cannot read ${where} has no valid local header (corrupt or truncated zip)`);
  }
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const end = start + entry.compressedSize;
  if (end > zip.size) throw new DataSourceError(`Cannot read ${where} runs past the end of the file (truncated)`);
  return { start, end };
}

function inflate(inflater: Inflate, piece: Uint8Array, final: boolean, where: string): void {
  try {
    inflater.push(piece, final);
  } catch (error) {
    // fflate's errors are plain Errors with a numeric `code` (invalid block type, unexpected EOF...).
    if (error instanceof DataSourceError) throw error;
    throw new DataSourceError(`Cannot read ${where} is corrupt (${(error as Error).message})`, { cause: error });
  }
}

function readZip64End(path: string, tail: Buffer, eocd: number) {
  const locator = eocd - 20;
  if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) {
    throw new DataSourceError(`Cannot read ${path}: the zip's end record is corrupt (ZIP64 locator missing)`);
  }
  const record = readBytes(path, Number(tail.readBigUInt64LE(locator + 8)), 56);
  if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) {
    throw new DataSourceError(`Cannot read ${path}: the zip's ZIP64 end record is corrupt`);
  }
  return {
    count: safeNumber(path, record.readBigUInt64LE(32)),
    directorySize: safeNumber(path, record.readBigUInt64LE(40)),
    directoryOffset: safeNumber(path, record.readBigUInt64LE(48)),
  };
}

/** ZIP64 stores the sizes and offset that overflow 32 bits in extra field 0x0001, in this order. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length || field + 8 > extra.length) return undefined;
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next() ?? entry.uncompressedSize;
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next() ?? entry.compressedSize;
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next() ?? entry.localHeaderOffset;
      return;
    }
    at += 4 + length;
  }
}

function safeNumber(path: string, value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new DataSourceError(`Cannot read ${path}: the zip's ZIP64 end record holds an impossible size`);
  }
  return Number(value);
}
