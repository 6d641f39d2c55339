-- Every app server keeps read caches; every write to a table they read from
-- tells all of them, through PostgreSQL's LISTEN/NOTIFY (channel
-- senda_changes), which rows changed. Triggers do it, so no write can forget:
-- not a service, not the CLI, not a seed, not a manual SQL session.
-- Payload: {"table": "lessons", "keys": {"id": [..], "course_id": [..]}}, the
-- distinct values of the key columns over the old and new rows of the
-- statement; without "keys" (TRUNCATE, or too many rows to name), the whole table.
CREATE OR REPLACE FUNCTION senda_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys jsonb := '{}'::jsonb;
  key_column text;
  key_values jsonb;
  source text;
  payload text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('senda_changes', jsonb_build_object('table', TG_TABLE_NAME)::text);
    RETURN NULL;
  END IF;
  source := CASE TG_OP
    WHEN 'INSERT' THEN 'select * from new_rows'
    WHEN 'DELETE' THEN 'select * from old_rows'
    ELSE 'select * from new_rows union all select * from old_rows'
  END;
  FOREACH key_column IN ARRAY TG_ARGV LOOP
    EXECUTE format('select coalesce(jsonb_agg(distinct %I), ''[]'') from (%s) changed', key_column, source) INTO key_values;
    -- A statement that changed no row changed nothing.
    IF key_values = '[]'::jsonb THEN RETURN NULL; END IF;
    keys := keys || jsonb_build_object(key_column, key_values);
  END LOOP;
  payload := jsonb_build_object('table', TG_TABLE_NAME, 'keys', keys)::text;
  -- NOTIFY payloads stop at 8000 bytes: a statement touching that many rows names the table only.
  IF octet_length(payload) > 7900 THEN payload := jsonb_build_object('table', TG_TABLE_NAME)::text; END IF;
  PERFORM pg_notify('senda_changes', payload);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Watches a table: its inserts, updates, deletes and truncates notify senda_changes with these key columns.
CREATE OR REPLACE FUNCTION senda_watch_table(target regclass, VARIADIC key_columns text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  base text := replace(target::text, '"', '');
  args text;
BEGIN
  SELECT string_agg(quote_literal(key_column), ', ') INTO args FROM unnest(key_columns) AS key_column;
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION senda_notify_change(%s)', base || '_notify_insert', target, args);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION senda_notify_change(%s)', base || '_notify_update', target, args);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION senda_notify_change(%s)', base || '_notify_delete', target, args);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION senda_notify_change()', base || '_notify_truncate', target);
END $$;
--> statement-breakpoint
SELECT senda_watch_table('organizations', 'id');--> statement-breakpoint
SELECT senda_watch_table('learning_paths', 'id', 'organization_id');--> statement-breakpoint
SELECT senda_watch_table('cohorts', 'id', 'learning_path_id', 'program_id');--> statement-breakpoint
SELECT senda_watch_table('cohort_levels', 'id', 'cohort_id');--> statement-breakpoint
SELECT senda_watch_table('cohort_courses', 'cohort_id', 'course_id');--> statement-breakpoint
SELECT senda_watch_table('memberships', 'user_id', 'cohort_id');--> statement-breakpoint
SELECT senda_watch_table('programs', 'id');--> statement-breakpoint
SELECT senda_watch_table('courses', 'id', 'program_id');--> statement-breakpoint
SELECT senda_watch_table('lessons', 'id', 'course_id');--> statement-breakpoint
SELECT senda_watch_table('lesson_attachments', 'id', 'lesson_id');--> statement-breakpoint
SELECT senda_watch_table('lesson_history', 'user_id', 'lesson_id');--> statement-breakpoint
SELECT senda_watch_table('assignments', 'id', 'course_id');--> statement-breakpoint
SELECT senda_watch_table('banners', 'id', 'cohort_id');--> statement-breakpoint
SELECT senda_watch_table('news', 'id', 'cohort_id');--> statement-breakpoint
SELECT senda_watch_table('settings', 'key');--> statement-breakpoint
SELECT senda_watch_table('users', 'id');
