CREATE TABLE "survey_infos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"stage" text NOT NULL,
	"importance_grade" text NOT NULL,
	"site_complexity" text NOT NULL,
	"ground_complexity" text NOT NULL,
	"survey_grade" text NOT NULL,
	"report_no" text NOT NULL,
	"report_date" date NOT NULL,
	"project_leader" text NOT NULL,
	"engineer_name" text NOT NULL,
	"engineer_cert_no" text NOT NULL,
	"exploration_points" integer NOT NULL,
	"total_drilling" numeric(10, 2) NOT NULL,
	"groundwater_depth" numeric(6, 2),
	"adverse_geology" text,
	"conclusion" text NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_alter_buildings" (
	"project_id" uuid NOT NULL,
	"source_building_id" uuid NOT NULL,
	"building_id" uuid,
	CONSTRAINT "project_alter_buildings_project_id_source_building_id_pk" PRIMARY KEY("project_id","source_building_id")
);
--> statement-breakpoint
CREATE TABLE "project_alters" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"categories" text[] NOT NULL,
	"content" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_docs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"model_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"remark" text,
	"uploaded_by_org_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_docs_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "survey_infos" ADD CONSTRAINT "survey_infos_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_infos" ADD CONSTRAINT "survey_infos_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_alter_buildings" ADD CONSTRAINT "project_alter_buildings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_alter_buildings" ADD CONSTRAINT "project_alter_buildings_source_building_id_buildings_id_fk" FOREIGN KEY ("source_building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_alter_buildings" ADD CONSTRAINT "project_alter_buildings_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_alters" ADD CONSTRAINT "project_alters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_docs" ADD CONSTRAINT "project_docs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_docs" ADD CONSTRAINT "project_docs_uploaded_by_org_id_orgs_id_fk" FOREIGN KEY ("uploaded_by_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_docs" ADD CONSTRAINT "project_docs_uploaded_by_accounts_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_infos_project_org_idx" ON "survey_infos" USING btree ("project_id","org_id");--> statement-breakpoint
CREATE INDEX "survey_infos_org_idx" ON "survey_infos" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "project_alter_buildings_source_idx" ON "project_alter_buildings" USING btree ("source_building_id");--> statement-breakpoint
CREATE INDEX "project_alter_buildings_building_idx" ON "project_alter_buildings" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "project_docs_project_idx" ON "project_docs" USING btree ("project_id","model_type","created_at");