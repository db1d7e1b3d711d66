CREATE TABLE "library_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "bump_library_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "library_versions" ("user_id", "version")
  VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END, 1)
  ON CONFLICT ("user_id") DO UPDATE SET "version" = "library_versions"."version" + 1;
  -- a video moved to another user changes both libraries
  IF TG_OP = 'UPDATE' AND OLD."user_id" IS DISTINCT FROM NEW."user_id" THEN
    INSERT INTO "library_versions" ("user_id", "version") VALUES (OLD."user_id", 1)
    ON CONFLICT ("user_id") DO UPDATE SET "version" = "library_versions"."version" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "videos_bump_library_version"
AFTER INSERT OR UPDATE OR DELETE ON "videos"
FOR EACH ROW EXECUTE FUNCTION "bump_library_version"();
