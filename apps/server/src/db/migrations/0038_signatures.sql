CREATE TABLE "signing_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_key" text NOT NULL,
	"kind" text NOT NULL,
	"org_id" uuid,
	"account_id" uuid,
	"common_name" text NOT NULL,
	"serial" text NOT NULL,
	"certificate" text NOT NULL,
	"private_key" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_identities_owner_key_unique" UNIQUE("owner_key")
);
--> statement-breakpoint
CREATE TABLE "signing_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"censor_org_id" uuid NOT NULL,
	"document_kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"role" text NOT NULL,
	"step" integer NOT NULL,
	"slot" integer NOT NULL,
	"specialty" text,
	"specialty_name" text,
	"field_name" text NOT NULL,
	"signer_account_id" uuid,
	"signed_at" timestamp with time zone,
	"identity_id" uuid,
	"signed_sha256" text
);
--> statement-breakpoint
ALTER TABLE "signing_identities" ADD CONSTRAINT "signing_identities_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_identities" ADD CONSTRAINT "signing_identities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_tasks" ADD CONSTRAINT "signing_tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_tasks" ADD CONSTRAINT "signing_tasks_censor_org_id_orgs_id_fk" FOREIGN KEY ("censor_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_tasks" ADD CONSTRAINT "signing_tasks_signer_account_id_accounts_id_fk" FOREIGN KEY ("signer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_tasks" ADD CONSTRAINT "signing_tasks_identity_id_signing_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."signing_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signing_tasks_document_idx" ON "signing_tasks" USING btree ("document_id","step");--> statement-breakpoint
CREATE INDEX "signing_tasks_project_idx" ON "signing_tasks" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_tasks_field_idx" ON "signing_tasks" USING btree ("document_id","field_name");