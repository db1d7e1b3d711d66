-- A video's tools become a set of tool ids; the spec's VideoType is computed at the API edge.
ALTER TABLE "videos" ADD COLUMN "tools" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "videos" SET "tools" = CASE "type"
	WHEN 2 THEN ARRAY['inactivity']::text[]
	WHEN 3 THEN ARRAY['tracking']::text[]
	WHEN 4 THEN ARRAY['inactivity', 'tracking']::text[]
	ELSE '{}'::text[]
END;--> statement-breakpoint
ALTER TABLE "videos" DROP COLUMN "type";--> statement-breakpoint
-- The requested tool was an UploadKind (1 Inactivity, 2 PlayerTracking, 3 VideoLibrary): now a tool id, null for the library.
ALTER TABLE "videos" ALTER COLUMN "requested_tool" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "requested_tool" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ALTER COLUMN "requested_tool" SET DATA TYPE text USING (CASE "requested_tool"
	WHEN 1 THEN 'inactivity'
	WHEN 2 THEN 'tracking'
	ELSE NULL
END);
