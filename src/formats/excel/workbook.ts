import { readFileSync } from "node:fs";
import * as zlib from "node:zlib";
import * as XLSX from "@e965/xlsx";
import * as codepages from "@e965/xlsx/dist/cpexcel.full.mjs";
import { DataSourceError } from "../../shared/errors";
import { checkReadableFile } from "../file-checks";
import { openZip } from "../ods/zip";
import { checkDeclaredSizes, checkInflatedSize, maxInflatedBytes } from "../spreadsheet-limits";
import { withClassicEndRecord, zipDamage } from "./zip-check";

// SheetJS's own JavaScript inflate loops forever on some damaged deflate streams (seen on
// .xlsx files with a few bytes changed); Node's zlib fails them cleanly and is as fast.
// This is SheetJS-wide state: every reader in the process gets the same, sturdier inflate.
XLSX.CFB.utils.use_zlib(boundedZlib());
// Without the code page tables SheetJS reads the 8-bit text of Excel 2.x-95 files (BIFF2-5)
// as Latin-1: Mac Excel's Mac Roman and the 0x80-0x9F range of Windows-1252 (€, –, “ ”)
// came out as other characters. With them the workbook's CODEPAGE record is honoured.
XLSX.set_cptable(codepages);

/** The container a workbook's bytes are in: a ZIP package (.xlsx, .xlsm, .xlsb) or a BIFF file (.xls). */
export type Container = "zip" | "biff";

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];
/** An OLE2 compound file: .xls (BIFF5/8) and also password-encrypted .xlsx packages. */
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** A bare BIFF2-4 stream starts with a BOF record: 0x0009, 0x0209, 0x0409 or 0x0809, little-endian. */
const BIFF_BOF_HIGH_BYTES = new Set([0x00, 0x02, 0x04, 0x08]);

/**
 * The bytes of a workbook file, after checking it is a readable, non-empty file that starts
 * like a workbook. SheetJS would otherwise read any text (a CSV, an HTML page, random
 * bytes) as a one-sheet workbook of strings, so a file that is not ZIP or BIFF is refused here.
 */
export function readWorkbookBytes(path: string): { bytes: Buffer; container: Container } {
  checkReadableFile(path);
  const bytes = readFileSync(path);
  if (startsWith(bytes, ZIP_MAGIC)) {
    const damage = zipDamage(bytes);
    if (damage) throw new DataSourceError(`Cannot read ${path}: ${damage}`);
    // Before SheetJS inflates anything (it inflates every part whole): spreadsheet-limits.ts.
    checkDeclaredSizes(path, openZip(path, bytes.length).all);
    return { bytes: withClassicEndRecord(bytes), container: "zip" };
  }
  // A BIFF file is not compressed, but SheetJS still builds every cell of it in memory.
  const biff =
    startsWith(bytes, OLE2_MAGIC) ||
    (bytes.length >= 4 && bytes[0] === 0x09 && BIFF_BOF_HIGH_BYTES.has(bytes[1] ?? -1));
  if (biff) checkInflatedSize(path, bytes.length);
  if (startsWith(bytes, OLE2_MAGIC)) return { bytes: withoutDocumentProperties(path, bytes), container: "biff" };
  if (biff) return { bytes, container: "biff" };
  if (startsWith(bytes, EMPTY_ZIP_MAGIC)) throw new DataSourceError(`Cannot read ${path}: it is an empty ZIP archive`);
  throw new DataSourceError(
    `Cannot read ${path}: it is not an Excel workbook (neither a ZIP package nor a BIFF/OLE2 file; ` +
      "a text file such as CSV or HTML saved with an Excel extension is not read as Excel)",
  );
}

/**
 * Parses workbook bytes with SheetJS, always in dense mode with number formats kept and
 * dates left as serials (excel-dates.ts converts them), plus `extra` options. SheetJS
 * throws plain errors (and TypeErrors on some damaged files); every one becomes a
 * DataSourceError naming the file, and an encrypted workbook says so.
 */
export function parseWorkbook(path: string, bytes: Buffer, extra: XLSX.ParsingOptions): XLSX.WorkBook {
  // A fresh options object each time: SheetJS writes its defaults into the one it is given.
  const options: XLSX.ParsingOptions = {
    type: "buffer",
    dense: true,
    cellNF: true,
    cellText: true,
    cellDates: false,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    sheetStubs: false,
    bookVBA: false,
    ...extra,
  };
  try {
    return XLSX.read(bytes, options);
  } catch (error) {
    // A part that inflates past what its zip entry declared, up to boundedZlib's cap.
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
      checkInflatedSize(path, Number.POSITIVE_INFINITY, "inflates to more than");
    throw sheetJsError(path, error);
  }
}

/**
 * Node's zlib for SheetJS, with each inflation capped at MAX_SPREADSHEET_MB: the sizes a zip
 * declares are checked before parsing, but SheetJS inflates a part whole whatever its entry
 * says, so a part that lies about its size is stopped here (zlib throws ERR_BUFFER_TOO_LARGE).
 */
function boundedZlib(): Pick<typeof zlib, "InflateRaw" | "deflateRawSync"> {
  class BoundedInflateRaw extends zlib.InflateRaw {
    constructor(options?: zlib.ZlibOptions) {
      super({ ...options, maxOutputLength: maxInflatedBytes() });
    }
  }
  return { InflateRaw: BoundedInflateRaw as typeof zlib.InflateRaw, deflateRawSync: zlib.deflateRawSync };
}

/** The OLE2 streams of document properties (title, author, ...), which Weft does not use. */
const PROPERTY_STREAMS = ["/!SummaryInformation", "/!DocumentSummaryInformation"];

/**
 * An OLE2 file without its document-property streams. SheetJS 0.20.3 parses them in every
 * .xls read, trusting their counts: a damaged count makes it loop for minutes (found by
 * changing a few bytes of real/xls/date.xls). Weft needs no properties, so they are
 * dropped and the container rewritten; a file without them is returned as it is.
 *
 * `cfb_del` only splices the entry out of the directory list: the other entries keep their
 * sibling and child links as indices into the old list, and `CFB.write` keeps them too.
 * Those links then point one entry off, or past the directory's end, and reading the
 * rewritten file fails ("FI[i].L"); it did for an Excel 95 file whose `Book`, `\x01CompObj`
 * and property streams left exactly four entries. `cfb_gc` rebuilds the tree from the paths.
 */
function withoutDocumentProperties(path: string, bytes: Buffer): Buffer {
  // SheetJS types its bundled CFB module as `any`; this is the part used here.
  let container: { FileIndex: unknown[] };
  try {
    container = XLSX.CFB.read(bytes, { type: "buffer" });
  } catch (error) {
    throw sheetJsError(path, error);
  }
  const present = PROPERTY_STREAMS.filter((name) => XLSX.CFB.find(container, name));
  if (present.length === 0) return bytes;
  for (const name of present) XLSX.CFB.utils.cfb_del(container, name);
  XLSX.CFB.utils.cfb_gc(container);
  return Buffer.from(XLSX.CFB.write(container, { type: "buffer" }) as Uint8Array);
}

function sheetJsError(path: string, error: unknown): DataSourceError {
  const message = error instanceof Error ? error.message : String(error);
  if (/password|encrypt/i.test(message)) {
    return new DataSourceError(
      `Cannot read ${path}: the workbook is password-protected (encrypted); save a copy without a password and read that`,
      { cause: error },
    );
  }
  return new DataSourceError(
    `Cannot read ${path}: it is not a readable Excel workbook (damaged or truncated?): ${message}`,
    {
      cause: error,
    },
  );
}

function startsWith(bytes: Buffer, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}
