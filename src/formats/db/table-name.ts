import { ValidationError } from "../../shared/errors";
import type { SqlDialect } from "./sql-readings";

/** The quote character of a name in each dialect's SQL. */
const QUOTE: Record<Exclude<SqlDialect, "mssql">, string> = { postgresql: '"', sqlite: '"', mysql: "`" };

/** How a dialect quotes a part of a name. */
export interface NameQuoting {
  /** Each opening quote and its closer (a doubled closer inside stands for one). */
  closers: Readonly<Record<string, string>>;
  /** Characters an unquoted part may not hold... */
  reserved: string;
  /** ...and the message saying how to quote such a part. */
  mustQuote: string;
}

/**
 * The parts of a table name as the user wrote it (`orders`, `sales.orders`, parts in the
 * dialect's quotes when they hold a dot or a quote). An unquoted part is the exact name: no
 * case folding, since names come from a table listing. Throws a ValidationError for an
 * empty part, an unclosed quote or more than schema.table.
 */
export function splitTableName(table: string, quoting: NameQuoting): string[] {
  const parts: string[] = [];
  const fail = (why: string) => new ValidationError(`Table name ${JSON.stringify(table)}: ${why}`);
  let i = 0;
  while (true) {
    let part = "";
    const closer = quoting.closers[table[i] ?? ""];
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
      if ([...part].some((c) => quoting.reserved.includes(c))) throw fail(quoting.mustQuote);
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

/**
 * The parts of a table name: schema (or database on MySQL) then table, each in the
 * dialect's quotes when it holds a dot or a quote (`"my.schema"."it""s"`, `` `a.b`.`t` ``).
 */
export function tableNameParts(table: string, dialect: Exclude<SqlDialect, "mssql">): string[] {
  const quote = QUOTE[dialect];
  return splitTableName(table, {
    closers: { [quote]: quote },
    reserved: quote,
    mustQuote: `a name holding ${quote} must be quoted (${quote}a${quote}${quote}b${quote})`,
  });
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
