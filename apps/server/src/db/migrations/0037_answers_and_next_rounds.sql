CREATE TABLE "opinion_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opinion_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"file_id" uuid,
	"names_sheet" boolean DEFAULT false NOT NULL,
	"page" integer,
	"region" jsonb,
	"answered_by" uuid NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "opinion_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opinion_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"mission_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"by_account_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"issued" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doc_files" DROP CONSTRAINT "doc_files_storage_key_unique";--> statement-breakpoint
ALTER TABLE "opinions" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "opinions" ADD COLUMN "answer_org_id" uuid;--> statement-breakpoint
ALTER TABLE "opinion_answers" ADD CONSTRAINT "opinion_answers_opinion_id_opinions_id_fk" FOREIGN KEY ("opinion_id") REFERENCES "public"."opinions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_answers" ADD CONSTRAINT "opinion_answers_version_id_doc_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."doc_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_answers" ADD CONSTRAINT "opinion_answers_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_answers" ADD CONSTRAINT "opinion_answers_file_id_doc_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."doc_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_answers" ADD CONSTRAINT "opinion_answers_answered_by_accounts_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_decisions" ADD CONSTRAINT "opinion_decisions_opinion_id_opinions_id_fk" FOREIGN KEY ("opinion_id") REFERENCES "public"."opinions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_decisions" ADD CONSTRAINT "opinion_decisions_version_id_doc_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."doc_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_decisions" ADD CONSTRAINT "opinion_decisions_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_decisions" ADD CONSTRAINT "opinion_decisions_by_account_id_accounts_id_fk" FOREIGN KEY ("by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opinion_answers_opinion_version_idx" ON "opinion_answers" USING btree ("opinion_id","version_id");--> statement-breakpoint
CREATE INDEX "opinion_answers_version_idx" ON "opinion_answers" USING btree ("version_id","org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opinion_decisions_opinion_version_idx" ON "opinion_decisions" USING btree ("opinion_id","version_id");--> statement-breakpoint
CREATE INDEX "opinion_decisions_mission_idx" ON "opinion_decisions" USING btree ("mission_id") WHERE not "opinion_decisions"."issued";--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_answer_org_id_orgs_id_fk" FOREIGN KEY ("answer_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doc_files_storage_key_idx" ON "doc_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "opinions_issued_idx" ON "opinions" USING btree ("project_id","state") WHERE "opinions"."state" is not null;