CREATE TABLE "opinion_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opinion_id" uuid NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_account_id" uuid,
	"previous_text" text,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "opinion_phrases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"owner_account_id" uuid,
	"specialty" text,
	"text" text NOT NULL,
	"clause_version_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opinions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"mission_id" uuid NOT NULL,
	"censor_org_id" uuid NOT NULL,
	"building_id" uuid NOT NULL,
	"specialty" text NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"opinion_type" text NOT NULL,
	"energy_key" text,
	"clause_version_id" uuid,
	"mandatory" boolean DEFAULT false NOT NULL,
	"text" text NOT NULL,
	"file_id" uuid,
	"page" integer,
	"markup_id" uuid,
	"status" text NOT NULL,
	"return_reason" text,
	"reviewer_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opinion_events" ADD CONSTRAINT "opinion_events_opinion_id_opinions_id_fk" FOREIGN KEY ("opinion_id") REFERENCES "public"."opinions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_events" ADD CONSTRAINT "opinion_events_by_account_id_accounts_id_fk" FOREIGN KEY ("by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_phrases" ADD CONSTRAINT "opinion_phrases_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_phrases" ADD CONSTRAINT "opinion_phrases_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_phrases" ADD CONSTRAINT "opinion_phrases_clause_version_id_clause_versions_id_fk" FOREIGN KEY ("clause_version_id") REFERENCES "public"."clause_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_version_id_doc_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."doc_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_censor_org_id_orgs_id_fk" FOREIGN KEY ("censor_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_clause_version_id_clause_versions_id_fk" FOREIGN KEY ("clause_version_id") REFERENCES "public"."clause_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_file_id_doc_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."doc_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_markup_id_markups_id_fk" FOREIGN KEY ("markup_id") REFERENCES "public"."markups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_reviewer_account_id_accounts_id_fk" FOREIGN KEY ("reviewer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opinion_events_opinion_idx" ON "opinion_events" USING btree ("opinion_id","at");--> statement-breakpoint
CREATE INDEX "opinion_phrases_org_owner_idx" ON "opinion_phrases" USING btree ("org_id","owner_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opinions_mission_number_idx" ON "opinions" USING btree ("mission_id","number");--> statement-breakpoint
CREATE INDEX "opinions_list_idx" ON "opinions" USING btree ("version_id","censor_org_id","kind","mandatory" desc,"building_id","specialty","number");