import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ts } from "./columns";
import { groups, users } from "./users";

/** Registered Servers and their availability (the poller's state). */
export const servers = sqliteTable(
  "servers",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull().unique(),
    endpoint: text("endpoint").notNull(),
    version: text("version"),
    /** SHA-256 (hex) of the Server's auth_token; the token itself is shown once. */
    authTokenSha256: text("auth_token_sha256").notNull().unique(),
    status: text("status", { enum: ["online", "offline"] })
      .notNull()
      .default("offline"),
    lastSeenAt: ts("last_seen_at"),
    /** The last successful poll's round trip, and the executions the Server was running then. */
    latencyMs: integer("latency_ms"),
    running: integer("running").notNull().default(0),
    /** The engine processes the Server reported at its last poll (how much it runs at once); null: not said. */
    capacity: integer("capacity"),
    /** Set by an administrator's revoke: the auth_token is refused from then on. */
    revokedAt: ts("revoked_at"),
    failedPolls: integer("failed_polls").notNull().default(0),
    nextPollAt: ts("next_poll_at"),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    check("servers_status_check", sql`${t.status} in ('online', 'offline')`),
    index("servers_status_idx").on(t.status),
  ],
);

/** Which user groups may use a Server. CASCADE both ways. */
export const serverGroups = sqliteTable(
  "server_groups",
  {
    serverId: text("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.groupId] }), index("server_groups_group_idx").on(t.groupId)],
);

/**
 * Capability tokens of the database-backed token store (TOKEN_STORE_BACKEND=database):
 * only the SHA-256 (hex) of the token; single use (used_at set atomically).
 */
export const serverTokens = sqliteTable(
  "server_tokens",
  {
    tokenSha256: text("token_sha256").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serverId: text("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [index("server_tokens_expires_idx").on(t.expiresAt)],
);
