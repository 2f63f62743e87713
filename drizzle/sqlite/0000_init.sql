CREATE TABLE `audit_checkpoints` (
	`seq` integer PRIMARY KEY NOT NULL,
	`head_hash` text NOT NULL,
	`ts` integer NOT NULL,
	`signature` text NOT NULL,
	`key_id` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `audit_events` (
	`seq` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`ts` integer NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`target_type` text,
	`target_id` text,
	`details` text NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL,
	CONSTRAINT "audit_events_actor_type_check" CHECK("audit_events"."actor_type" in ('user', 'server', 'system'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audit_events_id_unique` ON `audit_events` (`id`);--> statement-breakpoint
CREATE INDEX `audit_events_ts_idx` ON `audit_events` (`ts`);--> statement-breakpoint
CREATE INDEX `audit_events_actor_idx` ON `audit_events` (`actor_id`,`seq`);--> statement-breakpoint
CREATE INDEX `audit_events_action_idx` ON `audit_events` (`action`,`seq`);--> statement-breakpoint
CREATE INDEX `audit_events_target_idx` ON `audit_events` (`target_type`,`target_id`,`seq`);--> statement-breakpoint
CREATE TABLE `audit_head` (
	`id` integer PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`hash` text NOT NULL,
	CONSTRAINT "audit_head_single_row_check" CHECK("audit_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `connection_databases` (
	`connection_id` text PRIMARY KEY NOT NULL,
	`db_type` text NOT NULL,
	`host` text,
	`port` integer,
	`database` text,
	`username` text,
	`password_sealed` text,
	`options_sealed` text,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `connection_filesystems` (
	`connection_id` text PRIMARY KEY NOT NULL,
	`path` text NOT NULL,
	`read_only` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `connections` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`description` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`health_status` text,
	`health_checked_at` integer,
	`health_latency_ms` integer,
	`health_error` text,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "connections_type_check" CHECK("connections"."type" in ('database', 'filesystem'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connections_name_unique` ON `connections` (`name`);--> statement-breakpoint
CREATE TABLE `execution_artifacts` (
	`id` text PRIMARY KEY NOT NULL,
	`execution_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`sha256` text NOT NULL,
	`size` integer NOT NULL,
	`media_type` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`execution_id`) REFERENCES `executions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `execution_artifacts_sha_idx` ON `execution_artifacts` (`sha256`);--> statement-breakpoint
CREATE UNIQUE INDEX `execution_artifacts_name_uq` ON `execution_artifacts` (`execution_id`,`name`);--> statement-breakpoint
CREATE TABLE `execution_records` (
	`id` text PRIMARY KEY NOT NULL,
	`execution_id` text NOT NULL,
	`kind` text NOT NULL,
	`tool_id` text,
	`details` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`execution_id`) REFERENCES `executions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `execution_records_execution_idx` ON `execution_records` (`execution_id`,`kind`,`created_at`);--> statement-breakpoint
CREATE TABLE `executions` (
	`id` text PRIMARY KEY NOT NULL,
	`workflow_id` text NOT NULL,
	`revision` integer NOT NULL,
	`user_id` text,
	`server_id` text,
	`schedule_id` text,
	`scheduled_for` integer,
	`occurrences_covered` integer DEFAULT 1 NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`heartbeat_at` integer,
	`error` text,
	`result` text,
	FOREIGN KEY (`workflow_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`schedule_id`) REFERENCES `schedules`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "executions_status_check" CHECK("executions"."status" in ('queued', 'running', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `executions_status_heartbeat_idx` ON `executions` (`status`,`heartbeat_at`);--> statement-breakpoint
CREATE INDEX `executions_workflow_created_idx` ON `executions` (`workflow_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `executions_user_created_idx` ON `executions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `executions_created_idx` ON `executions` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `executions_schedule_occurrence_uq` ON `executions` (`schedule_id`,`scheduled_for`);--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text,
	`workflow_id` text NOT NULL,
	`user_id` text NOT NULL,
	`cron` text NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`overlap` text DEFAULT 'skip' NOT NULL,
	`next_run_at` integer,
	`last_run_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workflow_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "schedules_overlap_check" CHECK("schedules"."overlap" in ('skip', 'allow'))
);
--> statement-breakpoint
CREATE INDEX `schedules_due_idx` ON `schedules` (`enabled`,`next_run_at`);--> statement-breakpoint
CREATE INDEX `schedules_workflow_idx` ON `schedules` (`workflow_id`);--> statement-breakpoint
CREATE INDEX `schedules_user_idx` ON `schedules` (`user_id`);--> statement-breakpoint
CREATE TABLE `grant_group_connections` (
	`grant_group_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`grant_group_id`, `connection_id`),
	FOREIGN KEY (`grant_group_id`) REFERENCES `grant_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `grant_group_connections_connection_idx` ON `grant_group_connections` (`connection_id`);--> statement-breakpoint
CREATE TABLE `grant_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `grant_groups_name_unique` ON `grant_groups` (`name`);--> statement-breakpoint
CREATE TABLE `user_group_grant_groups` (
	`group_id` text NOT NULL,
	`grant_group_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`group_id`, `grant_group_id`),
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`grant_group_id`) REFERENCES `grant_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_group_grant_groups_grant_group_idx` ON `user_group_grant_groups` (`grant_group_id`);--> statement-breakpoint
CREATE TABLE `server_groups` (
	`server_id` text NOT NULL,
	`group_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`server_id`, `group_id`),
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `server_groups_group_idx` ON `server_groups` (`group_id`);--> statement-breakpoint
CREATE TABLE `server_tokens` (
	`token_sha256` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`server_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `server_tokens_expires_idx` ON `server_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `servers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`endpoint` text NOT NULL,
	`version` text,
	`auth_token_sha256` text NOT NULL,
	`status` text DEFAULT 'offline' NOT NULL,
	`last_seen_at` integer,
	`failed_polls` integer DEFAULT 0 NOT NULL,
	`next_poll_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "servers_status_check" CHECK("servers"."status" in ('online', 'offline'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `servers_name_unique` ON `servers` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `servers_auth_token_sha256_unique` ON `servers` (`auth_token_sha256`);--> statement-breakpoint
CREATE INDEX `servers_status_idx` ON `servers` (`status`);--> statement-breakpoint
CREATE TABLE `hub_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `groups` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `groups_name_unique` ON `groups` (`name`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`token_sha256` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`last_used_at` integer,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_sha256_unique` ON `sessions` (`token_sha256`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `user_groups` (
	`user_id` text NOT NULL,
	`group_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `group_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_groups_group_idx` ON `user_groups` (`group_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`email` text,
	`password_hash` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`last_login_at` integer,
	CONSTRAINT "users_role_check" CHECK("users"."role" in ('owner', 'admin', 'auditor', 'user'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);--> statement-breakpoint
CREATE TABLE `workflow_revisions` (
	`workflow_id` text NOT NULL,
	`revision` integer NOT NULL,
	`content` text NOT NULL,
	`content_sha256` text NOT NULL,
	`message` text,
	`author_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`workflow_id`, `revision`),
	FOREIGN KEY (`workflow_id`) REFERENCES `workflows`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `workflows` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`owner_id` text,
	`current_revision` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `workflows_owner_idx` ON `workflows` (`owner_id`);--> statement-breakpoint
CREATE INDEX `workflows_name_idx` ON `workflows` (`name`);