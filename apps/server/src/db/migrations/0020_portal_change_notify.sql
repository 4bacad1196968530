-- Every server process keeps the public portal's finished answers (modules/portal/portal-cache.ts).
-- Any change to what the public reads tells every process on this database to drop them,
-- whichever code or tool makes the change. Per statement: a bulk change sends one notification.
CREATE FUNCTION notify_portal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('drp_portal_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER portal_articles_changed AFTER INSERT OR UPDATE OR DELETE ON portal_articles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_portal_changed();
--> statement-breakpoint
CREATE TRIGGER portal_files_changed AFTER INSERT OR UPDATE OR DELETE ON portal_files
  FOR EACH STATEMENT EXECUTE FUNCTION notify_portal_changed();
--> statement-breakpoint
CREATE TRIGGER credit_entries_changed AFTER INSERT OR UPDATE OR DELETE ON credit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION notify_portal_changed();
--> statement-breakpoint
CREATE TRIGGER portal_links_changed AFTER INSERT OR UPDATE OR DELETE ON portal_links
  FOR EACH STATEMENT EXECUTE FUNCTION notify_portal_changed();
--> statement-breakpoint
CREATE TRIGGER portal_settings_changed AFTER INSERT OR UPDATE OR DELETE ON portal_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_portal_changed();
--> statement-breakpoint
CREATE TRIGGER forum_topics_changed AFTER INSERT OR UPDATE OR DELETE ON forum_topics
  FOR EACH STATEMENT EXECUTE FUNCTION notify_portal_changed();
--> statement-breakpoint
CREATE TRIGGER forum_replies_changed AFTER INSERT OR UPDATE OR DELETE ON forum_replies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_portal_changed();
