CREATE TABLE "opinion_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"censor_org_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"report_no" text NOT NULL,
	"status" text NOT NULL,
	"conclusion" text NOT NULL,
	"opinion_count" integer NOT NULL,
	"mandatory_count" integer NOT NULL,
	"content" jsonb NOT NULL,
	"build" integer DEFAULT 1 NOT NULL,
	"file_key" text,
	"file_size" integer,
	"file_pages" integer,
	"file_sha256" text,
	"failure" text,
	"compiled_at" timestamp with time zone NOT NULL,
	"compiled_by" uuid NOT NULL,
	"forwarded_at" timestamp with time zone,
	"forwarded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opinion_reports" ADD CONSTRAINT "opinion_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_reports" ADD CONSTRAINT "opinion_reports_version_id_doc_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."doc_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_reports" ADD CONSTRAINT "opinion_reports_censor_org_id_orgs_id_fk" FOREIGN KEY ("censor_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_reports" ADD CONSTRAINT "opinion_reports_compiled_by_accounts_id_fk" FOREIGN KEY ("compiled_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_reports" ADD CONSTRAINT "opinion_reports_forwarded_by_accounts_id_fk" FOREIGN KEY ("forwarded_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opinion_reports_version_org_idx" ON "opinion_reports" USING btree ("version_id","censor_org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opinion_reports_no_idx" ON "opinion_reports" USING btree ("report_no");--> statement-breakpoint
CREATE INDEX "opinion_reports_project_idx" ON "opinion_reports" USING btree ("project_id","round");