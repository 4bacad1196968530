CREATE TABLE "building_design_infos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "building_design_infos_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"building_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"specialty" text NOT NULL,
	"chief_designer" text NOT NULL,
	"engineer_cert_no" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "building_feedbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"building_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"account_id" uuid,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "building_hazard_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "building_hazard_sources_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"building_id" uuid NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"beyond_scale" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "building_survey_infos" (
	"building_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"site_category" text NOT NULL,
	"foundation_type" text NOT NULL,
	"bearing_stratum" text NOT NULL,
	"groundwater_depth" numeric(6, 2),
	"liquefaction" text NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "building_survey_infos_building_id_org_id_pk" PRIMARY KEY("building_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "building_units" (
	"building_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "building_units_building_id_org_id_role_pk" PRIMARY KEY("building_id","org_id","role")
);
--> statement-breakpoint
CREATE TABLE "buildings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "buildings_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"use" text NOT NULL,
	"structure_type" text NOT NULL,
	"floors_above" integer NOT NULL,
	"floors_below" integer NOT NULL,
	"height" numeric(7, 2) NOT NULL,
	"floor_area" numeric(12, 2) NOT NULL,
	"seismic_intensity" text NOT NULL,
	"fire_resistance_rating" text NOT NULL,
	"climatic_region" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"created_by_org_id" uuid,
	"submitted_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "building_design_infos" ADD CONSTRAINT "building_design_infos_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_design_infos" ADD CONSTRAINT "building_design_infos_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_feedbacks" ADD CONSTRAINT "building_feedbacks_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_feedbacks" ADD CONSTRAINT "building_feedbacks_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_feedbacks" ADD CONSTRAINT "building_feedbacks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_hazard_sources" ADD CONSTRAINT "building_hazard_sources_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_survey_infos" ADD CONSTRAINT "building_survey_infos_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_survey_infos" ADD CONSTRAINT "building_survey_infos_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_units" ADD CONSTRAINT "building_units_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_units" ADD CONSTRAINT "building_units_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_created_by_org_id_orgs_id_fk" FOREIGN KEY ("created_by_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "building_design_infos_unit_specialty_idx" ON "building_design_infos" USING btree ("building_id","org_id","specialty");--> statement-breakpoint
CREATE INDEX "building_feedbacks_building_idx" ON "building_feedbacks" USING btree ("building_id","created_at");--> statement-breakpoint
CREATE INDEX "building_hazard_sources_building_idx" ON "building_hazard_sources" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "building_units_org_idx" ON "building_units" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_project_name_idx" ON "buildings" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "buildings_project_status_idx" ON "buildings" USING btree ("project_id","status");