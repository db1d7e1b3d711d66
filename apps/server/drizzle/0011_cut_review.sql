ALTER TABLE "videos" ADD COLUMN "cut_analysis" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "cut_review" jsonb;
