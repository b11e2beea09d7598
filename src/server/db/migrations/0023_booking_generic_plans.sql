-- The booking function's time in PostgreSQL, measured with pg_stat_statements
-- (docs/decisions.md "A booking's plans: generic"). Called alone from one client it took
-- 1.5–2.3 ms, of which its statements ran for 0.6 ms; the rest was planning. Its statements take
-- their arguments as parameters, and PostgreSQL's plan cache kept planning them afresh on every
-- call, because a generic plan's estimate never beat a custom one's. Every statement here finds its
-- rows through a key or an index whatever the values, so the generic plan is the custom plan,
-- without the planning: 0.9–1.0 ms a call, and pgbench at 50 clients +55 %.
ALTER FUNCTION lektorium_book_lessons(
  uuid, uuid, integer, integer, uuid[], timestamptz, date, date, date, integer, integer, text, text, text
) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
-- The change feed's row trigger (0005) turned the row into JSON for each of its (kind, column)
-- pairs, only for lektorium_notify to drop the announcement when the writer announces after its
-- commit (lektorium.notify_after_commit, the booking function): 0.14 ms of every booking. It now
-- asks first, and turns a row into JSON once.
CREATE OR REPLACE FUNCTION lektorium_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i int;
  old_row jsonb;
  new_row jsonb;
BEGIN
  IF current_setting('lektorium.notify_after_commit', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  FOR i IN 0 .. TG_NARGS / 2 - 1 LOOP
    IF old_row IS NOT NULL THEN
      PERFORM lektorium_notify(TG_ARGV[2 * i], old_row ->> TG_ARGV[2 * i + 1]);
    END IF;
    IF new_row IS NOT NULL THEN
      PERFORM lektorium_notify(TG_ARGV[2 * i], new_row ->> TG_ARGV[2 * i + 1]);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
