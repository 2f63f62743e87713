import { ValidationError } from "../../shared/errors";
import type { SqlDialect } from "./sql-readings";

/** The quote character of a name in each dialect's SQL. */
const QUOTE: Record<Exclude<SqlDialect, "mssql">, string> = { postgresql: '"', sqlite: '"', mysql: "`" };

/**
 * The parts of a table name as the user wrote it: `orders`, `sales.orders` (schema, or
 * database on MySQL, then table), with any part in the dialect's quotes when it holds a dot
 * or a quote (`"my.schema"."it""s"`, `` `a.b`.`t` ``; a doubled quote stands for one). An
 * unquoted part is the exact name: no case folding, since names come from a table listing.
 * Throws a ValidationError for an empty part, an unclosed quote or more than two parts.
 */
export function tableNameParts(table: string, dialect: Exclude<SqlDialect, "mssql">): string[] {
  const quote = QUOTE[dialect];
  const parts: string[] = [];
  let i = 0;
  const fail = (why: string) => new ValidationError(`Table name ${JSON.stringify(table)}: ${why}`);
  while (true) {
    let part = "";
    if (table[i] === quote) {
      i++;
      while (true) {
        const at = table.indexOf(quote, i);
        if (at < 0) throw fail(`the quote at ${i} is not closed`);
        part += table.slice(i, at);
        i = at + 1;
        if (table[i] !== quote) break;
        part += quote;
        i++;
      }
      if (i < table.length && table[i] !== ".") throw fail(`text after the closing quote at ${i}`);
    } else {
      const dot = table.indexOf(".", i);
      const end = dot < 0 ? table.length : dot;
      part = table.slice(i, end);
      if (part.includes(quote))
        throw fail(`a name holding ${quote} must be quoted (${quote}a${quote}${quote}b${quote})`);
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

/** `table` as the dialect's quoted, dot-separated name: `"sales"."orders"`, `` `sales`.`orders` ``. */
export function quoteTableName(table: string, dialect: Exclude<SqlDialect, "mssql">): string {
  const quote = QUOTE[dialect];
  return tableNameParts(table, dialect)
    .map((part) => quote + part.replaceAll(quote, quote + quote) + quote)
    .join(".");
}

/** A name quoted for the dialect (a column alias, a CTE name). */
export function quoteName(name: string, dialect: Exclude<SqlDialect, "mssql">): string {
  const quote = QUOTE[dialect];
  return quote + name.replaceAll(quote, quote + quote) + quote;
}
