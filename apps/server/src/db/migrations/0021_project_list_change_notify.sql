-- Every server process keeps the application lists it answered (modules/projects/
-- project-list-cache.ts). Whatever a list shows or whom it shows it to (an application, its
-- parties, an organisation's name or region) tells every process on this database to drop them,
-- whichever code or tool makes the change. Per statement: a bulk change sends one notification.
-- The list totals (project_list_counts) follow these tables through their own triggers.
CREATE FUNCTION notify_project_lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('drp_project_lists_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER projects_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION notify_project_lists_changed();
--> statement-breakpoint
CREATE TRIGGER project_orgs_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON project_orgs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_project_lists_changed();
--> statement-breakpoint
CREATE TRIGGER orgs_lists_changed AFTER UPDATE OF name, region_code OR DELETE ON orgs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_project_lists_changed();
