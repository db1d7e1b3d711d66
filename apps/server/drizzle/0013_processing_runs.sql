ALTER TABLE "processing_jobs" RENAME TO "processing_runs";--> statement-breakpoint
ALTER TABLE "processing_runs" RENAME CONSTRAINT "processing_jobs_pkey" TO "processing_runs_pkey";--> statement-breakpoint
ALTER TABLE "processing_runs" RENAME CONSTRAINT "processing_jobs_entry_video_id_unique" TO "processing_runs_entry_video_id_unique";--> statement-breakpoint
ALTER TABLE "processing_runs" RENAME CONSTRAINT "processing_jobs_user_id_users_id_fk" TO "processing_runs_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "processing_runs" RENAME CONSTRAINT "processing_jobs_entry_video_id_videos_id_fk" TO "processing_runs_entry_video_id_videos_id_fk";--> statement-breakpoint
ALTER INDEX "processing_jobs_user_state_idx" RENAME TO "processing_runs_user_state_idx";
