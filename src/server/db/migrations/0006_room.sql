-- The lesson room (src/server/modules/room, docs/lesson-room-protocol.md): the shared
-- secret of room tokens, the server's record of each party's socket (attendance and presence
-- across processes), the parties' interaction reports, the chat stored with the lesson, room
-- events too large for a NOTIFY payload, and whether an absence report's absentee ever joined.
CREATE TABLE "lesson_chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lesson_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_role" text NOT NULL,
	"client_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_interactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"origin" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "absence_reports" ADD COLUMN "absentee_joined" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_chat_messages" ADD CONSTRAINT "lesson_chat_messages_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_chat_messages" ADD CONSTRAINT "lesson_chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_interactions" ADD CONSTRAINT "lesson_interactions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_interactions" ADD CONSTRAINT "lesson_interactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_connections" ADD CONSTRAINT "room_connections_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_connections" ADD CONSTRAINT "room_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_chat_messages_client_key" ON "lesson_chat_messages" USING btree ("lesson_id","author_id","client_id");--> statement-breakpoint
CREATE INDEX "lesson_chat_messages_lesson_idx" ON "lesson_chat_messages" USING btree ("lesson_id","id");--> statement-breakpoint
CREATE INDEX "lesson_interactions_lesson_idx" ON "lesson_interactions" USING btree ("lesson_id","created_at");--> statement-breakpoint
CREATE INDEX "room_connections_lesson_idx" ON "room_connections" USING btree ("lesson_id","joined_at");--> statement-breakpoint
CREATE INDEX "room_connections_open_idx" ON "room_connections" USING btree ("origin") WHERE "room_connections"."left_at" IS NULL;--> statement-breakpoint
CREATE INDEX "room_events_created_idx" ON "room_events" USING btree ("created_at");