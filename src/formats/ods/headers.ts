import { uniqueNames } from "../unique-names";
import type { Cell } from "./cells";

/**
 * Column names for `width` columns: the header row's displayed text when there is a header,
 * `column_N` (1-based) for an empty or missing header cell and for every column without a
 * header; repeated names get `_1`, `_2`... ("a", "a" → "a", "a_1"), skipping any suffix
 * that is already a name, so every name is unique.
 */
export function columnNames(header: readonly (Cell | null)[] | undefined, width: number): string[] {
  const wanted = Array.from({ length: width }, (_, i) => {
    const cell = header?.[i] ?? null;
    const text = cell === null ? "" : cell.kind === "string" ? cell.value : cell.text;
    return text === "" ? `column_${i + 1}` : text;
  });
  return uniqueNames(wanted);
}
