DROP INDEX "opinions_list_idx";--> statement-breakpoint
ALTER TABLE "opinions" ADD COLUMN "building_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "opinions" SET "building_name" = "buildings"."name" FROM "buildings" WHERE "buildings"."id" = "opinions"."building_id";--> statement-breakpoint
CREATE INDEX "opinions_list_idx" ON "opinions" USING btree ("version_id","censor_org_id","kind","mandatory" desc,"building_name","building_id","specialty","number");