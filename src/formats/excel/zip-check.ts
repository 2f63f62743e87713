/** ZIP record signatures (little-endian "PK.."). */
const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

/**
 * Why a ZIP package is not whole, or undefined when its structure holds together: an
 * end-of-central-directory record, a central directory inside the file, and each entry's
 * local header and data before it. Checked before SheetJS sees the bytes because SheetJS
 * 0.20.3 trusts them: on a truncated package (no end record) it walks garbage offsets and
 * can loop for minutes. Nothing is inflated here.
 */
export function zipDamage(bytes: Buffer): string | undefined {
  const eocd = findEndRecord(bytes);
  if (eocd < 0) return "the ZIP package is truncated (its central directory is missing)";
  let entries = bytes.readUInt16LE(eocd + 10);
  let directorySize = bytes.readUInt32LE(eocd + 12);
  let directoryOffset = bytes.readUInt32LE(eocd + 16);
  let directoryEnd = eocd;
  if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR) return "its ZIP64 directory locator is missing";
    const record = Number(bytes.readBigUInt64LE(locator + 8));
    if (record + 56 > locator || bytes.readUInt32LE(record) !== ZIP64_EOCD)
      return "its ZIP64 directory record is missing";
    entries = Number(bytes.readBigUInt64LE(record + 32));
    directorySize = Number(bytes.readBigUInt64LE(record + 40));
    directoryOffset = Number(bytes.readBigUInt64LE(record + 48));
    directoryEnd = record;
  }
  if (entries === 0) return "the ZIP package is empty";
  if (directoryOffset + directorySize > directoryEnd) return "its ZIP central directory lies past the end of the file";
  let at = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > directoryEnd || bytes.readUInt32LE(at) !== CENTRAL_ENTRY)
      return "its ZIP central directory is damaged";
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    // 0xFFFFFFFF means the real value is in a ZIP64 extra field; only the bounds we can see are checked.
    if (local !== 0xffffffff) {
      if (local + 30 > directoryOffset || bytes.readUInt32LE(local) !== LOCAL_HEADER) {
        return "a ZIP entry's local header is missing";
      }
      const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
      if (compressed !== 0xffffffff && dataStart + compressed > directoryOffset)
        return "a ZIP entry's data is cut short";
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return undefined;
}

/**
 * A package whose end record defers to a ZIP64 record (some writers always add one) with
 * the real counts written into the classic end record when they fit, since SheetJS 0.20.3
 * reads only the classic one. Other packages are returned as they are. Call after zipDamage.
 */
export function withClassicEndRecord(bytes: Buffer): Buffer {
  const eocd = findEndRecord(bytes);
  if (eocd < 20 || bytes.readUInt32LE(eocd - 20) !== ZIP64_LOCATOR) return bytes;
  const deferred =
    bytes.readUInt16LE(eocd + 10) === 0xffff ||
    bytes.readUInt32LE(eocd + 12) === 0xffffffff ||
    bytes.readUInt32LE(eocd + 16) === 0xffffffff;
  if (!deferred) return bytes;
  const record = Number(bytes.readBigUInt64LE(eocd - 12));
  const entries = Number(bytes.readBigUInt64LE(record + 32));
  const size = Number(bytes.readBigUInt64LE(record + 40));
  const offset = Number(bytes.readBigUInt64LE(record + 48));
  if (entries >= 0xffff || size >= 0xffffffff || offset >= 0xffffffff) return bytes;
  const copy = Buffer.from(bytes);
  copy.writeUInt16LE(entries, eocd + 8);
  copy.writeUInt16LE(entries, eocd + 10);
  copy.writeUInt32LE(size, eocd + 12);
  copy.writeUInt32LE(offset, eocd + 16);
  return copy;
}

/** The offset of the end-of-central-directory record (searched back over a possible comment), or -1. */
function findEndRecord(bytes: Buffer): number {
  const last = bytes.length - EOCD_SIZE;
  const first = Math.max(0, last - MAX_COMMENT);
  for (let at = last; at >= first; at--) {
    if (bytes.readUInt32LE(at) === EOCD && at + EOCD_SIZE + bytes.readUInt16LE(at + 20) <= bytes.length) return at;
  }
  return -1;
}
