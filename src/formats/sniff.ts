import type { FileFormatType } from "./catalog";

/** How many leading bytes `sniffFormat` needs to see. */
export const SNIFF_BYTES = 4096;

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from("PK\u0003\u0004", "latin1");
const ODS_MIMETYPE = "mimetypeapplication/vnd.oasis.opendocument.spreadsheet";

/**
 * The format a file's first bytes (and, for Parquet, its last four) prove, or undefined when
 * they prove none: text formats (CSV, JSON) have no signature, so they are left to the
 * extension. A zip is an ODS when its first entry is the ODS `mimetype` (the standard puts it
 * first, uncompressed), else a workbook (xlsx, xlsb); an OLE2 file is a legacy workbook or an
 * encrypted one, which the Excel reader tells apart.
 */
export function sniffFormat(head: Buffer, tail: Buffer): FileFormatType | undefined {
  const text = head.toString("latin1");
  if (text.startsWith("PAR1") && tail.toString("latin1") === "PAR1") return "parquet";
  if (text.startsWith("ARROW1")) return "ipc";
  if (head.length >= 4 && head.readUInt32LE(0) === 0xffffffff) return "ipc";
  if (text.startsWith("Obj\u0001")) return "avro";
  if (text.startsWith("Alteryx Database File") || text.startsWith("Alteryx e2 Database File")) return "yxdb";
  if (head.subarray(0, 8).equals(OLE2)) return "excel";
  if (head.subarray(0, 4).equals(ZIP))
    return text.slice(30, 30 + ODS_MIMETYPE.length) === ODS_MIMETYPE ? "ods" : "excel";
  if (/^(\uFEFF|\xEF\xBB\xBF)?\s*<\?xml[^>]*\?>\s*<QvdTableHeader>/.test(text)) return "qvd";
  return undefined;
}
