import { DataSourceError } from "../../shared/errors";
import { type Cell, CellTextBuilder, cellFromParts } from "./cells";
import type { ContentHandlers, XmlTag } from "./content-stream";
import { ODS_LIMITS } from "./limits";

/** A sheet of the workbook, in document order. */
export interface OdsSheetInfo {
  name: string;
  /** False when the sheet's table style says `table:display="false"` (a hidden sheet). */
  visible: boolean;
}

/**
 * `count` consecutive sheet rows holding the same cells, starting at sheet row `firstRow`
 * (0-based). Repeated rows stay one run, so `table:number-rows-repeated` costs nothing
 * until a frame is built. `cells` ends at the row's last non-empty cell; null is empty.
 */
export interface RowRun {
  firstRow: number;
  count: number;
  cells: readonly (Cell | null)[];
}

/** Which sheet to collect: by 0-based position or by name; none when only listing sheets. */
export type SheetSelector = { index: number } | { name: string } | undefined;

const EMPTY_ROW: readonly (Cell | null)[] = [];
/** Elements whose text is not part of a cell's content (ODF 1.2 §6.1.1). */
const SKIPPED = new Set(["office:annotation", "text:note-body", "text:ruby-text", "table:table"]);
/** Bounds a repeat attribute before any arithmetic; real files never come near it. */
const REPEAT_CAP = 2 ** 31;

/**
 * Listens to content.xml (see content-stream.ts) and gathers the sheet names, which sheets
 * are hidden, and the rows of the selected sheet, up to `rowLimit` sheet rows. Empty rows
 * are counted, not stored, until a non-empty row follows them, so the million-row empty
 * repeat LibreOffice writes at the end of every sheet is never expanded.
 */
export class SheetCollector implements ContentHandlers {
  readonly sheets: { name: string; style: string | undefined }[] = [];
  /** The selected sheet's position in `sheets`, once met. */
  selectedIndex: number | undefined;
  readonly rows: RowRun[] = [];

  private finished = false;
  private depth = 0;
  private spreadsheetDepth = -1;
  private tableDepth = -1;
  private inSelected = false;
  private readonly hiddenStyles = new Set<string>();
  private tableStyle: string | undefined;
  // The row being read.
  private rowOpen = false;
  private rowRepeat = 1;
  private rowCells: (Cell | null)[] = [];
  private column = 0;
  private nextRow = 0;
  private pendingEmptyRows = 0;
  // The cell being read.
  private cellDepth = -1;
  private cellAttributes: Record<string, string> = {};
  private cellRepeat = 1;
  private cellText = new CellTextBuilder();
  private skipDepth = -1;
  private paragraphDepth = -1;
  // What the sheet has cost so far (see limits.ts).
  private storedCells = 0;
  private storedText = 0;

  constructor(
    private readonly path: string,
    private readonly selector: SheetSelector,
    private readonly rowLimit: number | undefined,
  ) {}

  /** The sheets met so far (all of them once the document was read to its end). */
  sheetInfos(): OdsSheetInfo[] {
    return this.sheets.map((s) => ({
      name: s.name,
      visible: s.style === undefined || !this.hiddenStyles.has(s.style),
    }));
  }

  done(): boolean {
    return this.finished;
  }

  open(tag: XmlTag): void {
    if (this.finished) return;
    this.depth += 1;
    const { name, attributes } = tag;
    if (this.cellDepth >= 0) this.openInCell(name, attributes);
    else if (this.inSelected) {
      if (name === "table:table-row" && !this.rowOpen) this.openRow(attributes);
      else if (this.rowOpen && (name === "table:table-cell" || name === "table:covered-table-cell")) {
        this.openCell(attributes);
      }
    } else if (name === "table:table" && this.depth === this.spreadsheetDepth + 1) this.openTable(attributes);
    else if (name === "office:spreadsheet") this.spreadsheetDepth = this.depth;
    else if (name === "style:style" && attributes["style:family"] === "table") {
      this.tableStyle = attributes["style:name"];
    } else if (name === "style:table-properties" && this.tableStyle && attributes["table:display"] === "false") {
      this.hiddenStyles.add(this.tableStyle);
    }
  }

  close(name: string): void {
    if (this.finished) return;
    if (this.cellDepth >= 0) {
      if (this.depth === this.cellDepth) this.closeCell();
      else this.closeInCell(name);
    } else if (this.inSelected) {
      if (name === "table:table-row" && this.rowOpen) this.closeRow();
      else if (name === "table:table" && this.depth === this.tableDepth) this.finished = true;
    } else if (name === "style:style") {
      this.tableStyle = undefined;
    }
    this.depth -= 1;
  }

  text(text: string): void {
    if (this.paragraphDepth >= 0 && this.skipDepth < 0) this.cellText.text(text);
  }

  private openTable(attributes: Record<string, string>): void {
    const index = this.sheets.length;
    const name = attributes["table:name"] ?? `Sheet${index + 1}`;
    this.sheets.push({ name, style: attributes["table:style-name"] });
    const selector = this.selector;
    if (!selector || ("index" in selector ? selector.index !== index : selector.name !== name)) return;
    this.selectedIndex = index;
    this.inSelected = true;
    this.tableDepth = this.depth;
  }

  private openRow(attributes: Record<string, string>): void {
    this.rowOpen = true;
    this.rowRepeat = repeatCount(attributes["table:number-rows-repeated"]);
    this.rowCells = [];
    this.column = 0;
  }

  private closeRow(): void {
    this.rowOpen = false;
    if (this.rowCells.length === 0) {
      this.pendingEmptyRows += this.rowRepeat;
      return;
    }
    if (this.pendingEmptyRows > 0) this.addRun(EMPTY_ROW, this.pendingEmptyRows);
    this.pendingEmptyRows = 0;
    this.addRun(this.rowCells, this.rowRepeat);
  }

  private addRun(cells: readonly (Cell | null)[], count: number): void {
    this.rows.push({ firstRow: this.nextRow, count, cells });
    this.nextRow += count;
    if (this.rowLimit !== undefined && this.nextRow >= this.rowLimit) this.finished = true;
    else if (this.nextRow > ODS_LIMITS.maxCells) {
      throw new DataSourceError(
        `Cannot read ${this.path}: the sheet has more than ${ODS_LIMITS.maxCells} rows (too large to read here)`,
      );
    }
  }

  private openCell(attributes: Record<string, string>): void {
    this.cellDepth = this.depth;
    this.cellAttributes = attributes;
    this.cellRepeat = repeatCount(attributes["table:number-columns-repeated"]);
    this.cellText = new CellTextBuilder();
    this.skipDepth = -1;
    this.paragraphDepth = -1;
  }

  private openInCell(name: string, attributes: Record<string, string>): void {
    if (this.skipDepth >= 0) return;
    if (SKIPPED.has(name) || name.startsWith("draw:")) {
      this.skipDepth = this.depth;
    } else if (this.paragraphDepth < 0) {
      if (name === "text:p" || name === "text:h") {
        this.paragraphDepth = this.depth;
        this.cellText.startParagraph();
      }
    } else if (name === "text:s") this.cellText.spaces(attributes["text:c"]);
    else if (name === "text:tab") this.cellText.literal("\t");
    else if (name === "text:line-break") this.cellText.literal("\n");
  }

  private closeInCell(_name: string): void {
    if (this.depth === this.skipDepth) this.skipDepth = -1;
    else if (this.depth === this.paragraphDepth) {
      this.cellText.endParagraph();
      this.paragraphDepth = -1;
    }
  }

  private closeCell(): void {
    this.cellDepth = -1;
    const cell = cellFromParts(this.cellAttributes, this.cellText.result());
    const repeat = this.cellRepeat;
    if (cell === null) {
      this.column += repeat;
      return;
    }
    if (this.column + repeat > ODS_LIMITS.maxColumns) {
      throw new DataSourceError(
        `Cannot read ${this.path}: row ${this.nextRow + this.pendingEmptyRows + 1} has content past column ${ODS_LIMITS.maxColumns}, the widest sheet LibreOffice and Excel allow`,
      );
    }
    this.storedCells += this.column + repeat - this.rowCells.length;
    this.storedText += cell.text.length;
    if (this.storedCells > ODS_LIMITS.maxCells || this.storedText > ODS_LIMITS.maxTextChars) {
      throw new DataSourceError(
        `Cannot read ${this.path}: the sheet expands to more than ${ODS_LIMITS.maxCells} cells or ${ODS_LIMITS.maxTextChars} characters (too large to read here)`,
      );
    }
    while (this.rowCells.length < this.column) this.rowCells.push(null);
    // Repeated cells share one object: the frame copies values out anyway.
    for (let i = 0; i < repeat; i++) this.rowCells.push(cell);
    this.column += repeat;
  }
}

/** A `number-*-repeated` attribute: a positive whole number, 1 when absent or invalid. */
function repeatCount(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.min(Math.floor(value), REPEAT_CAP);
}
