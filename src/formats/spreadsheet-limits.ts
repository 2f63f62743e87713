import { SafetyLimitError } from "../shared/errors";

/**
 * How far a spreadsheet file may inflate when read (MAX_SPREADSHEET_MB and
 * MAX_SPREADSHEET_RATIO). A workbook is a zip of XML (.xlsx, .xlsm, .xlsb, .ods) that SheetJS
 * inflates and parses whole, at about 25 bytes of memory per byte of sheet XML (measured:
 * 20 MiB of XML peaked at 478 MB): a 510 KB file inflating to 200 MB took an executor to
 * 4.6-8.9 GB. So the sizes the zip declares are checked before anything is inflated.
 */
export interface SpreadsheetLimits {
  /** Most MiB a package's parts may inflate to in all (an .xls: its file size). */
  maxSpreadsheetMb: number;
  /** Most uncompressed bytes per compressed byte of one part (of RATIO_FLOOR bytes or more). */
  maxSpreadsheetRatio: number;
}

export const DEFAULT_SPREADSHEET_LIMITS: SpreadsheetLimits = { maxSpreadsheetMb: 100, maxSpreadsheetRatio: 200 };

/** Parts smaller than this are never refused for their ratio: they cannot hold much. */
const RATIO_FLOOR = 1024 * 1024;
const MIB = 1024 * 1024;

/**
 * The limits every reader in this process applies. Set once by the engine from the Server's
 * settings (createEngine): the readers are reached from many places (inspection, preview,
 * the sheet list, the Input tool) that carry no settings, and an executor serves one Server.
 */
let current = DEFAULT_SPREADSHEET_LIMITS;

export function setSpreadsheetLimits(limits: SpreadsheetLimits): void {
  current = { maxSpreadsheetMb: limits.maxSpreadsheetMb, maxSpreadsheetRatio: limits.maxSpreadsheetRatio };
}

/** The most bytes one inflation may produce (given to zlib, so a part lying about its size stops there). */
export function maxInflatedBytes(): number {
  return Math.floor(current.maxSpreadsheetMb * MIB);
}

/** One part of a package as its zip directory declares it. */
export interface DeclaredPart {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/** Refuses a package whose declared parts inflate past the limits (422), before any is inflated. */
export function checkDeclaredSizes(path: string, parts: Iterable<DeclaredPart>): void {
  const list = [...parts];
  checkInflatedSize(
    path,
    list.reduce((total, part) => total + part.uncompressedSize, 0),
    "would inflate to",
  );
  for (const part of list) {
    const ratio = part.uncompressedSize / Math.max(1, part.compressedSize);
    if (part.uncompressedSize >= RATIO_FLOOR && ratio > current.maxSpreadsheetRatio) {
      throw new SafetyLimitError(
        `Cannot read ${path}: its part ${part.name} would inflate ${Math.round(ratio)} times (${mib(part.compressedSize)} to ${mib(part.uncompressedSize)}), more than the ${current.maxSpreadsheetRatio} times MAX_SPREADSHEET_RATIO (--max-spreadsheet-ratio) allows; a zip bomb?`,
        current.maxSpreadsheetRatio,
        Math.round(ratio),
      );
    }
  }
}

/** Refuses `bytes` of spreadsheet (inflated, or an .xls file's size) past MAX_SPREADSHEET_MB (422). */
export function checkInflatedSize(path: string, bytes: number, what = "is"): void {
  if (bytes <= maxInflatedBytes()) return;
  throw new SafetyLimitError(
    `Cannot read ${path}: it ${what} ${mib(bytes)}, more than the ${current.maxSpreadsheetMb} MiB MAX_SPREADSHEET_MB (--max-spreadsheet-mb) allows`,
    current.maxSpreadsheetMb,
    Math.ceil(bytes / MIB),
  );
}

function mib(bytes: number): string {
  return bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}
