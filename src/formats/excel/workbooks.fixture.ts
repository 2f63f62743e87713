/**
 * Workbooks for the Excel tests, made without Weft's writer: through SheetJS with explicit
 * cells (so a test states each cell's type, value and number format), or as raw SpreadsheetML
 * zipped by hand (for what SheetJS does not write: hostile dimensions, ISO date cells).
 */
import * as XLSX from "@e965/xlsx";
import { strToU8, zipSync } from "fflate";

/** One cell: a raw value with an optional number format, or null for no cell. */
export type TestCell = XLSX.CellObject | null;

/** A sheet to write: its name, rows of cells, and visibility (0 visible, 1 hidden, 2 very hidden). */
export interface TestSheet {
  name: string;
  rows: TestCell[][];
  hidden?: 0 | 1 | 2;
}

/** A number cell, optionally with a number format. */
export const num = (v: number, z?: string): XLSX.CellObject => (z === undefined ? { t: "n", v } : { t: "n", v, z });
/** A text cell. */
export const str = (v: string): XLSX.CellObject => ({ t: "s", v });
/** A boolean cell. */
export const bool = (v: boolean): XLSX.CellObject => ({ t: "b", v });
/** An error cell (0x07 #DIV/0!, 0x2A #N/A). */
export const err = (code: number): XLSX.CellObject => ({ t: "e", v: code });

/** A SheetJS `bookType` a test can write: xlsx, xlsb, or .xls of Excel 2.x (biff2) to 97-2003 (biff8). */
export type TestBookType = "xlsx" | "xlsb" | "biff2" | "biff3" | "biff4" | "biff5" | "biff8";

/** The bytes of a workbook written by SheetJS in `bookType`. */
export function workbookBytes(sheets: TestSheet[], bookType: TestBookType, date1904 = false): Buffer {
  const workbook: XLSX.WorkBook = {
    SheetNames: sheets.map((s) => s.name),
    Sheets: Object.fromEntries(sheets.map((s) => [s.name, sparseSheet(s.rows)])),
    Workbook: { Sheets: sheets.map((s) => ({ name: s.name, Hidden: s.hidden ?? 0 })), WBProps: { date1904 } },
  };
  // SheetJS writes biff3 and biff4 too; its typings list only biff2, biff5 and biff8.
  return XLSX.write(workbook, { type: "buffer", bookType: bookType as XLSX.BookType }) as Buffer;
}

function sparseSheet(rows: TestCell[][]): XLSX.WorkSheet {
  const sheet: XLSX.WorkSheet = {};
  let lastRow = 0;
  let lastColumn = 0;
  rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      if (cell === null) return;
      sheet[XLSX.utils.encode_cell({ r, c })] = cell;
      lastRow = Math.max(lastRow, r);
      lastColumn = Math.max(lastColumn, c);
    });
  });
  sheet["!ref"] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: lastRow, c: lastColumn } });
  return sheet;
}

/**
 * A minimal .xlsx package around one worksheet's XML (what goes inside `<worksheet>`),
 * named "Data", with `workbookPr` placed in the workbook (e.g. `<workbookPr date1904="1"/>`).
 */
export function rawXlsx(sheetXml: string, workbookPr = ""): Uint8Array {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const pkg = "http://schemas.openxmlformats.org/package/2006";
  return zipSync({
    "[Content_Types].xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${pkg}/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        "</Types>",
    ),
    "_rels/.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${pkg}/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    "xl/workbook.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook ${ns} xmlns:r="${rel}">${workbookPr}` +
        `<sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${pkg}/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    "xl/worksheets/sheet1.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}>${sheetXml}</worksheet>`,
    ),
  });
}

/** The same package with a ZIP64 end record and locator, the classic record deferring to them. */
export function toZip64(zip: Buffer): Buffer {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = zip.readUInt16LE(eocd + 10);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeBigUInt64LE(BigInt(entries), 24);
  record.writeBigUInt64LE(BigInt(entries), 32);
  record.writeBigUInt64LE(BigInt(zip.readUInt32LE(eocd + 12)), 40);
  record.writeBigUInt64LE(BigInt(zip.readUInt32LE(eocd + 16)), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(eocd), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.from(zip.subarray(eocd, eocd + 22));
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([zip.subarray(0, eocd), record, locator, end]);
}
