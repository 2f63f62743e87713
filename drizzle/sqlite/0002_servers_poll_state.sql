ALTER TABLE `servers` ADD `latency_ms` integer;--> statement-breakpoint
ALTER TABLE `servers` ADD `running` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `servers` ADD `revoked_at` integer;