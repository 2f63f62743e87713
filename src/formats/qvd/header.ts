import { child, childrenNamed, parseXmlTree, type XmlElement } from "../xml/tree";
import { type QvdSource, qvdError } from "./source";

/** Qlik's number format types (a field's `<NumberFormat><Type>`); anything else reads as UNKNOWN. */
export const NUMBER_FORMATS = [
  "UNKNOWN",
  "ASCII",
  "INTEGER",
  "REAL",
  "FIX",
  "MONEY",
  "DATE",
  "TIME",
  "TIMESTAMP",
  "INTERVAL",
] as const;
export type QvdNumberFormat = (typeof NUMBER_FORMATS)[number];

/** One `<QvdFieldHeader>`: where the field's symbols are and how its index bits are packed. */
export interface QvdFieldHeader {
  name: string;
  bitOffset: number;
  bitWidth: number;
  bias: number;
  numberFormat: QvdNumberFormat;
  /** Qlik's field tags (`$numeric`, `$integer`, `$date`, `$timestamp`, `$text`, ...). */
  tags: string[];
  noOfSymbols: number;
  /** Byte offset of the symbol table, from the start of the data (the end of the header). */
  offset: number;
  length: number;
}

/** The parsed, checked table header. Every extent in it lies inside the file. */
export interface QvdHeader {
  tableName: string;
  fields: QvdFieldHeader[];
  recordByteSize: number;
  noOfRecords: number;
  /** Byte offset of the index table from the start of the data. */
  tableOffset: number;
  tableLength: number;
  /** Absolute file position where the data (symbol tables, then index table) starts. */
  dataStart: number;
}

const CLOSE_TAG = Buffer.from("</QvdTableHeader>", "latin1");
const CHUNK = 64 * 1024;
/** A header is a few hundred bytes per field; 64 MiB is over 100,000 fields. Past it, the file is not a QVD. */
export const MAX_HEADER_BYTES = 64 * 1024 * 1024;
/** Polars counts rows in 32 bits. */
const MAX_RECORDS = 2 ** 32 - 1;
/**
 * A table whose records take 0 bytes (every field constant) has a row count no index table
 * bounds; past this many rows such a header is taken as hostile rather than allocated.
 */
export const MAX_ROWS_WITHOUT_INDEX = 10_000_000;

/** Reads the XML header from the start of the file, parses it and checks it against the file's size. */
export function readQvdHeader(source: QvdSource): QvdHeader {
  const { bytes, end } = findHeaderBytes(source);
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  const root = parseXmlTree(bytes.toString("utf8", start, end), source.path);
  if (root.name !== "QvdTableHeader") {
    throw qvdError(source.path, `it is not a QVD file (its XML root is <${root.name}>, not <QvdTableHeader>)`);
  }
  const header = parseHeader(root, source.path, dataStartAfter(source, end));
  checkLayout(header, source);
  return header;
}

/** The bytes from the start of the file to the end of `</QvdTableHeader>`, read in chunks. */
function findHeaderBytes(source: QvdSource): { bytes: Buffer; end: number } {
  const chunks: Buffer[] = [];
  let total = 0;
  // The tail of what was read so far, so a closing tag split across two chunks is found.
  let carry = Buffer.alloc(0);
  while (total < Math.min(source.size, MAX_HEADER_BYTES)) {
    const chunk = source.readUpTo(total, Math.min(CHUNK, MAX_HEADER_BYTES - total));
    if (chunk.length === 0) break;
    if (total === 0 && !looksLikeXml(chunk)) throw qvdError(source.path, "it is not a QVD file (no XML table header)");
    chunks.push(chunk);
    const window = Buffer.concat([carry, chunk]);
    const at = window.indexOf(CLOSE_TAG);
    const windowStart = total - carry.length;
    total += chunk.length;
    if (at >= 0) return { bytes: Buffer.concat(chunks, total), end: windowStart + at + CLOSE_TAG.length };
    carry = window.subarray(Math.max(0, window.length - (CLOSE_TAG.length - 1)));
  }
  if (total >= MAX_HEADER_BYTES) {
    throw qvdError(source.path, `it is not a QVD file (no </QvdTableHeader> in its first ${MAX_HEADER_BYTES} bytes)`);
  }
  throw qvdError(source.path, "the file is truncated or not a QVD: its XML header never ends (no </QvdTableHeader>)");
}

/** A QVD starts with `<?xml` or `<QvdTableHeader`, maybe after a BOM and white space. */
function looksLikeXml(chunk: Buffer): boolean {
  let i = chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
  while (i < chunk.length && (chunk[i] === 0x20 || chunk[i] === 0x09 || chunk[i] === 0x0a || chunk[i] === 0x0d)) i++;
  return chunk[i] === 0x3c; // "<"
}

/** Qlik ends the header with CR LF and a NUL byte before the data; the data begins after them. */
function dataStartAfter(source: QvdSource, end: number): number {
  const tail = source.readUpTo(end, 3);
  let i = 0;
  while (i < 2 && (tail[i] === 0x0d || tail[i] === 0x0a)) i++;
  if (tail[i] === 0x00) i++;
  return end + i;
}

function parseHeader(root: XmlElement, path: string, dataStart: number): QvdHeader {
  const encryption = child(root, "EncryptionInfo");
  if (encryption && (encryption.text.trim() !== "" || encryption.children.length > 0)) {
    throw qvdError(path, "the QVD is encrypted, which Weft cannot read");
  }
  const compression = child(root, "Compression");
  if (compression && compression.text.trim() !== "") {
    throw qvdError(path, `the QVD uses compression "${compression.text.trim()}", which Weft cannot read`);
  }
  const fieldsElement = child(root, "Fields");
  if (!fieldsElement) throw qvdError(path, "the QVD header has no <Fields>");
  const fields = childrenNamed(fieldsElement, "QvdFieldHeader").map((f, i) => parseField(f, i, path));
  const table = (name: string) => integer(root, name, "the QVD header", path);
  return {
    tableName: child(root, "TableName")?.text ?? "",
    fields,
    recordByteSize: table("RecordByteSize"),
    noOfRecords: table("NoOfRecords"),
    tableOffset: table("Offset"),
    tableLength: table("Length"),
    dataStart,
  };
}

function parseField(element: XmlElement, index: number, path: string): QvdFieldHeader {
  const nameElement = child(element, "FieldName");
  if (!nameElement) throw qvdError(path, `field ${index + 1} of the QVD header has no <FieldName>`);
  const name = nameElement.text;
  const where = `field "${name}" of the QVD header`;
  const format = child(element, "NumberFormat");
  const formatType = (format && child(format, "Type")?.text.trim()) || "UNKNOWN";
  const tagsElement = child(element, "Tags");
  return {
    name,
    bitOffset: integer(element, "BitOffset", where, path),
    bitWidth: integer(element, "BitWidth", where, path),
    bias: integer(element, "Bias", where, path),
    numberFormat: (NUMBER_FORMATS as readonly string[]).includes(formatType)
      ? (formatType as QvdNumberFormat)
      : "UNKNOWN",
    tags: tagsElement ? childrenNamed(tagsElement, "String").map((s) => s.text.trim()) : [],
    noOfSymbols: integer(element, "NoOfSymbols", where, path),
    offset: integer(element, "Offset", where, path),
    length: integer(element, "Length", where, path),
  };
}

/** A child element's text as a safe integer; a missing element or other text is a DataSourceError. */
function integer(parent: XmlElement, name: string, where: string, path: string): number {
  const element = child(parent, name);
  if (!element) throw qvdError(path, `${where} has no <${name}>`);
  const text = element.text.trim();
  const value = Number(text);
  if (!/^-?\d{1,16}$/.test(text) || !Number.isSafeInteger(value)) {
    throw qvdError(path, `${where} has <${name}> "${text.slice(0, 40)}", which is not an integer`);
  }
  return value;
}

/** Every offset, length, width and count must be possible for a file of this size. */
function checkLayout(header: QvdHeader, source: QvdSource): void {
  const { path, size } = source;
  const dataEnd = size - header.dataStart;
  const { recordByteSize, noOfRecords, tableOffset, tableLength } = header;
  if (recordByteSize < 0 || noOfRecords < 0 || tableOffset < 0 || tableLength < 0) {
    throw qvdError(path, "the QVD header has a negative RecordByteSize, NoOfRecords, Offset or Length");
  }
  if (noOfRecords > MAX_RECORDS) throw qvdError(path, `the QVD header declares ${noOfRecords} records, too many`);
  if (tableOffset + tableLength > dataEnd) {
    throw qvdError(
      path,
      `the file is truncated: its index table ends ${tableOffset + tableLength - dataEnd} bytes past the end`,
    );
  }
  if (recordByteSize > 0 && noOfRecords * recordByteSize > tableLength) {
    throw qvdError(
      path,
      `the QVD header declares ${noOfRecords} records of ${recordByteSize} bytes but the index table holds ${tableLength} bytes`,
    );
  }
  if (recordByteSize === 0 && noOfRecords > MAX_ROWS_WITHOUT_INDEX) {
    throw qvdError(path, `the QVD header declares ${noOfRecords} records of 0 bytes each, which is implausible`);
  }
  const names = new Set<string>();
  for (const field of header.fields) {
    const where = `field "${field.name}"`;
    if (names.has(field.name)) throw qvdError(path, `the QVD header names the field "${field.name}" twice`);
    names.add(field.name);
    if (field.bitWidth < 0 || field.bitWidth > 64) {
      throw qvdError(path, `${where} has BitWidth ${field.bitWidth} (0 to 64 expected)`);
    }
    if (field.bitWidth > 0 && (field.bitOffset < 0 || field.bitOffset + field.bitWidth > recordByteSize * 8)) {
      throw qvdError(
        path,
        `${where} has bits ${field.bitOffset}..${field.bitOffset + field.bitWidth - 1}, outside its ${recordByteSize}-byte records`,
      );
    }
    if (field.offset < 0 || field.length < 0 || field.noOfSymbols < 0) {
      throw qvdError(path, `${where} has a negative Offset, Length or NoOfSymbols`);
    }
    if (field.offset + field.length > dataEnd) {
      throw qvdError(path, `the file is truncated: the symbols of ${where} end past the end of the file`);
    }
    // The smallest symbol is 2 bytes (an empty text: type byte + NUL).
    if (field.noOfSymbols * 2 > field.length) {
      throw qvdError(path, `${where} declares ${field.noOfSymbols} symbols in ${field.length} bytes, too few for them`);
    }
  }
  // Qlik lays fields out side by side; overlapping ones would let a small file ask for
  // the same bytes (or bits) to be decoded once per field.
  const symbolBytes = header.fields.reduce((sum, f) => sum + Math.max(0, f.length), 0);
  if (symbolBytes > dataEnd) {
    throw qvdError(path, `the fields' symbol tables (${symbolBytes} bytes together) are larger than the file`);
  }
  const recordBits = header.fields.reduce((sum, f) => sum + Math.max(0, f.bitWidth), 0);
  if (recordBits > recordByteSize * 8) {
    throw qvdError(
      path,
      `the fields' BitWidths add up to ${recordBits} bits, more than a ${recordByteSize}-byte record`,
    );
  }
}
