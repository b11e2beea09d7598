CREATE TABLE "group_meeting_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"meeting_id" uuid,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_meeting_notifications" (
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sequence" integer NOT NULL,
	"job_id" uuid NOT NULL,
	"planned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_meeting_notifications_meeting_id_user_id_kind_sequence_pk" PRIMARY KEY("meeting_id","user_id","kind","sequence")
);
--> statement-breakpoint
CREATE INDEX "group_meeting_notices_created_idx" ON "group_meeting_notices" USING btree ("created_at");--> statement-breakpoint
-- A group class's messages are owed in the transaction of whatever writes its members, meetings
-- or places, whichever code does it (docs/decisions.md "A group meeting's messages owed by
-- triggers"): one row per recipient; the planner turns them into jobs and deletes them.
-- A moved or cancelled meeting's calendar SEQUENCE goes up by one, if its writer did not raise it.
CREATE OR REPLACE FUNCTION lektorium_meeting_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sequence <= OLD.sequence THEN
    NEW.sequence := OLD.sequence + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "group_meetings_sequence" BEFORE UPDATE OF starts_at, ends_at, cancelled_at ON "group_meetings"
  FOR EACH ROW WHEN (OLD.cancelled_at IS NULL AND (NEW.cancelled_at IS NOT NULL
    OR OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.ends_at IS DISTINCT FROM NEW.ends_at))
  EXECUTE FUNCTION lektorium_meeting_sequence();
--> statement-breakpoint
-- A new meeting: the teacher's invitation (its students' come with their places). A moved or
-- cancelled one: the teacher and every student whose place is active or cancelled with it.
CREATE OR REPLACE FUNCTION lektorium_meeting_notices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO group_meeting_notices (class_id, meeting_id, user_id, kind, sequence)
    VALUES (NEW.class_id, NEW.id, NEW.teacher_id, 'invitation', NEW.sequence);
  ELSE
    INSERT INTO group_meeting_notices (class_id, meeting_id, user_id, kind, sequence)
    SELECT NEW.class_id, NEW.id, who.user_id,
           CASE WHEN NEW.cancelled_at IS NULL THEN 'changed' ELSE 'cancelled' END, NEW.sequence
      FROM (SELECT NEW.teacher_id AS user_id
            UNION
            SELECT l.student_id FROM lessons l
             WHERE l.group_meeting_id = NEW.id
               AND (l.cancelled_at IS NULL OR l.cancelled_at = NEW.cancelled_at)) who;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "group_meetings_made_notices" AFTER INSERT ON "group_meetings"
  FOR EACH ROW WHEN (NEW.cancelled_at IS NULL) EXECUTE FUNCTION lektorium_meeting_notices();
--> statement-breakpoint
CREATE TRIGGER "group_meetings_changed_notices" AFTER UPDATE OF starts_at, ends_at, cancelled_at ON "group_meetings"
  FOR EACH ROW WHEN (OLD.cancelled_at IS NULL AND (NEW.cancelled_at IS NOT NULL
    OR OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.ends_at IS DISTINCT FROM NEW.ends_at))
  EXECUTE FUNCTION lektorium_meeting_notices();
--> statement-breakpoint
-- A student's place made (enrolled, promoted, a meeting added): the meeting's invitation; a place
-- deleted before its meeting (taken out of the class): its calendar cancellation.
CREATE OR REPLACE FUNCTION lektorium_place_notices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO group_meeting_notices (class_id, meeting_id, user_id, kind, sequence)
    SELECT m.class_id, m.id, NEW.student_id, 'invitation', m.sequence
      FROM group_meetings m WHERE m.id = NEW.group_meeting_id AND m.cancelled_at IS NULL;
  ELSE
    INSERT INTO group_meeting_notices (class_id, meeting_id, user_id, kind, sequence)
    SELECT m.class_id, m.id, OLD.student_id, 'removed', m.sequence
      FROM group_meetings m WHERE m.id = OLD.group_meeting_id AND m.cancelled_at IS NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lessons_place_made_notices" AFTER INSERT ON "lessons"
  FOR EACH ROW WHEN (NEW.group_meeting_id IS NOT NULL AND NEW.cancelled_at IS NULL)
  EXECUTE FUNCTION lektorium_place_notices();
--> statement-breakpoint
CREATE TRIGGER "lessons_place_removed_notices" AFTER DELETE ON "lessons"
  FOR EACH ROW WHEN (OLD.group_meeting_id IS NOT NULL AND OLD.cancelled_at IS NULL)
  EXECUTE FUNCTION lektorium_place_notices();
--> statement-breakpoint
-- Enrolled at once or promoted from the waiting list: the enrolment e-mail.
CREATE OR REPLACE FUNCTION lektorium_member_notices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO group_meeting_notices (class_id, meeting_id, user_id, kind)
  VALUES (NEW.class_id, NULL, NEW.student_id, 'enrolled');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "group_class_members_enrolled_notices" AFTER INSERT ON "group_class_members"
  FOR EACH ROW WHEN (NEW.status = 'enrolled') EXECUTE FUNCTION lektorium_member_notices();
--> statement-breakpoint
CREATE TRIGGER "group_class_members_promoted_notices" AFTER UPDATE OF status ON "group_class_members"
  FOR EACH ROW WHEN (OLD.status = 'waiting' AND NEW.status = 'enrolled')
  EXECUTE FUNCTION lektorium_member_notices();
