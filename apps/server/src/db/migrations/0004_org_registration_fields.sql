ALTER TABLE "orgs" ADD COLUMN "region_code" text;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "legal_representative" text;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "qualification_no" text;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "qualification_grade" text;