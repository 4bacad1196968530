CREATE TABLE "bad_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'RECORDED' NOT NULL,
	"org_id" uuid NOT NULL,
	"member_id" uuid,
	"person_name" text,
	"description" text NOT NULL,
	"region" jsonb,
	"region_file_id" uuid,
	"evidence_key" text,
	"evidence_name" text,
	"evidence_type" text,
	"evidence_size" integer,
	"recorded_by_org_id" uuid NOT NULL,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"decided_by_org_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"withdrawn_at" timestamp with time zone,
	"credit_entry_id" uuid
);
--> statement-breakpoint
ALTER TABLE "bad_actions" ADD CONSTRAINT "bad_actions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bad_actions" ADD CONSTRAINT "bad_actions_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bad_actions" ADD CONSTRAINT "bad_actions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bad_actions" ADD CONSTRAINT "bad_actions_region_file_id_doc_files_id_fk" FOREIGN KEY ("region_file_id") REFERENCES "public"."doc_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bad_actions" ADD CONSTRAINT "bad_actions_recorded_by_org_id_orgs_id_fk" FOREIGN KEY ("recorded_by_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bad_actions" ADD CONSTRAINT "bad_actions_recorded_by_accounts_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bad_actions" ADD CONSTRAINT "bad_actions_decided_by_org_id_orgs_id_fk" FOREIGN KEY ("decided_by_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bad_actions" ADD CONSTRAINT "bad_actions_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bad_actions" ADD CONSTRAINT "bad_actions_credit_entry_id_credit_entries_id_fk" FOREIGN KEY ("credit_entry_id") REFERENCES "public"."credit_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bad_actions_project_idx" ON "bad_actions" USING btree ("project_id","recorded_at");