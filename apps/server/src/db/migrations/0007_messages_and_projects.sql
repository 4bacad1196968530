CREATE TABLE "project_code_counters" (
	"prefix" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_dics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"region_code" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_orgs" (
	"project_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "project_orgs_project_id_org_id_role_pk" PRIMARY KEY("project_id","org_id","role")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_dic_id" uuid,
	"code" text,
	"name" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"is_alter" boolean DEFAULT false NOT NULL,
	"construct_org_id" uuid NOT NULL,
	"region_code" text,
	"address" text,
	"land_use_permit_no" text,
	"planning_permit_no" text,
	"total_area" numeric(14, 2),
	"above_ground_area" numeric(14, 2),
	"below_ground_area" numeric(14, 2),
	"investment" numeric(14, 2),
	"project_type" text,
	"construct_type" text,
	"stage" text,
	"contact_name" text,
	"contact_phone" text,
	"submit_count" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"receiver_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_receiver_id_account_id_pk" PRIMARY KEY("receiver_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "message_receivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"account_id" uuid
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sender_org_id" uuid,
	"project_id" uuid,
	"target_id" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_dics" ADD CONSTRAINT "project_dics_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_orgs" ADD CONSTRAINT "project_orgs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_orgs" ADD CONSTRAINT "project_orgs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_project_dic_id_project_dics_id_fk" FOREIGN KEY ("project_dic_id") REFERENCES "public"."project_dics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_construct_org_id_orgs_id_fk" FOREIGN KEY ("construct_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_receiver_id_message_receivers_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."message_receivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_receivers" ADD CONSTRAINT "message_receivers_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_receivers" ADD CONSTRAINT "message_receivers_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_receivers" ADD CONSTRAINT "message_receivers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_dics_org_idx" ON "project_dics" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "project_orgs_org_idx" ON "project_orgs" USING btree ("org_id","project_id");--> statement-breakpoint
CREATE INDEX "projects_construct_idx" ON "projects" USING btree ("construct_org_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_region_idx" ON "projects" USING btree ("region_code","created_at");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "projects_dic_idx" ON "projects" USING btree ("project_dic_id");--> statement-breakpoint
CREATE INDEX "message_receivers_org_idx" ON "message_receivers" USING btree ("org_id","account_id");--> statement-breakpoint
CREATE INDEX "message_receivers_message_idx" ON "message_receivers" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "messages_sent_idx" ON "messages" USING btree ("sent_at");