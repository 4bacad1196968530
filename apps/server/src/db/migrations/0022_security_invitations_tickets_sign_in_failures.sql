CREATE TABLE "member_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"username" text NOT NULL,
	"account_id" uuid,
	"admin" boolean DEFAULT false NOT NULL,
	"profiles" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_failures_username_ip_pk" PRIMARY KEY("username","ip")
);
--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "platform_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "doc_uploads" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_invited_by_accounts_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tickets" ADD CONSTRAINT "auth_tickets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_invitations_account_idx" ON "member_invitations" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "member_invitations_org_idx" ON "member_invitations" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "auth_tickets_account_idx" ON "auth_tickets" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_idx" ON "sign_in_failures" USING btree ("last_failed_at");--> statement-breakpoint
ALTER TABLE "doc_uploads" ADD CONSTRAINT "doc_uploads_file_id_doc_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."doc_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orgs_one_platform_operator_uq" ON "orgs" USING btree ("platform_operator") WHERE platform_operator;--> statement-breakpoint
-- The platform operator is the organisation whose people already keep the platform (information
-- service, system administration): of the CONTROL organisations holding those profiles, the one
-- that held them first. Every other organisation's platform-staff profiles were self-granted
-- (any CONTROL admin could grant them) and are taken away.
UPDATE "orgs" SET "platform_operator" = true WHERE "id" = (
  SELECT m."org_id" FROM "members" m
  JOIN "member_profiles" p ON p."member_id" = m."id"
  JOIN "orgs" o ON o."id" = m."org_id"
  WHERE o."org_type" = 'CONTROL' AND p."profile" IN ('INFORMATION_SERVICE', 'SYSTEM_ADMIN')
  ORDER BY o."created_at", m."created_at"
  LIMIT 1
);
--> statement-breakpoint
DELETE FROM "member_profiles" p USING "members" m, "orgs" o
  WHERE p."member_id" = m."id" AND o."id" = m."org_id"
    AND p."profile" IN ('INFORMATION_SERVICE', 'SYSTEM_ADMIN') AND NOT o."platform_operator";
