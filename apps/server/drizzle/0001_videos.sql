CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"requested_tool" smallint DEFAULT 3 NOT NULL,
	"source" text NOT NULL,
	"source_url" text,
	"parent_video_id" uuid,
	"status" text NOT NULL,
	"percentage_completed" integer DEFAULT 0 NOT NULL,
	"error_message" text DEFAULT '' NOT NULL,
	"error_read" boolean DEFAULT false NOT NULL,
	"can_select_players" boolean DEFAULT false NOT NULL,
	"original_file_name" text DEFAULT '' NOT NULL,
	"source_key" text,
	"playable_key" text,
	"thumbnail_key" text,
	"size_bytes" bigint,
	"duration_sec" real,
	"width" integer,
	"height" integer,
	"video_codec" text,
	"audio_codec" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_user_created_idx" ON "videos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_status_idx" ON "videos" USING btree ("status");