CREATE TABLE "password_reset_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" uuid
);
--> statement-breakpoint
CREATE TABLE "sign_in_address_failures" (
	"ip" text PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_captchas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ip" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "specialties" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "registration_type" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "registration_no" text;--> statement-breakpoint
ALTER TABLE "org_applications" ADD COLUMN "qualification_type" text;--> statement-breakpoint
ALTER TABLE "org_applications" ADD COLUMN "qualification_valid_until" date;--> statement-breakpoint
ALTER TABLE "password_reset_requests" ADD CONSTRAINT "password_reset_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_requests" ADD CONSTRAINT "password_reset_requests_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_requests" ADD CONSTRAINT "password_reset_requests_settled_by_accounts_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_requests_open_uq" ON "password_reset_requests" USING btree ("account_id","org_id") WHERE settled_at is null;--> statement-breakpoint
CREATE INDEX "sign_in_captchas_expires_idx" ON "sign_in_captchas" USING btree ("expires_at");