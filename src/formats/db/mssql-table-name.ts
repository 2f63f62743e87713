import { splitTableName } from "./table-name";

/**
 * The parts of a SQL Server table name as the user wrote it: `orders`, `sales.orders`,
 * `[my.schema].[it]]s]`, `"sales"."orders"` (a doubled closer stands for one). An unquoted
 * part is the exact name. Throws a ValidationError for an empty part, an unclosed quote or
 * more than schema.table.
 */
export function mssqlTableNameParts(table: string): string[] {
  return splitTableName(table, {
    closers: { "[": "]", '"': '"' },
    reserved: '[]"',
    mustQuote: 'a name holding [, ] or " must be quoted ([a]]b] for a]b)',
  });
}

/** `table` as SQL Server's bracketed, dot-separated name: `[sales].[orders]`, `[it]]s]`. */
export function quoteMssqlTableName(table: string): string {
  return mssqlTableNameParts(table)
    .map((part) => `[${part.replaceAll("]", "]]")}]`)
    .join(".");
}
