CREATE TABLE "review_clock_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"track" text NOT NULL,
	"on" date NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_account_id" uuid,
	CONSTRAINT "review_clock_events_track_check" CHECK ("review_clock_events"."track" in ('DESIGN', 'SURVEY')),
	CONSTRAINT "review_clock_events_kind_check" CHECK ("review_clock_events"."kind" in ('START', 'PAUSE', 'RESUME', 'STOP'))
);
--> statement-breakpoint
CREATE TABLE "work_calendar_days" (
	"date" date PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "work_calendar_days_kind_check" CHECK ("work_calendar_days"."kind" in ('HOLIDAY', 'WORKDAY'))
);
--> statement-breakpoint
CREATE TABLE "work_calendar_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entered_by" uuid
);
--> statement-breakpoint
ALTER TABLE "review_clock_events" ADD CONSTRAINT "review_clock_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_clock_events" ADD CONSTRAINT "review_clock_events_by_account_id_accounts_id_fk" FOREIGN KEY ("by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_calendar_days" ADD CONSTRAINT "work_calendar_days_year_work_calendar_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."work_calendar_years"("year") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_calendar_years" ADD CONSTRAINT "work_calendar_years_entered_by_accounts_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_clock_events_project_idx" ON "review_clock_events" USING btree ("project_id","track","at");--> statement-breakpoint
CREATE INDEX "work_calendar_days_year_idx" ON "work_calendar_days" USING btree ("year");