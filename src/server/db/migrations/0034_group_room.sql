CREATE TABLE "group_room_participants" (
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"microphone" boolean DEFAULT false NOT NULL,
	"camera" boolean DEFAULT false NOT NULL,
	"screen" boolean DEFAULT false NOT NULL,
	"hand_raised" boolean DEFAULT false NOT NULL,
	"muted_by_teacher" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	CONSTRAINT "group_room_participants_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_rooms" (
	"meeting_id" uuid PRIMARY KEY NOT NULL,
	"server" text NOT NULL,
	"room" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"destroyed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lesson_chat_messages" ADD COLUMN "group_meeting_id" uuid;--> statement-breakpoint
ALTER TABLE "group_room_participants" ADD CONSTRAINT "group_room_participants_meeting_id_group_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."group_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_room_participants" ADD CONSTRAINT "group_room_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_room_participants" ADD CONSTRAINT "group_room_participants_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_rooms" ADD CONSTRAINT "group_rooms_meeting_id_group_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."group_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_chat_messages" ADD CONSTRAINT "lesson_chat_messages_group_meeting_id_group_meetings_id_fk" FOREIGN KEY ("group_meeting_id") REFERENCES "public"."group_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_chat_messages_meeting_idx" ON "lesson_chat_messages" USING btree ("group_meeting_id","id");