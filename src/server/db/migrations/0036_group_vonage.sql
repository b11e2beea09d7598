CREATE TABLE "group_video_sessions" (
	"meeting_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_video_sessions_meeting_id_provider_pk" PRIMARY KEY("meeting_id","provider")
);
--> statement-breakpoint
ALTER TABLE "group_video_sessions" ADD CONSTRAINT "group_video_sessions_meeting_id_group_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."group_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_video_sessions" ADD CONSTRAINT "group_video_sessions_provider_check" CHECK ("provider" IN ('vonage'));