-- Every server process keeps what a bearer token resolved to (modules/auth/session-cache.ts).
-- Whatever changes who may do what (a session revoked or deleted; an account's name, password,
-- flags or deletion; a membership, its profiles; an organisation) tells every process on this
-- database to forget those answers, whichever code or tool makes the change.
-- Per statement: a bulk change sends one notification. Sign-in bookkeeping (failed attempts, the
-- lock) and last-seen touches change nothing cached and send none.
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('drp_auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_auth_changed AFTER UPDATE OF revoked_at, expires_at, account_id OR DELETE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_auth_changed AFTER UPDATE OF username, name, avatar, phone, password_hash, password_changed_at, password_must_change, system_admin, enabled OR DELETE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER members_auth_changed AFTER INSERT OR UPDATE OR DELETE ON members
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER member_profiles_auth_changed AFTER INSERT OR UPDATE OR DELETE ON member_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER orgs_auth_changed AFTER UPDATE OR DELETE ON orgs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
