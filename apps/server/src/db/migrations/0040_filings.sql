CREATE TABLE "filings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"certificate_id" uuid NOT NULL,
	"censor_org_id" uuid NOT NULL,
	"region_code" text NOT NULL,
	"attempt" integer NOT NULL,
	"status" text NOT NULL,
	"input" jsonb NOT NULL,
	"national" jsonb NOT NULL,
	"due_on" date,
	"filed_at" timestamp with time zone NOT NULL,
	"filed_by" uuid NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"authority_org_id" uuid,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_censor_org_id_orgs_id_fk" FOREIGN KEY ("censor_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_filed_by_accounts_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_authority_org_id_orgs_id_fk" FOREIGN KEY ("authority_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "filings_project_attempt_idx" ON "filings" USING btree ("project_id","attempt");--> statement-breakpoint
CREATE INDEX "filings_status_region_idx" ON "filings" USING btree ("status","region_code","filed_at");