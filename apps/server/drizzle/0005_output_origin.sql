ALTER TABLE "videos" ADD COLUMN "made_by_tool" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "source_duration_sec" real;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "chapters" jsonb;