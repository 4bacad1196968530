CREATE TABLE "markup_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"markup_id" uuid NOT NULL,
	"text" text NOT NULL,
	"author_account_id" uuid NOT NULL,
	"author_org_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"kind" text NOT NULL,
	"points" jsonb NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"stamp" text,
	"color" text NOT NULL,
	"stroke_width" double precision NOT NULL,
	"calibration" jsonb,
	"layer" text DEFAULT 'OWN' NOT NULL,
	"author_account_id" uuid NOT NULL,
	"author_org_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "markup_replies" ADD CONSTRAINT "markup_replies_markup_id_markups_id_fk" FOREIGN KEY ("markup_id") REFERENCES "public"."markups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markup_replies" ADD CONSTRAINT "markup_replies_author_account_id_accounts_id_fk" FOREIGN KEY ("author_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markup_replies" ADD CONSTRAINT "markup_replies_author_org_id_orgs_id_fk" FOREIGN KEY ("author_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_file_id_doc_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."doc_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_version_id_doc_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."doc_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_author_account_id_accounts_id_fk" FOREIGN KEY ("author_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markups" ADD CONSTRAINT "markups_author_org_id_orgs_id_fk" FOREIGN KEY ("author_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "markup_replies_markup_idx" ON "markup_replies" USING btree ("markup_id","created_at");--> statement-breakpoint
CREATE INDEX "markups_file_idx" ON "markups" USING btree ("file_id");