import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Instance-wide Hub settings (the admin area's Settings page), one row per key. */
export const hubSettings = pgTable("hub_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull(),
});
