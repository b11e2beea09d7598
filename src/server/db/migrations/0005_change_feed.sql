-- The change feed (src/server/db/change-feed.ts, docs/decisions.md "Cross-process invalidation"):
-- every committed change to what a server process keeps in memory (the teacher board, the session
-- cache) is announced on the channel lektorium_changes as '<application_name>|<kind>|<id>', kinds
-- t (teacher), s (student), u (user), g (settings). NOTIFY is transactional: delivered at commit,
-- never for a rolled-back change, and one per distinct payload per transaction. Triggers catch
-- every writer: a second server, an operator command, an operator's own psql session.
CREATE FUNCTION lektorium_notify(kind text, id text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('lektorium_changes', current_setting('application_name') || '|' || kind || '|' || coalesce(id, ''))
$$;
--> statement-breakpoint
-- Arguments: pairs of (kind, column): the row's column names the teacher or student to announce.
CREATE FUNCTION lektorium_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i int;
BEGIN
  FOR i IN 0 .. TG_NARGS / 2 - 1 LOOP
    IF TG_OP <> 'INSERT' THEN
      PERFORM lektorium_notify(TG_ARGV[2 * i], to_jsonb(OLD) ->> TG_ARGV[2 * i + 1]);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM lektorium_notify(TG_ARGV[2 * i], to_jsonb(NEW) ->> TG_ARGV[2 * i + 1]);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A user's row: session caches answer with it; a teacher's is also on the board.
CREATE FUNCTION lektorium_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed users%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM lektorium_notify('u', changed.id::text);
  IF changed.role = 'teacher' THEN
    PERFORM lektorium_notify('t', changed.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION lektorium_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lektorium_notify('g', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION lektorium_user_changed();
--> statement-breakpoint
-- A revoked session (sign-out, password change) must not be answered from another process's cache.
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION lektorium_row_changed('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER teacher_taught_languages_changed AFTER INSERT OR UPDATE OR DELETE ON teacher_taught_languages
  FOR EACH ROW EXECUTE FUNCTION lektorium_row_changed('t', 'teacher_id');
--> statement-breakpoint
CREATE TRIGGER teacher_teaching_languages_changed AFTER INSERT OR UPDATE OR DELETE ON teacher_teaching_languages
  FOR EACH ROW EXECUTE FUNCTION lektorium_row_changed('t', 'teacher_id');
--> statement-breakpoint
CREATE TRIGGER teacher_specializations_changed AFTER INSERT OR UPDATE OR DELETE ON teacher_specializations
  FOR EACH ROW EXECUTE FUNCTION lektorium_row_changed('t', 'teacher_id');
--> statement-breakpoint
CREATE TRIGGER teacher_students_changed AFTER INSERT OR UPDATE OR DELETE ON teacher_students
  FOR EACH ROW EXECUTE FUNCTION lektorium_row_changed('t', 'teacher_id');
--> statement-breakpoint
CREATE TRIGGER time_slots_changed AFTER INSERT OR UPDATE OR DELETE ON time_slots
  FOR EACH ROW EXECUTE FUNCTION lektorium_row_changed('t', 'teacher_id');
--> statement-breakpoint
CREATE TRIGGER lessons_changed AFTER INSERT OR UPDATE OR DELETE ON lessons
  FOR EACH ROW EXECUTE FUNCTION lektorium_row_changed('t', 'teacher_id', 's', 'student_id');
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH ROW EXECUTE FUNCTION lektorium_settings_changed();
