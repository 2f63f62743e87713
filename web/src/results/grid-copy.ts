import { cellText } from "./cell-format";

/** A cell of the preview grid by its place in the preview's data. */
export interface GridCell {
  row: number;
  col: number;
}

/**
 * What copying cells of the grid puts on the clipboard: their exact values (274.37899999999996,
 * not the 274.379 shown), tab between the cells of a row and a line break between rows, as
 * spreadsheets paste them; a null copies as an empty cell.
 */
export function copiedCells(cells: readonly GridCell[], data: readonly (readonly unknown[])[]): string {
  const rows = new Map<number, GridCell[]>();
  for (const cell of cells) rows.set(cell.row, [...(rows.get(cell.row) ?? []), cell]);
  return [...rows.keys()]
    .sort((a, b) => a - b)
    .map((row) =>
      (rows.get(row) ?? [])
        .sort((a, b) => a.col - b.col)
        .map((cell) => cellText(data[row]?.[cell.col]) ?? "")
        .join("\t"),
    )
    .join("\n");
}

/** The grid's cells (`td` with aria-colindex in a `tr` with aria-rowindex) the selection touches. */
export function selectedCells(grid: HTMLElement, selection: Selection): GridCell[] {
  const cells: GridCell[] = [];
  for (const td of grid.querySelectorAll("td[aria-colindex]")) {
    if (!selection.containsNode(td, true)) continue;
    // The header row is aria-rowindex 1 and the row numbers aria-colindex 1: data starts at 2.
    const row = Number(td.closest("tr")?.getAttribute("aria-rowindex")) - 2;
    const col = Number(td.getAttribute("aria-colindex")) - 2;
    if (row >= 0 && col >= 0) cells.push({ row, col });
  }
  return cells;
}
