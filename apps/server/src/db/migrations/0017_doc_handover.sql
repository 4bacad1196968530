CREATE TABLE "doc_feedbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "doc_feedbacks_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version_id" uuid NOT NULL,
	"category" text NOT NULL,
	"folder_id" uuid,
	"folder_path" text,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"org_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_version_commits" (
	"version_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"category" text NOT NULL,
	"committed_by" uuid,
	"committed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doc_version_commits_version_id_org_id_category_pk" PRIMARY KEY("version_id","org_id","category")
);
--> statement-breakpoint
ALTER TABLE "doc_feedbacks" ADD CONSTRAINT "doc_feedbacks_version_id_doc_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."doc_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_feedbacks" ADD CONSTRAINT "doc_feedbacks_folder_id_doc_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."doc_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_feedbacks" ADD CONSTRAINT "doc_feedbacks_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_feedbacks" ADD CONSTRAINT "doc_feedbacks_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_version_commits" ADD CONSTRAINT "doc_version_commits_version_id_doc_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."doc_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_version_commits" ADD CONSTRAINT "doc_version_commits_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_version_commits" ADD CONSTRAINT "doc_version_commits_committed_by_accounts_id_fk" FOREIGN KEY ("committed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doc_feedbacks_version_idx" ON "doc_feedbacks" USING btree ("version_id","created_at");