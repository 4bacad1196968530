CREATE TABLE "project_list_counts" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "project_list_counts_scope_key_status_pk" PRIMARY KEY("scope","key","status")
);
--> statement-breakpoint
DROP INDEX "project_orgs_org_idx";--> statement-breakpoint
DROP INDEX "projects_construct_idx";--> statement-breakpoint
DROP INDEX "projects_region_idx";--> statement-breakpoint
DROP INDEX "projects_created_idx";--> statement-breakpoint
ALTER TABLE "project_dics" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (drp_search_grams(name)) STORED;--> statement-breakpoint
ALTER TABLE "project_orgs" ADD COLUMN "project_status" text DEFAULT 'DRAFT' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_orgs" ADD COLUMN "project_created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "region_city" text GENERATED ALWAYS AS (left(region_code, 4)) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "region_province" text GENERATED ALWAYS AS (left(region_code, 2)) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (drp_search_grams(name || ' ' || coalesce(code, ''))) STORED;--> statement-breakpoint
CREATE INDEX "project_dics_search_idx" ON "project_dics" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "project_orgs_list_idx" ON "project_orgs" USING btree ("org_id","role","project_created_at","project_id","project_status");--> statement-breakpoint
CREATE INDEX "projects_city_idx" ON "projects" USING btree ("region_city","created_at","id","status");--> statement-breakpoint
CREATE INDEX "projects_province_idx" ON "projects" USING btree ("region_province","created_at","id","status");--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "projects_construct_idx" ON "projects" USING btree ("construct_org_id","created_at","id","status");--> statement-breakpoint
CREATE INDEX "projects_region_idx" ON "projects" USING btree ("region_code","created_at","id","status");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at","id","status");