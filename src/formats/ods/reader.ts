import type pl from "nodejs-polars";
import { DataSourceError } from "../../shared/errors";
import { checkReadableFile } from "../file-checks";
import { wholeNumberOption } from "../option-checks";
import { checkDeclaredSizes } from "../spreadsheet-limits";
import type { ReadHints, ReadOptions } from "../types";
import { checkNotEncrypted, streamContent } from "./content-stream";
import { buildFrame, type FrameOptions, rowsNeeded } from "./frame";
import { type OdsSheetInfo, SheetCollector, type SheetSelector } from "./sheet-collector";
import { openZip, readEntryPrefix, type ZipArchive, type ZipEntry } from "./zip";

export type { OdsSheetInfo } from "./sheet-collector";

const SPREADSHEET_TYPES = new Set([
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.spreadsheet-template",
]);

/**
 * A frame over one sheet of an OpenDocument spreadsheet (.ods), read by Weft itself:
 * content.xml is streamed out of the zip through a SAX parser and reading stops once the
 * sheet, or the rows `hints.maxRows` asks for, are done. Options: `sheet` (a name, or a
 * 0-based position; default the first sheet), `has_header` (default true), `skip_rows`
 * (sheet rows skipped before the header), `infer_schema_length` (data rows that decide
 * the column types, default 100; 0 reads every column as text). Column types: README.md.
 * The rows are read when this is called (there is no lazy ODS scanner in Polars); the
 * frame answered is lazy over them. Throws DataSourceError naming the file when it is
 * missing, not an ODS file, damaged, password-protected, or has no such sheet.
 */
export function scanOds(path: string, options: ReadOptions, hints?: ReadHints): pl.LazyDataFrame {
  const frameOptions: FrameOptions = {
    hasHeader: options.has_header ?? true,
    skipRows: wholeNumberOption(path, "skip_rows", options.skip_rows, 0),
    inferSchemaLength: wholeNumberOption(path, "infer_schema_length", options.infer_schema_length, 100),
    maxRows: hints?.maxRows === undefined ? undefined : Math.max(0, Math.floor(hints.maxRows)),
  };
  const selector = sheetSelector(path, options.sheet);
  const { zip, content } = openOds(path);
  const collector = new SheetCollector(path, selector, rowsNeeded(frameOptions));
  readContent(zip, content, collector, frameOptions.maxRows === undefined);
  const index = collector.selectedIndex;
  const sheet = index === undefined ? undefined : collector.sheets[index];
  if (!sheet) throw unknownSheet(path, selector, collector.sheets);
  return buildFrame(path, sheet.name, collector.rows, frameOptions).lazy();
}

/** The names of the sheets of an .ods file, in workbook order (hidden sheets included). */
export function odsSheetNames(path: string): string[] {
  return odsSheets(path).map((sheet) => sheet.name);
}

/** The sheets of an .ods file in workbook order, each with whether it is visible. */
export function odsSheets(path: string): OdsSheetInfo[] {
  const { zip, content } = openOds(path);
  const collector = new SheetCollector(path, undefined, undefined);
  readContent(zip, content, collector, true);
  return collector.sheetInfos();
}

function sheetSelector(path: string, sheet: string | number | undefined): NonNullable<SheetSelector> {
  if (sheet === undefined) return { index: 0 };
  if (typeof sheet === "string") return { name: sheet };
  if (!Number.isSafeInteger(sheet) || sheet < 0) {
    throw new DataSourceError(`Cannot read ${path}: sheet must be a name or a 0-based position, got ${sheet}`);
  }
  return { index: sheet };
}

/** The zip of an ODS package and its content.xml entry, after checking it is a spreadsheet. */
function openOds(path: string): { zip: ZipArchive; content: ZipEntry } {
  const zip = openZip(path, checkReadableFile(path));
  checkDeclaredSizes(path, zip.all);
  const mimetype = zip.entries.get("mimetype");
  if (mimetype) {
    const type = Buffer.from(readEntryPrefix(zip, mimetype, 256))
      .toString("utf8")
      .trim();
    if (!SPREADSHEET_TYPES.has(type)) {
      throw new DataSourceError(`Cannot read ${path}: it is a ${JSON.stringify(type)} package, not an ODS spreadsheet`);
    }
  }
  const content = zip.entries.get("content.xml");
  if (!content) {
    const hint = zip.entries.has("[Content_Types].xml") ? " (it looks like an Excel .xlsx file: read it as excel)" : "";
    throw new DataSourceError(
      `Cannot read ${path}: the zip has no content.xml, so it is not an ODS spreadsheet${hint}`,
    );
  }
  return { zip, content };
}

function readContent(zip: ZipArchive, content: ZipEntry, collector: SheetCollector, mostly: boolean): void {
  try {
    streamContent(zip, content, collector, mostly);
  } catch (error) {
    // An encrypted content.xml fails as corrupt deflate data or as XML: say why instead.
    checkNotEncrypted(zip, error);
    throw error;
  }
}

function unknownSheet(
  path: string,
  selector: NonNullable<SheetSelector>,
  sheets: readonly { name: string }[],
): DataSourceError {
  if (sheets.length === 0) return new DataSourceError(`Cannot read ${path}: it has no sheets`);
  const list = sheets.map((s) => JSON.stringify(s.name)).join(", ");
  if ("name" in selector) {
    return new DataSourceError(
      `Cannot read ${path}: it has no sheet named ${JSON.stringify(selector.name)} (sheets: ${list})`,
    );
  }
  return new DataSourceError(
    `Cannot read ${path}: sheet ${selector.index} is out of range; it has ${sheets.length} sheet(s), numbered from 0 (sheets: ${list})`,
  );
}
