import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Instance-wide Hub settings (the admin area's Settings page), one row per key. */
export const hubSettings = sqliteTable("hub_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull(),
});
