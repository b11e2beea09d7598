CREATE TABLE "group_class_members" (
	"class_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"status" text NOT NULL,
	"waiting_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_class_members_class_id_student_id_pk" PRIMARY KEY("class_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "group_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"language_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"company_name" text,
	"capacity" smallint NOT NULL,
	"provider" text DEFAULT 'builtin' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_classes_capacity" CHECK ("group_classes"."capacity" BETWEEN 2 AND 12)
);
--> statement-breakpoint
CREATE TABLE "group_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"teacher_memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_meetings_times" CHECK ("group_meetings"."ends_at" > "group_meetings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "group_meeting_id" uuid;--> statement-breakpoint
ALTER TABLE "group_class_members" ADD CONSTRAINT "group_class_members_class_id_group_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."group_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_class_members" ADD CONSTRAINT "group_class_members_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_classes" ADD CONSTRAINT "group_classes_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_classes" ADD CONSTRAINT "group_classes_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_classes" ADD CONSTRAINT "group_classes_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_meetings" ADD CONSTRAINT "group_meetings_class_id_group_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."group_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_meetings" ADD CONSTRAINT "group_meetings_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_class_members_student_idx" ON "group_class_members" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "group_classes_teacher_idx" ON "group_classes" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "group_meetings_class_starts_idx" ON "group_meetings" USING btree ("class_id","starts_at");--> statement-breakpoint
CREATE INDEX "group_meetings_teacher_starts_idx" ON "group_meetings" USING btree ("teacher_id","starts_at");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_group_meeting_id_group_meetings_id_fk" FOREIGN KEY ("group_meeting_id") REFERENCES "public"."group_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_group_meeting_student_key" ON "lessons" USING btree ("group_meeting_id","student_id");--> statement-breakpoint
-- One teacher's active meetings never overlap (btree_gist, as time_slots_no_overlap).
ALTER TABLE "group_meetings" ADD CONSTRAINT "group_meetings_no_overlap" EXCLUDE USING gist ("teacher_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("cancelled_at" IS NULL);
--> statement-breakpoint
-- A meeting takes the teacher's time as a booked lesson does: no slot is made where an active
-- meeting is (the timetable's top-up and saves skip it), so nobody can book over it
-- (docs/decisions.md "Group classes: a meeting takes the teacher's time").
CREATE OR REPLACE FUNCTION lektorium_slot_outside_meetings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM group_meetings m
     WHERE m.teacher_id = NEW.teacher_id AND m.cancelled_at IS NULL
       AND m.starts_at < NEW.ends_at AND m.ends_at > NEW.starts_at
  ) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "time_slots_outside_meetings" BEFORE INSERT ON "time_slots"
  FOR EACH ROW EXECUTE FUNCTION lektorium_slot_outside_meetings();
--> statement-breakpoint
-- Group lessons made before classes existed (the demo's rows) become classes: one per teacher,
-- language and level, its students enrolled, a meeting per start.
DO $$
DECLARE
  g record;
  m record;
  new_class uuid;
  new_meeting uuid;
BEGIN
  FOR g IN
    SELECT l.teacher_id, l.language_id, l.level_id, count(DISTINCT l.student_id) AS students
      FROM lessons l WHERE l.is_group AND l.group_meeting_id IS NULL
     GROUP BY l.teacher_id, l.language_id, l.level_id
  LOOP
    INSERT INTO group_classes (teacher_id, language_id, level_id, title, capacity)
    SELECT g.teacher_id, g.language_id, g.level_id, lang.name_pl || ' ' || lv.name,
           greatest(2, least(12, g.students))
      FROM languages lang, levels lv WHERE lang.id = g.language_id AND lv.id = g.level_id
    RETURNING id INTO new_class;
    INSERT INTO group_class_members (class_id, student_id, status)
    SELECT DISTINCT new_class, l.student_id, 'enrolled'
      FROM lessons l
     WHERE l.is_group AND l.group_meeting_id IS NULL AND l.teacher_id = g.teacher_id
       AND l.language_id = g.language_id AND l.level_id = g.level_id;
    FOR m IN
      SELECT l.starts_at, l.ends_at,
             CASE WHEN bool_and(l.cancelled_at IS NOT NULL) THEN max(l.cancelled_at) END AS cancelled_at
        FROM lessons l
       WHERE l.is_group AND l.group_meeting_id IS NULL AND l.teacher_id = g.teacher_id
         AND l.language_id = g.language_id AND l.level_id = g.level_id
       GROUP BY l.starts_at, l.ends_at
    LOOP
      INSERT INTO group_meetings (class_id, teacher_id, starts_at, ends_at, cancelled_at)
      VALUES (new_class, g.teacher_id, m.starts_at, m.ends_at, m.cancelled_at)
      RETURNING id INTO new_meeting;
      UPDATE lessons l SET group_meeting_id = new_meeting
       WHERE l.is_group AND l.group_meeting_id IS NULL AND l.teacher_id = g.teacher_id
         AND l.language_id = g.language_id AND l.level_id = g.level_id
         AND l.starts_at = m.starts_at AND l.ends_at = m.ends_at;
    END LOOP;
  END LOOP;
END
$$;
