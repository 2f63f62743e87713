import { sql } from "drizzle-orm";
import { index, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ts } from "./columns";
import { connections } from "./connections";
import { groups } from "./users";

/** Reusable permission bundles: hold connections, never users or other grant groups. */
export const grantGroups = sqliteTable(
  "grant_groups",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull().unique(),
    description: text("description"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  // Names are unique ignoring case (the service says 409 first; this holds under a race).
  (t) => [uniqueIndex("grant_groups_name_lower_uq").on(sql`lower(${t.name})`)],
);

/** A grant group assigned to a user group (made from the user-group side only). CASCADE both ways. */
export const userGroupGrantGroups = sqliteTable(
  "user_group_grant_groups",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    grantGroupId: text("grant_group_id")
      .notNull()
      .references(() => grantGroups.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.grantGroupId] }),
    index("user_group_grant_groups_grant_group_idx").on(t.grantGroupId),
  ],
);

/** A connection in a grant group. Deleting either end removes the grant (CASCADE). */
export const grantGroupConnections = sqliteTable(
  "grant_group_connections",
  {
    grantGroupId: text("grant_group_id")
      .notNull()
      .references(() => grantGroups.id, { onDelete: "cascade" }),
    connectionId: text("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grantGroupId, t.connectionId] }),
    index("grant_group_connections_connection_idx").on(t.connectionId),
  ],
);
