import { z } from "@hono/zod-openapi";
import { type Column, type SQL, sql } from "drizzle-orm";

/** Paging of every Hub list: `limit` (1-500, default 50) and `offset`. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50).openapi({ example: 50 }),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PageQuery = z.infer<typeof PageQuery>;

/**
 * The query of every Hub list of named things: paging and a `name` filter (`nameContains`).
 * A resource with more filters extends it (`ListQuery.extend({ type: … })`).
 */
export const ListQuery = PageQuery.extend({
  name: z.string().max(200).optional().openapi({ description: "Only names containing this text (case-insensitive)" }),
});
export type ListQuery = z.infer<typeof ListQuery>;

/** `\`, `%` and `_` taken literally in a LIKE pattern (with ESCAPE '\'). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * "name contains `text`", case-insensitive on both dialects (PostgreSQL's LIKE is
 * case-sensitive, SQLite's is not for ASCII: lower() on both sides makes them agree).
 * Undefined when there is no filter.
 */
export function nameContains(column: Column, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${likeLiteral(text.toLowerCase())}%`;
  return sql`lower(${column}) like ${pattern} escape '\\'`;
}
