import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { bigInteger, bool, ts } from "./columns";
import { servers } from "./servers";
import { users } from "./users";
import { workflows } from "./workflows";

const EXECUTION_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;

/**
 * Cron schedules with their next occurrence stored (durability rule 1). A schedule acts on
 * its owner's behalf, so it goes with the account (CASCADE), and with its workflow.
 */
export const schedules = pgTable(
  "schedules",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    workflowId: text("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cron: text("cron").notNull(),
    timezone: text("timezone").notNull().default("UTC"),
    enabled: bool("enabled").notNull().default(true),
    overlap: text("overlap", { enum: ["skip", "allow"] })
      .notNull()
      .default("skip"),
    /** The revision every run uses; null: the workflow's newest revision when the run is made. */
    revision: integer("revision"),
    /** The next due occurrence; null when disabled or the cron has no further occurrence. */
    nextRunAt: ts("next_run_at"),
    lastRunAt: ts("last_run_at"),
    /** Occurrences skipped by `overlap: "skip"` (the previous run still queued or running), and the last one. */
    skippedCount: integer("skipped_count").notNull().default(0),
    lastSkippedAt: ts("last_skipped_at"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    check("schedules_overlap_check", sql`${t.overlap} in ('skip', 'allow')`),
    // The dispatcher's query: enabled schedules due by now, oldest first.
    index("schedules_due_idx").on(t.enabled, t.nextRunAt),
    index("schedules_workflow_idx").on(t.workflowId),
    index("schedules_user_idx").on(t.userId),
  ],
);

/**
 * Runs. The workflow's deletion takes its runs (CASCADE; the audit log keeps the trace); a
 * deleted user, Server or schedule leaves the run in place with a null reference.
 * unique(schedule_id, scheduled_for) is the last guard against a duplicate dispatch.
 */
export const executions = pgTable(
  "executions",
  {
    id: text("id").primaryKey(),
    workflowId: text("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    serverId: text("server_id").references(() => servers.id, { onDelete: "set null" }),
    scheduleId: text("schedule_id").references(() => schedules.id, { onDelete: "set null" }),
    scheduledFor: ts("scheduled_for"),
    occurrencesCovered: integer("occurrences_covered").notNull().default(1),
    status: text("status", { enum: EXECUTION_STATUSES }).notNull(),
    createdAt: ts("created_at").notNull(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    /** Refreshed every 15 s while running; the recovery sweep fails records older than 60 s. */
    heartbeatAt: ts("heartbeat_at"),
    /** The Hub process (an id made at its start) whose runner owns the run; recovery spares a live one's. */
    hubInstanceId: text("hub_instance_id"),
    error: text("error"),
    /** JSON text: the run's answer (metrics, outputs summary). */
    result: text("result"),
  },
  (t) => [
    check("executions_status_check", sql`${t.status} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
    unique("executions_schedule_occurrence_uq").on(t.scheduleId, t.scheduledFor),
    index("executions_status_heartbeat_idx").on(t.status, t.heartbeatAt),
    // The dispatcher's overlap check, every second per due schedule: is a run of it still
    // queued or running? Without it the check reads every past run of the schedule.
    index("executions_schedule_status_idx").on(t.scheduleId, t.status),
    index("executions_workflow_created_idx").on(t.workflowId, t.createdAt),
    index("executions_user_created_idx").on(t.userId, t.createdAt),
    index("executions_created_idx").on(t.createdAt),
  ],
);

/** What an execution did, for auditors (its record, code, plans, connections, logs), one row per entry. */
export const executionRecords = pgTable(
  "execution_records",
  {
    id: text("id").primaryKey(),
    executionId: text("execution_id")
      .notNull()
      .references(() => executions.id, { onDelete: "cascade" }),
    /** record | code | plan | connection | log | tool */
    kind: text("kind").notNull(),
    toolId: text("tool_id"),
    /** JSON text. */
    details: text("details").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("execution_records_execution_idx").on(t.executionId, t.kind, t.createdAt)],
);

/**
 * Stored outputs of an execution. The bytes live on disk under their SHA-256 (identical
 * content stored once); rows reference them, so a file is removable when no row names it.
 */
export const executionArtifacts = pgTable(
  "execution_artifacts",
  {
    id: text("id").primaryKey(),
    executionId: text("execution_id")
      .notNull()
      .references(() => executions.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    sha256: text("sha256").notNull(),
    size: bigInteger("size").notNull(),
    mediaType: text("media_type"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    unique("execution_artifacts_name_uq").on(t.executionId, t.name),
    index("execution_artifacts_sha_idx").on(t.sha256),
  ],
);
