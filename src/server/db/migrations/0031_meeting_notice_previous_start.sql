ALTER TABLE "group_meeting_notices" ADD COLUMN "previous_starts_at" timestamp with time zone;--> statement-breakpoint
-- As in 0029, with a moved meeting's former start kept on its messages (its SMS names both times).
CREATE OR REPLACE FUNCTION lektorium_meeting_notices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO group_meeting_notices (class_id, meeting_id, user_id, kind, sequence)
    VALUES (NEW.class_id, NEW.id, NEW.teacher_id, 'invitation', NEW.sequence);
  ELSE
    INSERT INTO group_meeting_notices (class_id, meeting_id, user_id, kind, sequence, previous_starts_at)
    SELECT NEW.class_id, NEW.id, who.user_id,
           CASE WHEN NEW.cancelled_at IS NULL THEN 'changed' ELSE 'cancelled' END, NEW.sequence,
           CASE WHEN NEW.cancelled_at IS NULL THEN OLD.starts_at END
      FROM (SELECT NEW.teacher_id AS user_id
            UNION
            SELECT l.student_id FROM lessons l
             WHERE l.group_meeting_id = NEW.id
               AND (l.cancelled_at IS NULL OR l.cancelled_at = NEW.cancelled_at)) who;
  END IF;
  RETURN NULL;
END
$$;
