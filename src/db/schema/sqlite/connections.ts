import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, ts } from "./columns";
import { users } from "./users";

/**
 * Shared connections (metadata and health). The type-specific settings live in
 * connection_databases / connection_filesystems, one row per connection.
 */
export const connections = sqliteTable(
  "connections",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull().unique(),
    type: text("type", { enum: ["database", "filesystem"] }).notNull(),
    description: text("description"),
    /** Who created it; the connection outlives its creator's account (SET NULL). */
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** The health poller's last answer: ok | error; null until first checked. */
    healthStatus: text("health_status", { enum: ["ok", "error"] }),
    healthCheckedAt: ts("health_checked_at"),
    healthLatencyMs: integer("health_latency_ms"),
    /** Scrubbed of credentials before it is stored. */
    healthError: text("health_error"),
  },
  (t) => [
    check("connections_type_check", sql`${t.type} in ('database', 'filesystem')`),
    // Names are unique ignoring case (the service says 409 first; this holds under a race).
    uniqueIndex("connections_name_lower_uq").on(sql`lower(${t.name})`),
  ],
);

/** A database connection's settings; the password is a sealed box (src/shared/connection-crypto.ts), JSON. */
export const connectionDatabases = sqliteTable("connection_databases", {
  connectionId: text("connection_id")
    .primaryKey()
    .references(() => connections.id, { onDelete: "cascade" }),
  dbType: text("db_type").notNull(),
  host: text("host"),
  port: integer("port"),
  database: text("database"),
  username: text("username"),
  passwordSealed: text("password_sealed"),
  /** Driver options (JSON text); may hold secrets, so it is sealed too. */
  optionsSealed: text("options_sealed"),
});

/** A filesystem connection's root. */
export const connectionFilesystems = sqliteTable("connection_filesystems", {
  connectionId: text("connection_id")
    .primaryKey()
    .references(() => connections.id, { onDelete: "cascade" }),
  path: text("path").notNull(),
  readOnly: bool("read_only").notNull().default(false),
});
