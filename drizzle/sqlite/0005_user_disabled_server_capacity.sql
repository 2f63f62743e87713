ALTER TABLE `servers` ADD `capacity` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_at` integer;