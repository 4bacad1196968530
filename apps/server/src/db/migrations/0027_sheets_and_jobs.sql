CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_after" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_kind_key_key" UNIQUE("kind","key")
);
--> statement-breakpoint
CREATE TABLE "doc_sheets" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"failure" text,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"layers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scripts" boolean DEFAULT false NOT NULL,
	"sha256" text NOT NULL,
	"prepared_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doc_sheets" ADD CONSTRAINT "doc_sheets_file_id_doc_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."doc_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("state","run_after");--> statement-breakpoint
CREATE INDEX "doc_sheets_sha256_idx" ON "doc_sheets" USING btree ("sha256");--> statement-breakpoint
-- Every PDF of the document repository gets its sheet prepared (modules/sheets), whichever path
-- saved it (multipart, tus, the seed, a script): a PENDING sheet and one job per file, queued in
-- the transaction that adds the file, and the workers woken at commit.
CREATE FUNCTION is_sheet_file(content_type text, name text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT split_part(lower(content_type), ';', 1) IN ('application/pdf', 'application/x-pdf')
    OR lower(name) LIKE '%.pdf'
$$;
--> statement-breakpoint
CREATE FUNCTION queue_doc_sheet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF is_sheet_file(NEW.content_type, NEW.name) THEN
    INSERT INTO doc_sheets (file_id, sha256) VALUES (NEW.id, NEW.sha256) ON CONFLICT DO NOTHING;
    INSERT INTO jobs (kind, key, payload)
      VALUES ('sheet.prepare', NEW.id::text, jsonb_build_object('fileId', NEW.id))
      ON CONFLICT DO NOTHING;
    PERFORM pg_notify('drp_jobs', 'sheet.prepare');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER doc_files_queue_sheet AFTER INSERT ON doc_files
  FOR EACH ROW EXECUTE FUNCTION queue_doc_sheet();
--> statement-breakpoint
-- The files already stored.
INSERT INTO doc_sheets (file_id, sha256)
  SELECT id, sha256 FROM doc_files WHERE is_sheet_file(content_type, name)
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO jobs (kind, key, payload)
  SELECT 'sheet.prepare', id::text, jsonb_build_object('fileId', id)
  FROM doc_files WHERE is_sheet_file(content_type, name)
  ON CONFLICT DO NOTHING;
