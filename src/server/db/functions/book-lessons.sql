-- A booking (POST /lessons/create, modules/lessons/book-lessons.ts) in one round trip: one call
-- takes the locks (the student's row, the teacher's, then the slots, in time order), applies every
-- rule of product-rules.md "Booking" that needs the database in the order the web's messages
-- expect, inserts the lessons and stores the idempotent answer, in the statement's own transaction.
--
-- Dates are Poland calendar dates (product-rules.md "Time zone"). What needs no database comes in
-- as arguments, computed by the caller from its clock: the schedule range, today's Poland date.
-- Returns {"status", "body", "replayed"} for an answer, or {"error": code, "slots"?: [ids],
-- "limit"?, "banned_until"?} for a refusal; a refusal writes nothing.
--
-- This file is the function's definition, applied after the migrations at every start
-- (docs/decisions.md "SQL functions: one live source"). The rules the screens repeat (grace
-- period, 45 minutes, limit, same day, allowed students) are held to domain/schedule/slot-rules.ts
-- by modules/lessons/booking-parity.integration.test.ts. Its statements find their rows through a
-- key or an index whatever the values, so they run on generic plans, planned once per connection
-- (docs/decisions.md "A booking's plans: generic").
CREATE OR REPLACE FUNCTION lektorium_book_lessons(
  p_student uuid,
  p_teacher uuid,
  p_language integer,
  p_level integer,
  p_slots uuid[],
  p_now timestamptz,
  p_today date,
  p_range_from date,
  p_range_to date,
  p_default_grace_hours integer,
  p_match_minutes integer,
  p_key text,
  p_scope text,
  p_hash text
) RETURNS jsonb LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  student record;
  teacher record;
  stored record;
  grace integer;
  refused uuid[];
  their_starts timestamptz[];
  their_ends timestamptz[];
  booked integer;
  answer jsonb;
BEGIN
  -- The lessons' change is announced by the caller after the commit: commits never queue on
  -- NOTIFY's lock (lektorium_notify reads this setting).
  PERFORM set_config('lektorium.notify_after_commit', 'on', true);

  -- The student first: every booking of theirs, and every retry with one key, queues here.
  SELECT u.role, u.human_access, u.banned_until, u.active_until, u.scheduled_lessons_limit,
         u.only_group_lessons, u.registration_completed
    INTO student FROM users u WHERE u.id = p_student FOR UPDATE;
  IF NOT FOUND OR student.role <> 'student' THEN
    RETURN jsonb_build_object('error', 'forbidden');
  END IF;

  -- A key seen before answers what it answered then (architecture.md "API"), whatever changed since.
  IF p_key IS NOT NULL THEN
    SELECT k.scope, k.request_hash, k.status_code, k.response INTO stored
      FROM idempotency_keys k WHERE k.user_id = p_student AND k.key = p_key;
    IF FOUND THEN
      IF stored.scope <> p_scope OR stored.request_hash <> p_hash THEN
        RETURN jsonb_build_object('error', 'idempotency_key_reused');
      END IF;
      RETURN jsonb_build_object('status', stored.status_code, 'body', stored.response, 'replayed', true);
    END IF;
  END IF;

  -- product-rules.md "Booking": who may book at all; "Navigation guard": a student whose
  -- registration is not complete, or who may take group lessons only, never reaches the one-to-one
  -- booking.
  IF NOT student.registration_completed THEN
    RETURN jsonb_build_object('error', 'registration_incomplete');
  END IF;
  IF student.only_group_lessons THEN
    RETURN jsonb_build_object('error', 'group_lessons_only');
  END IF;
  IF NOT student.human_access THEN
    RETURN jsonb_build_object('error', 'human_access_required');
  END IF;
  IF student.banned_until IS NOT NULL AND student.banned_until > p_now THEN
    RETURN jsonb_build_object('error', 'account_banned', 'banned_until', student.banned_until);
  END IF;
  IF student.active_until IS NOT NULL AND student.active_until < p_today THEN
    RETURN jsonb_build_object('error', 'account_expired');
  END IF;

  -- The teacher second (a timetable update takes this lock too, so the two serialise).
  SELECT u.role, u.status, u.not_accepting_new_students, u.monthly_lesson_cap
    INTO teacher FROM users u WHERE u.id = p_teacher FOR UPDATE;
  IF NOT FOUND OR teacher.role <> 'teacher' OR teacher.status <> 'active' THEN
    RETURN jsonb_build_object('error', 'not_found');
  END IF;
  -- product-rules.md "Validation": the language at a level of rank at least the requested one.
  IF NOT EXISTS (
    SELECT 1 FROM teacher_taught_languages tl
      JOIN levels l ON l.id = tl.level_id
      JOIN levels requested ON requested.id = p_level
     WHERE tl.teacher_id = p_teacher AND tl.language_id = p_language AND l.rank >= requested.rank
  ) THEN
    RETURN jsonb_build_object('error', 'language_not_taught');
  END IF;
  IF teacher.not_accepting_new_students AND NOT EXISTS (
    SELECT 1 FROM teacher_students ts WHERE ts.teacher_id = p_teacher AND ts.student_id = p_student
  ) THEN
    RETURN jsonb_build_object('error', 'not_accepting_new_students');
  END IF;

  -- The slots last, in time order.
  PERFORM 1 FROM time_slots s
   WHERE s.teacher_id = p_teacher AND s.id = ANY (p_slots)
   ORDER BY s.starts_at
     FOR UPDATE;
  grace := coalesce((SELECT lesson_earliness_condition FROM settings WHERE id = 1), p_default_grace_hours);

  -- product-rules.md "Slot states", "Grace period": each slot exists, is the teacher's, lies in the
  -- range and is not missed.
  SELECT array_agg(r.id) INTO refused
    FROM unnest(p_slots) AS r(id)
    LEFT JOIN time_slots s ON s.id = r.id AND s.teacher_id = p_teacher
   WHERE s.id IS NULL
      OR (s.starts_at AT TIME ZONE 'Europe/Warsaw')::date NOT BETWEEN p_range_from AND p_range_to
      OR s.starts_at - p_now < make_interval(hours => grace);
  IF refused IS NOT NULL THEN
    RETURN jsonb_build_object('error', 'slot_unavailable', 'slots', refused);
  END IF;
  -- product-rules.md "Booking": nothing on a Poland date after active_until.
  IF student.active_until IS NOT NULL THEN
    SELECT array_agg(s.id) INTO refused FROM time_slots s
     WHERE s.id = ANY (p_slots) AND (s.starts_at AT TIME ZONE 'Europe/Warsaw')::date > student.active_until;
    IF refused IS NOT NULL THEN
      RETURN jsonb_build_object('error', 'account_expired', 'slots', refused);
    END IF;
  END IF;
  -- One lesson a day with a teacher (docs/decisions.md): the later ones of a date are refused.
  SELECT array_agg(d.id) INTO refused FROM (
    SELECT s.id, row_number() OVER (
             PARTITION BY (s.starts_at AT TIME ZONE 'Europe/Warsaw')::date ORDER BY s.starts_at) AS nth
      FROM time_slots s WHERE s.id = ANY (p_slots)
  ) d WHERE d.nth > 1;
  IF refused IS NOT NULL THEN
    RETURN jsonb_build_object('error', 'one_lesson_with_teacher', 'slots', refused);
  END IF;
  SELECT array_agg(l.time_slot_id) INTO refused FROM lessons l
   WHERE l.time_slot_id = ANY (p_slots) AND l.cancelled_at IS NULL;
  IF refused IS NOT NULL THEN
    RETURN jsonb_build_object('error', 'slot_taken', 'slots', refused);
  END IF;

  -- product-rules.md "Same-day rule", "Scheduled lessons limit": against the student's active
  -- lessons that have not ended or that start within a day of the requested slots
  -- (lessons_student_starts_idx).
  SELECT coalesce(array_agg(l.starts_at), '{}'), coalesce(array_agg(l.ends_at), '{}')
    INTO their_starts, their_ends
    FROM lessons l
   WHERE l.student_id = p_student AND l.cancelled_at IS NULL
     AND (l.ends_at > p_now OR (
          l.starts_at >= (SELECT min(starts_at) FROM time_slots WHERE id = ANY (p_slots)) - interval '1 day'
      AND l.starts_at < (SELECT max(starts_at) FROM time_slots WHERE id = ANY (p_slots)) + interval '1 day'));
  -- On the Poland date of one of them, or within the 45 minutes of one (isScheduledSlot).
  SELECT array_agg(s.id) INTO refused FROM time_slots s
   WHERE s.id = ANY (p_slots) AND EXISTS (
     SELECT 1 FROM unnest(their_starts) AS t(starts_at)
      WHERE (t.starts_at AT TIME ZONE 'Europe/Warsaw')::date = (s.starts_at AT TIME ZONE 'Europe/Warsaw')::date
         OR abs(extract(epoch FROM t.starts_at - s.starts_at)) < p_match_minutes * 60);
  IF refused IS NOT NULL THEN
    RETURN jsonb_build_object('error', 'lesson_date_taken', 'slots', refused);
  END IF;
  SELECT count(*) INTO booked FROM unnest(their_ends) AS e(ends_at) WHERE e.ends_at > p_now;
  IF booked + cardinality(p_slots) > student.scheduled_lessons_limit THEN
    RETURN jsonb_build_object('error', 'lesson_limit', 'limit', student.scheduled_lessons_limit);
  END IF;

  -- Our reading of "maximum monthly income" (product-rules.md "Errors"): the teacher's lessons per
  -- Poland month.
  IF teacher.monthly_lesson_cap IS NOT NULL AND EXISTS (
    SELECT 1 FROM (
      SELECT date_trunc('month', s.starts_at AT TIME ZONE 'Europe/Warsaw') AS month, count(*) AS requested
        FROM time_slots s WHERE s.id = ANY (p_slots) GROUP BY 1
    ) m
     WHERE m.requested + (
       SELECT count(*) FROM lessons l
        WHERE l.teacher_id = p_teacher AND l.cancelled_at IS NULL
          AND l.starts_at >= m.month AT TIME ZONE 'Europe/Warsaw'
          AND l.starts_at < (m.month + interval '1 month') AT TIME ZONE 'Europe/Warsaw'
     ) > teacher.monthly_lesson_cap
  ) THEN
    RETURN jsonb_build_object('error', 'teacher_monthly_income');
  END IF;

  -- lessons_active_slot_key stays the final guard: a double booking raises unique_violation.
  WITH inserted AS (
    INSERT INTO lessons (student_id, teacher_id, time_slot_id, language_id, level_id, starts_at, ends_at)
    SELECT p_student, p_teacher, s.id, p_language, p_level, s.starts_at, s.ends_at
      FROM time_slots s WHERE s.id = ANY (p_slots)
    RETURNING id, time_slot_id, starts_at
  ), owed AS (
    -- The booking's e-mails and push are owed from this commit on (an outbox the planner empties).
    INSERT INTO lesson_booking_notices (lesson_id, created_at) SELECT id, p_now FROM inserted
  )
  SELECT jsonb_build_object('data', jsonb_build_object('lessons', coalesce(jsonb_agg(jsonb_build_object(
           'id', i.id,
           'lesson_id', i.id,
           'time_slot_id', i.time_slot_id,
           'teacher_id', p_teacher,
           'student_id', p_student,
           'language_id', p_language,
           'level_id', p_level,
           'scheduled_at', to_char(i.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'status', 'scheduled') ORDER BY i.starts_at), '[]'::jsonb)))
    INTO answer FROM inserted i;

  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, scope, request_hash, status_code, response, created_at)
    VALUES (p_student, p_key, p_scope, p_hash, 201, answer, p_now);
  END IF;
  RETURN jsonb_build_object('status', 201, 'body', answer, 'replayed', false);
END
$$;
