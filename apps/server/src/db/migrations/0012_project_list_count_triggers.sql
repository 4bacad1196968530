-- The project lists read a unit's applications in order from project_orgs and their totals from
-- project_list_counts (see the schema). Both are kept here, by triggers, whichever code changes an
-- application: the lists stay right when later steps of the review move the status on.
-- Count triggers are per statement with transition tables, so a bulk insert (seed:large) adds
-- one row per (scope, key, status) rather than one per application.

-- Party rows saved before this migration take their application's status and creation time.
UPDATE project_orgs po SET project_status = p.status, project_created_at = p.created_at
FROM projects p WHERE p.id = po.project_id;
--> statement-breakpoint
-- A new party row takes its application's status and creation time.
CREATE FUNCTION project_orgs_copy_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.status, p.created_at INTO NEW.project_status, NEW.project_created_at
  FROM projects p WHERE p.id = NEW.project_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_orgs_copy_project BEFORE INSERT ON project_orgs
  FOR EACH ROW EXECUTE FUNCTION project_orgs_copy_project();
--> statement-breakpoint
-- Applications: the construction unit's and the region's counts; a changed status or creation
-- time is copied to the party rows (whose own trigger then moves the parties' counts).
CREATE FUNCTION projects_list_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_list_counts AS c (scope, key, status, n)
    SELECT scope, key, status, count(*)::int FROM (
      SELECT 'construct' AS scope, construct_org_id::text AS key, status FROM new_rows
      UNION ALL SELECT 'region', coalesce(region_code, ''), status FROM new_rows
    ) AS d GROUP BY scope, key, status
    ON CONFLICT (scope, key, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO project_list_counts AS c (scope, key, status, n)
    SELECT scope, key, status, -count(*)::int FROM (
      SELECT 'construct' AS scope, construct_org_id::text AS key, status FROM old_rows
      UNION ALL SELECT 'region', coalesce(region_code, ''), status FROM old_rows
    ) AS d GROUP BY scope, key, status
    ON CONFLICT (scope, key, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    -- Only what moved: an edit that keeps unit, region and status touches no count row (and
    -- takes no lock on one).
    INSERT INTO project_list_counts AS c (scope, key, status, n)
    SELECT scope, key, status, sum(delta)::int FROM (
      SELECT 'construct' AS scope, construct_org_id::text AS key, status, -1 AS delta FROM old_rows
      UNION ALL SELECT 'region', coalesce(region_code, ''), status, -1 FROM old_rows
      UNION ALL SELECT 'construct', construct_org_id::text, status, 1 FROM new_rows
      UNION ALL SELECT 'region', coalesce(region_code, ''), status, 1 FROM new_rows
    ) AS d GROUP BY scope, key, status HAVING sum(delta) <> 0
    ON CONFLICT (scope, key, status) DO UPDATE SET n = c.n + excluded.n;
    UPDATE project_orgs po SET project_status = n.status, project_created_at = n.created_at
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE po.project_id = n.id
      AND (n.status IS DISTINCT FROM o.status OR n.created_at IS DISTINCT FROM o.created_at);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER projects_list_counts_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION projects_list_counts();
--> statement-breakpoint
CREATE TRIGGER projects_list_counts_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION projects_list_counts();
--> statement-breakpoint
CREATE TRIGGER projects_list_counts_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION projects_list_counts();
--> statement-breakpoint
-- Parties (the construction unit is counted from projects): design, survey and review units.
-- A deleted application's party rows go by cascade and carry their status with them.
CREATE FUNCTION project_orgs_list_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_list_counts AS c (scope, key, status, n)
    SELECT 'party', org_id::text || ':' || role, project_status, count(*)::int FROM new_rows
    WHERE role <> 'CONSTRUCT' GROUP BY org_id, role, project_status
    ON CONFLICT (scope, key, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO project_list_counts AS c (scope, key, status, n)
    SELECT 'party', org_id::text || ':' || role, project_status, -count(*)::int FROM old_rows
    WHERE role <> 'CONSTRUCT' GROUP BY org_id, role, project_status
    ON CONFLICT (scope, key, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO project_list_counts AS c (scope, key, status, n)
    SELECT 'party', key, status, sum(delta)::int FROM (
      SELECT org_id::text || ':' || role AS key, project_status AS status, -1 AS delta FROM old_rows
      WHERE role <> 'CONSTRUCT'
      UNION ALL SELECT org_id::text || ':' || role, project_status, 1 FROM new_rows
      WHERE role <> 'CONSTRUCT'
    ) AS d GROUP BY key, status HAVING sum(delta) <> 0
    ON CONFLICT (scope, key, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER project_orgs_list_counts_insert AFTER INSERT ON project_orgs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_orgs_list_counts();
--> statement-breakpoint
CREATE TRIGGER project_orgs_list_counts_update AFTER UPDATE ON project_orgs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_orgs_list_counts();
--> statement-breakpoint
CREATE TRIGGER project_orgs_list_counts_delete AFTER DELETE ON project_orgs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_orgs_list_counts();
--> statement-breakpoint
-- Applications saved before this migration are counted once, here.
INSERT INTO project_list_counts (scope, key, status, n)
SELECT 'construct', construct_org_id::text, status, count(*)::int FROM projects GROUP BY 2, 3
UNION ALL
SELECT 'region', coalesce(region_code, ''), status, count(*)::int FROM projects GROUP BY 2, 3
UNION ALL
SELECT 'party', org_id::text || ':' || role, project_status, count(*)::int FROM project_orgs
WHERE role <> 'CONSTRUCT' GROUP BY 2, 3;
