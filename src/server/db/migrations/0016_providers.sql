CREATE TABLE "lesson_video_sessions" (
	"lesson_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_video_sessions_lesson_id_provider_pk" PRIMARY KEY("lesson_id","provider")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "video_provider" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "is_learncube" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "room_token" text;--> statement-breakpoint
ALTER TABLE "lesson_archives" ADD COLUMN "recorded_by" text DEFAULT 'browser' NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_archives" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "lesson_video_sessions" ADD CONSTRAINT "lesson_video_sessions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_room_token_unique" UNIQUE("room_token");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_video_provider_check" CHECK ("video_provider" IN ('builtin', 'vonage'));--> statement-breakpoint
ALTER TABLE "lesson_archives" ADD CONSTRAINT "lesson_archives_recorded_by_check" CHECK ("recorded_by" IN ('browser', 'vonage'));--> statement-breakpoint
ALTER TABLE "lesson_archives" ADD CONSTRAINT "lesson_archives_external_id_check" CHECK (("recorded_by" = 'vonage') = ("external_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "lesson_video_sessions" ADD CONSTRAINT "lesson_video_sessions_provider_check" CHECK ("provider" IN ('vonage', 'learncube'));
