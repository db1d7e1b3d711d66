ALTER TABLE "processing_jobs" RENAME COLUMN "kind" TO "tool";--> statement-breakpoint
UPDATE "videos" SET "status" = 'done' WHERE "status" = 'processed';
