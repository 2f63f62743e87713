import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { users } from "./users";

/**
 * Stored workflows. A workflow outlives its owner's account (SET NULL): its history and
 * executions stay readable, and an admin can hand it to someone else.
 */
export const workflows = pgTable(
  "workflows",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** The newest revision number (workflow_revisions.revision). */
    currentRevision: integer("current_revision").notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("workflows_owner_idx").on(t.ownerId), index("workflows_name_idx").on(t.name)],
);

/** Every stored revision of a workflow's content (JSON text), numbered from 1. */
export const workflowRevisions = pgTable(
  "workflow_revisions",
  {
    workflowId: text("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    content: text("content").notNull(),
    /** SHA-256 of the canonical content: "did the content change" without reading it. */
    contentSha256: text("content_sha256").notNull(),
    message: text("message"),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workflowId, t.revision] })],
);
