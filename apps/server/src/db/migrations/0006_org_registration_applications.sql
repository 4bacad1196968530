CREATE TABLE "org_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"org_type" text NOT NULL,
	"name" text NOT NULL,
	"credit_code" text NOT NULL,
	"region_code" text NOT NULL,
	"address" text NOT NULL,
	"legal_representative" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"qualification_no" text,
	"qualification_grade" text,
	"licence_upload_id" uuid NOT NULL,
	"admin_username" text NOT NULL,
	"admin_name" text NOT NULL,
	"admin_phone" text NOT NULL,
	"admin_password_hash" text NOT NULL,
	"reject_reason" text,
	"org_id" uuid,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "org_applications" ADD CONSTRAINT "org_applications_licence_upload_id_uploads_id_fk" FOREIGN KEY ("licence_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "org_applications_status_idx" ON "org_applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "org_applications_username_idx" ON "org_applications" USING btree ("admin_username");--> statement-breakpoint
CREATE INDEX "org_applications_credit_code_idx" ON "org_applications" USING btree ("credit_code");