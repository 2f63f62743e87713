import { ValidationError } from "../../shared/errors";

/** Closing character of each SQL Server quote: `[name]` and `"name"` (a doubled closer stands for one). */
const CLOSERS: Record<string, string> = { "[": "]", '"': '"' };

/**
 * The parts of a SQL Server table name as the user wrote it: `orders`, `sales.orders`,
 * `[my.schema].[it]]s]`, `"sales"."orders"`. An unquoted part is the exact name (no case
 * folding: names come from a table listing). Throws a ValidationError for an empty part, an
 * unclosed quote or more than schema.table.
 */
export function mssqlTableNameParts(table: string): string[] {
  const parts: string[] = [];
  const fail = (why: string) => new ValidationError(`Table name ${JSON.stringify(table)}: ${why}`);
  let i = 0;
  while (true) {
    let part = "";
    const closer = CLOSERS[table[i] ?? ""];
    if (closer !== undefined) {
      const opened = i;
      i++;
      while (true) {
        const at = table.indexOf(closer, i);
        if (at < 0) throw fail(`the quote at ${opened} is not closed`);
        part += table.slice(i, at);
        i = at + 1;
        if (table[i] !== closer) break;
        part += closer;
        i++;
      }
      if (i < table.length && table[i] !== ".") throw fail(`text after the closing quote at ${i - 1}`);
    } else {
      const dot = table.indexOf(".", i);
      const end = dot < 0 ? table.length : dot;
      part = table.slice(i, end);
      if (/[[\]"]/.test(part)) throw fail('a name holding [, ] or " must be quoted ([a]]b] for a]b)');
      i = end;
    }
    if (part.trim() === "") throw fail("a part of the name is empty");
    if (part.includes("\0")) throw fail("it holds a NUL character");
    parts.push(part);
    if (i >= table.length) break;
    i++; // the dot
    if (i >= table.length) throw fail("it ends with a dot");
  }
  if (parts.length > 2) throw fail(`at most schema.table (got ${parts.length} parts)`);
  return parts;
}

/** `table` as SQL Server's bracketed, dot-separated name: `[sales].[orders]`, `[it]]s]`. */
export function quoteMssqlTableName(table: string): string {
  return mssqlTableNameParts(table)
    .map((part) => `[${part.replaceAll("]", "]]")}]`)
    .join(".");
}
