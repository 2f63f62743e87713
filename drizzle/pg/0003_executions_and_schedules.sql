ALTER TABLE "executions" ADD COLUMN "hub_instance_id" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "revision" integer;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "skipped_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "last_skipped_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "executions_schedule_status_idx" ON "executions" USING btree ("schedule_id","status");