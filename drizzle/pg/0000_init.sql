CREATE TABLE "audit_checkpoints" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"head_hash" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_events_id_unique" UNIQUE("id"),
	CONSTRAINT "audit_events_actor_type_check" CHECK ("audit_events"."actor_type" in ('user', 'server', 'system'))
);
--> statement-breakpoint
CREATE TABLE "audit_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_head_single_row_check" CHECK ("audit_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "connection_databases" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"db_type" text NOT NULL,
	"host" text,
	"port" integer,
	"database" text,
	"username" text,
	"password_sealed" text,
	"options_sealed" text
);
--> statement-breakpoint
CREATE TABLE "connection_filesystems" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"health_status" text,
	"health_checked_at" timestamp with time zone,
	"health_latency_ms" integer,
	"health_error" text,
	CONSTRAINT "connections_name_unique" UNIQUE("name"),
	CONSTRAINT "connections_type_check" CHECK ("connections"."type" in ('database', 'filesystem'))
);
--> statement-breakpoint
CREATE TABLE "execution_artifacts" (
	"id" text PRIMARY KEY NOT NULL,
	"execution_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"media_type" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "execution_artifacts_name_uq" UNIQUE("execution_id","name")
);
--> statement-breakpoint
CREATE TABLE "execution_records" (
	"id" text PRIMARY KEY NOT NULL,
	"execution_id" text NOT NULL,
	"kind" text NOT NULL,
	"tool_id" text,
	"details" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "executions" (
	"id" text PRIMARY KEY NOT NULL,
	"workflow_id" text NOT NULL,
	"revision" integer NOT NULL,
	"user_id" text,
	"server_id" text,
	"schedule_id" text,
	"scheduled_for" timestamp with time zone,
	"occurrences_covered" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"error" text,
	"result" text,
	CONSTRAINT "executions_schedule_occurrence_uq" UNIQUE("schedule_id","scheduled_for"),
	CONSTRAINT "executions_status_check" CHECK ("executions"."status" in ('queued', 'running', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"workflow_id" text NOT NULL,
	"user_id" text NOT NULL,
	"cron" text NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"overlap" text DEFAULT 'skip' NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "schedules_overlap_check" CHECK ("schedules"."overlap" in ('skip', 'allow'))
);
--> statement-breakpoint
CREATE TABLE "grant_group_connections" (
	"grant_group_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "grant_group_connections_grant_group_id_connection_id_pk" PRIMARY KEY("grant_group_id","connection_id")
);
--> statement-breakpoint
CREATE TABLE "grant_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "grant_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_group_grant_groups" (
	"group_id" text NOT NULL,
	"grant_group_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_group_grant_groups_group_id_grant_group_id_pk" PRIMARY KEY("group_id","grant_group_id")
);
--> statement-breakpoint
CREATE TABLE "server_groups" (
	"server_id" text NOT NULL,
	"group_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "server_groups_server_id_group_id_pk" PRIMARY KEY("server_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "server_tokens" (
	"token_sha256" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"server_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "servers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"endpoint" text NOT NULL,
	"version" text,
	"auth_token_sha256" text NOT NULL,
	"status" text DEFAULT 'offline' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"failed_polls" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "servers_name_unique" UNIQUE("name"),
	CONSTRAINT "servers_auth_token_sha256_unique" UNIQUE("auth_token_sha256"),
	CONSTRAINT "servers_status_check" CHECK ("servers"."status" in ('online', 'offline'))
);
--> statement-breakpoint
CREATE TABLE "hub_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_sha256" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_sha256_unique" UNIQUE("token_sha256")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_id" text NOT NULL,
	"group_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('owner', 'admin', 'auditor', 'user'))
);
--> statement-breakpoint
CREATE TABLE "workflow_revisions" (
	"workflow_id" text NOT NULL,
	"revision" integer NOT NULL,
	"content" text NOT NULL,
	"content_sha256" text NOT NULL,
	"message" text,
	"author_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workflow_revisions_workflow_id_revision_pk" PRIMARY KEY("workflow_id","revision")
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"owner_id" text,
	"current_revision" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connection_databases" ADD CONSTRAINT "connection_databases_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_filesystems" ADD CONSTRAINT "connection_filesystems_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execution_artifacts" ADD CONSTRAINT "execution_artifacts_execution_id_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execution_records" ADD CONSTRAINT "execution_records_execution_id_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_group_connections" ADD CONSTRAINT "grant_group_connections_grant_group_id_grant_groups_id_fk" FOREIGN KEY ("grant_group_id") REFERENCES "public"."grant_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_group_connections" ADD CONSTRAINT "grant_group_connections_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_grant_groups" ADD CONSTRAINT "user_group_grant_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_grant_groups" ADD CONSTRAINT "user_group_grant_groups_grant_group_id_grant_groups_id_fk" FOREIGN KEY ("grant_group_id") REFERENCES "public"."grant_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_groups" ADD CONSTRAINT "server_groups_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_groups" ADD CONSTRAINT "server_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_tokens" ADD CONSTRAINT "server_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_tokens" ADD CONSTRAINT "server_tokens_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_revisions" ADD CONSTRAINT "workflow_revisions_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_revisions" ADD CONSTRAINT "workflow_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_ts_idx" ON "audit_events" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","seq");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","seq");--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_type","target_id","seq");--> statement-breakpoint
CREATE INDEX "execution_artifacts_sha_idx" ON "execution_artifacts" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "execution_records_execution_idx" ON "execution_records" USING btree ("execution_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "executions_status_heartbeat_idx" ON "executions" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE INDEX "executions_workflow_created_idx" ON "executions" USING btree ("workflow_id","created_at");--> statement-breakpoint
CREATE INDEX "executions_user_created_idx" ON "executions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "executions_created_idx" ON "executions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("enabled","next_run_at");--> statement-breakpoint
CREATE INDEX "schedules_workflow_idx" ON "schedules" USING btree ("workflow_id");--> statement-breakpoint
CREATE INDEX "schedules_user_idx" ON "schedules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "grant_group_connections_connection_idx" ON "grant_group_connections" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "user_group_grant_groups_grant_group_idx" ON "user_group_grant_groups" USING btree ("grant_group_id");--> statement-breakpoint
CREATE INDEX "server_groups_group_idx" ON "server_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "server_tokens_expires_idx" ON "server_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "servers_status_idx" ON "servers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_groups_group_idx" ON "user_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "workflows_owner_idx" ON "workflows" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "workflows_name_idx" ON "workflows" USING btree ("name");