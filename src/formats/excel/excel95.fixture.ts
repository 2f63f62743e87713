/**
 * Excel 5.0/95 (BIFF5) workbooks for the tests, laid out as Excel saves them rather than as
 * SheetJS does. SheetJS writes the BIFF5 `Book` stream, but in an OLE2 container of its own:
 * no `\x01CompObj`, no document properties, and a `\x01Sh33tJ5` marker stream that Excel
 * never writes. Weft rewrites the container to drop the properties, and that rewrite went
 * wrong on Excel's layout only, so the tests need Excel's: the `Book` stream SheetJS wrote,
 * with the streams Excel adds, and the marker taken out of the directory.
 */
import * as XLSX from "@e965/xlsx";
import * as codepages from "@e965/xlsx/dist/cpexcel.full.mjs";
import type { CP$Utils } from "@e965/xlsx/dist/cpexcel.js";
import { bool, num, str, type TestSheet, workbookBytes } from "./workbooks.fixture";

/**
 * A sheet like the Mac Excel file that was refused: whole numbers, a fraction, booleans,
 * dates formatted `m/d/yy` (one with a time of day) and text that looks like a number.
 */
export const OLD_EXCEL_SHEET: TestSheet = {
  name: "Prices",
  rows: [
    ["id", "price", "paid", "ordered", "code"].map(str),
    [num(1), num(19.5), bool(true), num(36526, "m/d/yy"), str("00123")],
    [num(2), num(7), bool(false), num(36527.25, "m/d/yy"), str("00456")],
  ],
};

const SECTOR = 512;
const ENTRY = 128;
const NO_STREAM = -1;
/** Offsets inside a directory entry of the links: left sibling, right sibling, child. */
const LEFT = 68;
const RIGHT = 72;
const CHILD = 76;
const SHEETJS_MARKER = "\u0001Sh33tJ5";

/** How the workbook was saved: its date system, and the code page of its text. */
export interface Excel95Options {
  date1904?: boolean;
  /** The CODEPAGE record's value: 1252 (Windows, what SheetJS writes) or 0x8000 (Mac Roman). */
  codepage?: number;
}

/** How Mac Excel saves by default: 1904 dates, text in Mac Roman. */
export const MAC_EXCEL: Excel95Options = { date1904: true, codepage: 0x8000 };

/**
 * The bytes of an .xls holding `sheets` as Excel 95 saves them: an OLE2 file with the
 * streams `Book`, `\x01CompObj`, `\x05SummaryInformation` and `\x05DocumentSummaryInformation`.
 */
export function excel95Bytes(sheets: TestSheet[], options: Excel95Options = {}): Buffer {
  const written = stream(workbookBytes(sheets, "biff5", options.date1904), "/Book");
  const book = withText(written, sheets, options.codepage ?? 1252);
  // SheetJS writes document properties only into BIFF8 files; they are the same streams.
  const propertiesSource: XLSX.WorkBook = {
    SheetNames: ["S"],
    Sheets: { S: { "!ref": "A1", A1: { t: "n", v: 1 } } },
    Props: { Title: "Excel 95 test", Author: "Weft", Company: "Weft" },
  };
  const withProperties = XLSX.write(propertiesSource, { type: "buffer", bookType: "biff8" }) as Buffer;
  const container = XLSX.CFB.utils.cfb_new({ root: "Root Entry" });
  XLSX.CFB.utils.cfb_add(container, "/Book", book);
  XLSX.CFB.utils.cfb_add(container, "/\u0001CompObj", compObj());
  for (const name of ["/\u0005SummaryInformation", "/\u0005DocumentSummaryInformation"]) {
    XLSX.CFB.utils.cfb_add(container, name, stream(withProperties, name));
  }
  return withoutSheetJsMarker(Buffer.from(XLSX.CFB.write(container, { type: "buffer" }) as Uint8Array));
}

// The ESM build exports the converters as `utils` beside the tables; its typings describe
// the CommonJS object, which holds them as `cptable.utils`.
const { encode } = (codepages as unknown as { utils: CP$Utils }).utils;

/** Code page numbers as the CODEPAGE record gives them → as the code page tables know them. */
const CODEPAGES: Record<number, number> = { 1252: 1252, 32768: 10000 };

/**
 * The Book stream with its text in `codepage`: SheetJS's BIFF5 writer writes 1252 and puts
 * `_` for every character past ASCII. Each LABEL record (cells are written row by row, so
 * in the order of the sheets' text cells) gets its text encoded again; a one-byte code page
 * keeps every length.
 */
function withText(book: Uint8Array, sheets: TestSheet[], codepage: number): Uint8Array {
  const table = CODEPAGES[codepage];
  if (table === undefined) throw new Error(`test workbook: code page ${codepage} is not one the tests write`);
  const texts = sheets
    .flatMap((sheet) => sheet.rows.flat())
    .flatMap((cell) => (cell?.t === "s" ? [String(cell.v)] : []));
  const out = Buffer.from(book);
  let next = 0;
  for (let at = 0; at + 4 <= out.length; at += 4 + out.readUInt16LE(at + 2)) {
    const type = out.readUInt16LE(at);
    if (type === 0x0042) out.writeUInt16LE(codepage, at + 4);
    if (type !== 0x0204) continue;
    const bytes = Buffer.from(encode(table, texts[next++] ?? "") as Uint8Array);
    if (bytes.length !== out.readUInt16LE(at + 10)) throw new Error("test workbook: LABEL records out of step");
    bytes.copy(out, at + 12);
  }
  if (next !== texts.length) throw new Error("test workbook: not every text cell was a LABEL record");
  return out;
}

function stream(ole: Buffer, name: string): Uint8Array {
  const entry = XLSX.CFB.find(XLSX.CFB.read(ole, { type: "buffer" }), name);
  if (!entry?.content) throw new Error(`test workbook: no ${name} stream`);
  return Uint8Array.from(entry.content);
}

/** An [MS-OLEDS] CompObj stream naming an Excel 5.0 worksheet (CLSID 00020810-…). */
function compObj(): Buffer {
  const ansi = (text: string) => {
    const length = Buffer.alloc(4);
    length.writeUInt32LE(text.length + 1);
    return Buffer.concat([length, Buffer.from(`${text}\0`, "latin1")]);
  };
  const header = Buffer.alloc(28);
  header.writeUInt32LE(0xfffe0001, 0);
  header.writeUInt32LE(0x00000a03, 4);
  header.writeInt32LE(-1, 8);
  Buffer.from("1008020000000000c000000000000046", "hex").copy(header, 12);
  // After the ANSI strings: the Unicode marker and three empty Unicode strings.
  const unicode = Buffer.alloc(16);
  unicode.writeUInt32LE(0x71b239f4, 0);
  return Buffer.concat([header, ansi("Microsoft Excel 5.0 Worksheet"), ansi("Biff5"), ansi("Excel.Sheet.5"), unicode]);
}

/**
 * The container without SheetJS's marker stream: the entry linking to it links to the
 * marker's right sibling instead, and its directory entry becomes a free one (zeros, links
 * NOSTREAM). Its 4 bytes stay in the mini stream, unreferenced. Expects SheetJS's layout:
 * 512-byte sectors, the directory in consecutive sectors, the marker a leaf.
 */
function withoutSheetJsMarker(ole: Buffer): Buffer {
  const bytes = Buffer.from(ole);
  const entries = XLSX.CFB.read(bytes, { type: "buffer" }).FileIndex as { name: string }[];
  const marker = entries.findIndex((entry) => entry.name === SHEETJS_MARKER);
  const directory = SECTOR * (bytes.readInt32LE(48) + 1);
  const at = (index: number) => directory + ENTRY * index;
  const name = Buffer.from(SHEETJS_MARKER, "utf16le");
  if (marker < 0 || !bytes.subarray(at(marker), at(marker) + name.length).equals(name)) {
    throw new Error("test workbook: SheetJS's container layout has changed");
  }
  if (bytes.readInt32LE(at(marker) + LEFT) !== NO_STREAM || bytes.readInt32LE(at(marker) + CHILD) !== NO_STREAM) {
    throw new Error("test workbook: SheetJS's marker stream is not a leaf");
  }
  const next = bytes.readInt32LE(at(marker) + RIGHT);
  entries.forEach((_, index) => {
    for (const link of [LEFT, RIGHT, CHILD]) {
      if (bytes.readInt32LE(at(index) + link) === marker) bytes.writeInt32LE(next, at(index) + link);
    }
  });
  bytes.fill(0, at(marker), at(marker) + ENTRY);
  for (const link of [LEFT, RIGHT, CHILD]) bytes.writeInt32LE(NO_STREAM, at(marker) + link);
  return bytes;
}
