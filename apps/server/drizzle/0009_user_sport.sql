-- The sport of a film (#36): each run records the one chosen for it, each user the last one chosen.
ALTER TABLE "processing_jobs" ADD COLUMN "sport" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sport" text DEFAULT 'auto' NOT NULL;
