import type * as XLSX from "@e965/xlsx";
import { DataSourceError } from "../../shared/errors";
import { parseXmlTree, type XmlElement } from "../xml/tree";

/** Whether Excel shows a sheet's tab: very hidden sheets can only be shown again from VBA. */
export type SheetVisibility = "visible" | "hidden" | "very_hidden";

/** What a sheet holds: only worksheets have a cell grid to read. */
export type SheetKind = "worksheet" | "chart" | "dialog" | "macro";

/** One sheet of a workbook, in workbook (tab) order. */
export interface ExcelSheetInfo {
  name: string;
  /** Position among all sheets of the workbook (SheetJS's SheetNames), charts included. */
  position: number;
  visibility: SheetVisibility;
  kind: SheetKind;
}

const VISIBILITY: Record<number, SheetVisibility> = { 0: "visible", 1: "hidden", 2: "very_hidden" };

/** The subset of SheetJS's workbook that its typings leave out: the package directory and files. */
interface WorkbookPackage {
  Directory?: { workbooks?: string[] };
  files?: Record<string, { content?: Uint8Array } | undefined>;
}

/**
 * Every sheet of a parsed workbook with its visibility and kind. In a ZIP package the kind
 * comes from the workbook's relationships (parse with `bookFiles: true`), so it is known
 * without parsing the sheets; in .xls every sheet is parsed anyway and SheetJS marks charts
 * (`!type`). A parsed sheet's own `!type` wins over either.
 */
export function describeSheets(workbook: XLSX.WorkBook): ExcelSheetInfo[] {
  const relationshipKinds = packageSheetKinds(workbook as XLSX.WorkBook & WorkbookPackage);
  return workbook.SheetNames.map((name, position) => {
    const props = workbook.Workbook?.Sheets?.[position] as (XLSX.SheetProps & { id?: string }) | undefined;
    const parsedType = workbook.Sheets[name]?.["!type"] as string | undefined;
    const kind = kindOfType(parsedType) ?? relationshipKinds.get(props?.id ?? "") ?? "worksheet";
    return { name, position, visibility: VISIBILITY[props?.Hidden ?? 0] ?? "visible", kind };
  });
}

/**
 * The worksheet to read: `requested` is a sheet name (exact, else the one name equal to it
 * ignoring case, as Excel's names are), or a 0-based index into the workbook's worksheets
 * (chart sheets not counted, hidden ones counted), or absent for the first visible
 * worksheet. Throws DataSourceError naming the file and listing the worksheets.
 */
export function chooseSheet(
  path: string,
  sheets: ExcelSheetInfo[],
  requested: string | number | undefined,
): ExcelSheetInfo {
  const worksheets = sheets.filter((s) => s.kind === "worksheet");
  const listing = `(worksheets: ${worksheets.map(describe).join(", ") || "none"})`;
  if (typeof requested === "string") {
    const lower = requested.toLowerCase();
    const found =
      sheets.find((s) => s.name === requested) ??
      (sheets.filter((s) => s.name.toLowerCase() === lower).length === 1
        ? sheets.find((s) => s.name.toLowerCase() === lower)
        : undefined);
    if (!found)
      throw new DataSourceError(`Cannot read ${path}: there is no sheet ${JSON.stringify(requested)} ${listing}`);
    if (found.kind !== "worksheet") {
      throw new DataSourceError(
        `Cannot read ${path}: sheet ${JSON.stringify(found.name)} is a ${found.kind} sheet, which has no cells to read ${listing}`,
      );
    }
    return found;
  }
  if (typeof requested === "number") {
    if (!Number.isSafeInteger(requested) || requested < 0) {
      throw new DataSourceError(
        `Cannot read ${path}: sheet must be a name or a whole number of at least 0, got ${requested}`,
      );
    }
    const found = worksheets[requested];
    if (!found) {
      throw new DataSourceError(
        `Cannot read ${path}: there is no worksheet at index ${requested} (counted from 0) ${listing}`,
      );
    }
    return found;
  }
  const firstVisible = worksheets.find((s) => s.visibility === "visible");
  if (!firstVisible) {
    throw new DataSourceError(
      `Cannot read ${path}: the workbook has no visible worksheet; name one with the sheet option ${listing}`,
    );
  }
  return firstVisible;
}

function describe(sheet: ExcelSheetInfo): string {
  const name = JSON.stringify(sheet.name);
  return sheet.visibility === "visible" ? name : `${name} (${sheet.visibility.replace("_", " ")})`;
}

function kindOfType(type: string | undefined): SheetKind | undefined {
  if (type === "chart" || type === "dialog" || type === "macro") return type;
  return undefined;
}

/** Relationship id → sheet kind, from the workbook part's relationships (empty when absent). */
function packageSheetKinds(workbook: WorkbookPackage): Map<string, SheetKind> {
  const kinds = new Map<string, SheetKind>();
  const part = workbook.Directory?.workbooks?.[0]?.replace(/^\//, "");
  if (!part || !workbook.files) return kinds;
  const slash = part.lastIndexOf("/");
  const relsPath = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
  const content = workbook.files[relsPath]?.content;
  if (!content) return kinds;
  // A damaged relationships part only costs the kinds: the sheet's own !type still tells a chart.
  let root: XmlElement;
  try {
    root = parseXmlTree(new TextDecoder().decode(content), relsPath);
  } catch (error) {
    if (error instanceof DataSourceError) return kinds;
    throw error;
  }
  for (const rel of root.children) {
    const id = rel.attributes.Id;
    const type = rel.attributes.Type ?? "";
    if (id === undefined) continue;
    if (/\/chartsheet$/i.test(type)) kinds.set(id, "chart");
    else if (/\/dialogsheet$/i.test(type)) kinds.set(id, "dialog");
    else if (/macrosheet$/i.test(type)) kinds.set(id, "macro");
    else if (/\/worksheet$/i.test(type)) kinds.set(id, "worksheet");
  }
  return kinds;
}
