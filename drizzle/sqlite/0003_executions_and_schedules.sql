ALTER TABLE `executions` ADD `hub_instance_id` text;--> statement-breakpoint
CREATE INDEX `executions_schedule_status_idx` ON `executions` (`schedule_id`,`status`);--> statement-breakpoint
ALTER TABLE `schedules` ADD `revision` integer;--> statement-breakpoint
ALTER TABLE `schedules` ADD `skipped_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `schedules` ADD `last_skipped_at` integer;