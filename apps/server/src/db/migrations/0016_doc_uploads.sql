CREATE TABLE "doc_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"project_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"folder_id" uuid,
	"org_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"file_name" text,
	"size" bigint,
	"sha256" text,
	"content_type" text,
	"storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	CONSTRAINT "doc_uploads_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "doc_uploads" ADD CONSTRAINT "doc_uploads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_uploads" ADD CONSTRAINT "doc_uploads_version_id_doc_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."doc_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_uploads" ADD CONSTRAINT "doc_uploads_folder_id_doc_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."doc_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_uploads" ADD CONSTRAINT "doc_uploads_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_uploads" ADD CONSTRAINT "doc_uploads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doc_uploads_expires_idx" ON "doc_uploads" USING btree ("status","expires_at");