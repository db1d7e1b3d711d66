CREATE TABLE "pending_uploads" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"declared_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_uploads" ADD CONSTRAINT "pending_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "pending_uploads_user_idx" ON "pending_uploads" USING btree ("user_id");
