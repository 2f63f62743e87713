/**
 * For tests only: writes small .yxdb files the way Alteryx lays them out (OpenYXDB's
 * Header, RecordInfo and Record code), independently of the reader, so edge cases the real
 * fixtures lack (every type, nulls, Time, Blob, unicode, records across blocks, stored
 * blocks, uncompressed files) can be read back and compared.
 */

export interface BuildField {
  name: string;
  type: string;
  size?: number;
  scale?: number;
}

/** A value as written: numbers, bigint (Int64), text (also dates, times, decimals), bytes (Blob, SpatialObj), null. */
export type BuildValue = number | bigint | boolean | string | Uint8Array | null;

export interface BuildOptions {
  /** "lzf" (default): compressed blocks; "stored": blocks flagged uncompressed; "none": compression 0. */
  blocks?: "lzf" | "stored" | "none";
  /** Bytes of records per block (Alteryx: 256 KiB). */
  blockSize?: number;
  /** The record count written in the header (default: the rows given). */
  recordCount?: bigint;
  /** The MetaInfo XML (default: a RecordInfo of `fields`). */
  xml?: string;
  fileId?: number;
}

const TEXT_WIDTH: Record<string, number> = { Date: 10, Time: 8, DateTime: 19 };
const NUMBER_WIDTH: Record<string, number> = { Byte: 1, Int16: 2, Int32: 4, Int64: 8, Float: 4, Double: 8 };
const VARIABLE = new Set(["V_String", "V_WString", "Blob", "SpatialObj"]);

/** The XML Alteryx writes for these fields. */
export function recordInfoXml(fields: BuildField[]): string {
  const lines = fields.map((f) => {
    const size = f.size === undefined ? "" : ` size="${f.size}"`;
    const scale = f.scale === undefined ? "" : ` scale="${f.scale}"`;
    return `\t<Field name="${escapeXml(f.name)}"${scale}${size} type="${f.type}"/>\n`;
  });
  return `<RecordInfo>\n${lines.join("")}</RecordInfo>\n`;
}

/** A whole .yxdb file. */
export function buildYxdb(fields: BuildField[], rows: BuildValue[][], options: BuildOptions = {}): Buffer {
  const stream = Buffer.concat(rows.map((row) => encodeRecord(fields, row)));
  const xml = `${options.xml ?? recordInfoXml(fields)}\0`;
  const meta = Buffer.from(xml, "utf16le");
  const mode = options.blocks ?? "lzf";
  const data = mode === "none" ? stream : encodeBlocks(stream, options.blockSize ?? 0x40000, mode === "lzf");
  const header = Buffer.alloc(512);
  header.write("Alteryx Database File  (C) 2024 Weft tests\r\n", 0, "latin1");
  header.writeInt32LE(options.fileId ?? 0x00440204, 64);
  header.writeUInt32LE(xml.length, 80);
  const indexAt = 512 + meta.length + data.length;
  header.writeBigInt64LE(BigInt(indexAt), 96);
  header.writeBigInt64LE(options.recordCount ?? BigInt(rows.length), 104);
  header.writeInt32LE(mode === "none" ? 0 : 1, 112);
  // The record block index: one block of 64Ki records, starting with the data.
  const index = Buffer.alloc(12);
  index.writeUInt32LE(1, 0);
  index.writeBigInt64LE(BigInt(512 + meta.length), 4);
  return Buffer.concat([header, meta, data, index]);
}

function encodeRecord(fields: BuildField[], row: BuildValue[]): Buffer {
  const fixed: Buffer[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (const [i, field] of fields.entries()) {
    offsets.push(at);
    const part = encodeFixed(field, row[i] ?? null);
    fixed.push(part);
    at += part.length;
  }
  const fixedSize = at;
  if (!fields.some((f) => VARIABLE.has(f.type))) return Buffer.concat(fixed);
  const varParts: Buffer[] = [];
  let varLength = 0;
  for (const [i, field] of fields.entries()) {
    if (!VARIABLE.has(field.type)) continue;
    const value = row[i] ?? null;
    const ref = fixed[i] as Buffer;
    if (value === null) ref.writeUInt32LE(1, 0);
    else {
      const bytes = valueBytes(field, value);
      if (bytes.length === 0) ref.writeUInt32LE(0, 0);
      else if (bytes.length <= 3) {
        ref.fill(0);
        bytes.copy(ref);
        ref[3] = bytes.length << 4;
      } else {
        const length = bytes.length < 128 ? Buffer.from([(bytes.length << 1) | 1]) : u32((bytes.length << 1) >>> 0);
        ref.writeUInt32LE(fixedSize + 4 + varLength - (offsets[i] as number), 0);
        varParts.push(length, bytes);
        varLength += length.length + bytes.length;
      }
    }
  }
  return Buffer.concat([...fixed, u32(varLength), ...varParts]);
}

function encodeFixed(field: BuildField, value: BuildValue): Buffer {
  const { type } = field;
  const size = field.size ?? 0;
  if (type === "Bool") return Buffer.from([value === null ? 2 : value ? 1 : 0]);
  if (VARIABLE.has(type)) return Buffer.alloc(4);
  const numberWidth = NUMBER_WIDTH[type];
  if (numberWidth !== undefined) {
    const out = Buffer.alloc(numberWidth + 1);
    if (value === null) out[numberWidth] = 1;
    else if (type === "Byte") out.writeUInt8(value as number, 0);
    else if (type === "Int16") out.writeInt16LE(value as number, 0);
    else if (type === "Int32") out.writeInt32LE(value as number, 0);
    else if (type === "Int64") out.writeBigInt64LE(value as bigint, 0);
    else if (type === "Float") out.writeFloatLE(value as number, 0);
    else out.writeDoubleLE(value as number, 0);
    return out;
  }
  const chars = TEXT_WIDTH[type] ?? size;
  const width = type === "WString" ? chars * 2 : chars;
  const out = Buffer.alloc(width + 1);
  if (value === null) out[width] = 1;
  else Buffer.from(value as string, type === "WString" ? "utf16le" : "latin1").copy(out, 0, 0, width);
  return out;
}

function valueBytes(field: BuildField, value: BuildValue): Buffer {
  if (value instanceof Uint8Array) return Buffer.from(value);
  return Buffer.from(String(value), field.type === "V_WString" ? "utf16le" : "latin1");
}

function encodeBlocks(stream: Buffer, blockSize: number, compress: boolean): Buffer {
  const blocks: Buffer[] = [];
  for (let at = 0; at < stream.length; at += blockSize) {
    const chunk = stream.subarray(at, at + blockSize);
    const packed = compress ? lzfCompress(chunk) : undefined;
    if (packed && packed.length < chunk.length) blocks.push(u32(packed.length), packed);
    else blocks.push(u32((chunk.length | 0x80000000) >>> 0), chunk);
  }
  return Buffer.concat(blocks);
}

/** A small greedy LZF compressor (3-byte matches found through a hash of their bytes). */
export function lzfCompress(input: Uint8Array): Buffer {
  const out: number[] = [];
  const seen = new Map<number, number>();
  let literals: number[] = [];
  const flush = () => {
    for (let i = 0; i < literals.length; i += 32) {
      const run = literals.slice(i, i + 32);
      out.push(run.length - 1, ...run);
    }
    literals = [];
  };
  let ip = 0;
  while (ip < input.length) {
    const key =
      ip + 2 < input.length
        ? ((input[ip] as number) << 16) | ((input[ip + 1] as number) << 8) | (input[ip + 2] as number)
        : -1;
    const ref = key === -1 ? undefined : seen.get(key);
    if (key !== -1) seen.set(key, ip);
    const distance = ref === undefined ? 0 : ip - ref;
    if (ref === undefined || distance > 8192) {
      literals.push(input[ip++] as number);
      continue;
    }
    let length = 3;
    while (length < 264 && ip + length < input.length && input[ref + length] === input[ip + length]) length++;
    flush();
    const code = length - 2;
    const d = distance - 1;
    if (code < 7) out.push((code << 5) | (d >> 8), d & 0xff);
    else out.push((7 << 5) | (d >> 8), code - 7, d & 0xff);
    ip += length;
  }
  flush();
  return Buffer.from(out);
}

function u32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(value >>> 0, 0);
  return out;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
}
