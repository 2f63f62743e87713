import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns";

/** Accounts; `role` is owner > admin > auditor > user (decisions.md). */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username").notNull().unique(),
    email: text("email"),
    /** Argon2id (Bun.password), PHC string. */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["owner", "admin", "auditor", "user"] }).notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    lastLoginAt: ts("last_login_at"),
    /** Set while an administrator has the account disabled: no sign-in, no session, no run. */
    disabledAt: ts("disabled_at"),
  },
  (t) => [
    check("users_role_check", sql`${t.role} in ('owner', 'admin', 'auditor', 'user')`),
    index("users_role_idx").on(t.role),
  ],
);

/** User groups. */
export const groups = pgTable(
  "groups",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull().unique(),
    description: text("description"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  // Names are unique ignoring case (the service says 409 first; this holds under a race).
  (t) => [uniqueIndex("groups_name_lower_uq").on(sql`lower(${t.name})`)],
);

/**
 * Membership. Deleting a user or a group removes its memberships (CASCADE): a membership
 * means nothing without both ends.
 */
export const userGroups = pgTable(
  "user_groups",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull(),
  },
  // The primary key serves "groups of a user"; the index serves "members of a group".
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index("user_groups_group_idx").on(t.groupId)],
);

/** Login sessions: only the SHA-256 (hex) of the token is stored (decisions.md). */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    tokenSha256: text("token_sha256").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    lastUsedAt: ts("last_used_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  // user: "end all sessions of a user"; expires_at: the cleanup task's batches.
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);
