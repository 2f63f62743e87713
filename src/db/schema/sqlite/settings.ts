import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ts } from "./columns";

/** Instance-wide Hub settings (the admin area's Settings page), one row per key. */
export const hubSettings = sqliteTable("hub_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: ts("updated_at").notNull(),
});
