ALTER TABLE "servers" ADD COLUMN "latency_ms" integer;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "running" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "revoked_at" timestamp with time zone;