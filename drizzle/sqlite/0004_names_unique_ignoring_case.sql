CREATE UNIQUE INDEX `connections_name_lower_uq` ON `connections` (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX `grant_groups_name_lower_uq` ON `grant_groups` (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX `groups_name_lower_uq` ON `groups` (lower("name"));