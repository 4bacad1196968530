CREATE TABLE "clause_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clause_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"text" text,
	"specialty" text NOT NULL,
	"mandatory" boolean NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "clauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"standard_id" uuid NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" text NOT NULL,
	"issued_on" date,
	"effective_on" date,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"withdrawn_on" date,
	"replaced_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clause_versions" ADD CONSTRAINT "clause_versions_clause_id_clauses_id_fk" FOREIGN KEY ("clause_id") REFERENCES "public"."clauses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clause_versions" ADD CONSTRAINT "clause_versions_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clauses" ADD CONSTRAINT "clauses_standard_id_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standards" ADD CONSTRAINT "standards_replaced_by_standards_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clause_versions_clause_version_idx" ON "clause_versions" USING btree ("clause_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "clause_versions_current_idx" ON "clause_versions" USING btree ("clause_id") WHERE "clause_versions"."current";--> statement-breakpoint
CREATE INDEX "clause_versions_specialty_idx" ON "clause_versions" USING btree ("specialty") WHERE "clause_versions"."current";--> statement-breakpoint
CREATE UNIQUE INDEX "clauses_standard_number_idx" ON "clauses" USING btree ("standard_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "standards_code_key_idx" ON "standards" USING btree ("code_key");