CREATE TABLE "drawing_set_sheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"set_id" uuid NOT NULL,
	"doc_file_id" uuid,
	"sort_order" integer NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"specialty_name" text,
	"source_key" text NOT NULL,
	"file_key" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_sha256" text NOT NULL,
	"applied" uuid[] DEFAULT '{}' NOT NULL,
	"failure" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drawing_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"censor_org_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"status" text NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"compiled_at" timestamp with time zone NOT NULL,
	"compiled_by" uuid NOT NULL,
	"sealed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drawing_set_sheets" ADD CONSTRAINT "drawing_set_sheets_set_id_drawing_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."drawing_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawing_set_sheets" ADD CONSTRAINT "drawing_set_sheets_doc_file_id_doc_files_id_fk" FOREIGN KEY ("doc_file_id") REFERENCES "public"."doc_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawing_sets" ADD CONSTRAINT "drawing_sets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawing_sets" ADD CONSTRAINT "drawing_sets_censor_org_id_orgs_id_fk" FOREIGN KEY ("censor_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawing_sets" ADD CONSTRAINT "drawing_sets_version_id_doc_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."doc_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawing_sets" ADD CONSTRAINT "drawing_sets_compiled_by_accounts_id_fk" FOREIGN KEY ("compiled_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawing_set_sheets_set_idx" ON "drawing_set_sheets" USING btree ("set_id","sort_order");--> statement-breakpoint
CREATE INDEX "drawing_set_sheets_sha256_idx" ON "drawing_set_sheets" USING btree ("file_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "drawing_sets_project_org_idx" ON "drawing_sets" USING btree ("project_id","censor_org_id");