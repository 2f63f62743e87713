ALTER TABLE "servers" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;