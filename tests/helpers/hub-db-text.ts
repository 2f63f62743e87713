import { existsSync, readFileSync } from "node:fs";
import type { HubDbContext } from "./hub-db";

/**
 * Everything a Hub database stores, as text to search for secrets: SQLite's file bytes with
 * its WAL and journal (what a stolen file would show, deleted pages included), or every row of
 * every table of PostgreSQL outside its catalogs.
 */
export async function databaseText(ctx: HubDbContext): Promise<string> {
  if (ctx.dialect === "sqlite") {
    const file = ctx.url.replace(/^sqlite:/, "");
    const parts = [file, `${file}-wal`, `${file}-journal`].filter((path) => existsSync(path));
    return parts.map((path) => readFileSync(path).toString("latin1")).join("\n");
  }
  const handle = ctx.handle as Extract<HubDbContext["handle"], { dialect: "pg" }>;
  const client = handle.db.$client;
  const tables = (await client.unsafe(
    "SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'",
  )) as { table_schema: string; table_name: string }[];
  const parts: string[] = [];
  for (const t of tables)
    parts.push(JSON.stringify(await client.unsafe(`SELECT * FROM "${t.table_schema}"."${t.table_name}"`)));
  return parts.join("\n");
}
