CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"censor_org_id" uuid NOT NULL,
	"certificate_no" text NOT NULL,
	"status" text NOT NULL,
	"content" jsonb NOT NULL,
	"build" integer DEFAULT 1 NOT NULL,
	"file_key" text,
	"file_size" integer,
	"file_pages" integer,
	"file_sha256" text,
	"failure" text,
	"compiled_at" timestamp with time zone NOT NULL,
	"compiled_by" uuid NOT NULL,
	"issued_at" timestamp with time zone,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_censor_org_id_orgs_id_fk" FOREIGN KEY ("censor_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_compiled_by_accounts_id_fk" FOREIGN KEY ("compiled_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_accounts_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_project_org_idx" ON "certificates" USING btree ("project_id","censor_org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_no_idx" ON "certificates" USING btree ("certificate_no");--> statement-breakpoint
CREATE INDEX "certificates_sha256_idx" ON "certificates" USING btree ("file_sha256");