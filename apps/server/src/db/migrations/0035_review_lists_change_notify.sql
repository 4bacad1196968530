-- Every server process keeps the opinion lists and mission grids it answered
-- (modules/missions/review-list-cache.ts). Whatever those answers show, or whom they are shown to,
-- tells every process on this database to drop them, whichever code or tool makes the change:
-- the opinions and missions themselves, the application and its parties, the buildings and the
-- survey that decide the grid's cells, the round's documents, the clause library the opinions
-- cite, the people named and their specialties, and the calendar and clock the due days come
-- from. Per statement: a bulk change sends one notification.
CREATE FUNCTION notify_review_lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('drp_review_lists_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER opinions_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON opinions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER missions_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON missions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER mission_assignments_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mission_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER projects_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER project_orgs_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON project_orgs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER buildings_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON buildings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER building_units_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON building_units
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER building_survey_infos_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON building_survey_infos
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER survey_infos_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON survey_infos
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER doc_versions_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON doc_versions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER doc_folders_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON doc_folders
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER doc_files_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON doc_files
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER standards_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON standards
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER clauses_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clauses
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER clause_versions_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clause_versions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER members_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON members
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER member_profiles_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER work_calendar_days_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_calendar_days
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER work_calendar_years_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_calendar_years
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER review_clock_events_review_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON review_clock_events
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
-- A sign-in writes to accounts too; only a name or an account turned off changes what is shown.
CREATE TRIGGER accounts_review_lists_changed AFTER UPDATE OF name, enabled OR DELETE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
--> statement-breakpoint
CREATE TRIGGER orgs_review_lists_changed AFTER UPDATE OF name, region_code OR DELETE ON orgs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_review_lists_changed();
