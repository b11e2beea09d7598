CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_pl" text NOT NULL,
	"conjugated_name" text NOT NULL,
	CONSTRAINT "languages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rank" smallint NOT NULL,
	CONSTRAINT "levels_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "password_reset_requests" (
	"email" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"ban_duration" integer NOT NULL,
	"cancellation_earliness" integer NOT NULL,
	"lesson_earliness_condition" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specializations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_pl" text NOT NULL,
	CONSTRAINT "specializations_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "student_learned_languages" (
	"student_id" uuid NOT NULL,
	"language_id" integer NOT NULL,
	CONSTRAINT "student_learned_languages_student_id_language_id_pk" PRIMARY KEY("student_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "teacher_specializations" (
	"teacher_id" uuid NOT NULL,
	"language_id" integer NOT NULL,
	"specialization_id" integer NOT NULL,
	CONSTRAINT "teacher_specializations_teacher_id_language_id_specialization_id_pk" PRIMARY KEY("teacher_id","language_id","specialization_id")
);
--> statement-breakpoint
CREATE TABLE "teacher_taught_languages" (
	"teacher_id" uuid NOT NULL,
	"language_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	CONSTRAINT "teacher_taught_languages_teacher_id_language_id_pk" PRIMARY KEY("teacher_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "teacher_teaching_languages" (
	"teacher_id" uuid NOT NULL,
	"language_id" integer NOT NULL,
	CONSTRAINT "teacher_teaching_languages_teacher_id_language_id_pk" PRIMARY KEY("teacher_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"registration_completed" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"last_name" text,
	"date_of_birth" date,
	"phone_number" text,
	"image_key" text,
	"video_key" text,
	"voice_sample_key" text,
	"description" text,
	"about" text,
	"social_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tutorial_finished" boolean DEFAULT false NOT NULL,
	"has_cyclical_timetable" boolean DEFAULT false NOT NULL,
	"sms_notifications_enabled" boolean DEFAULT false NOT NULL,
	"email_notifications_enabled" boolean DEFAULT true NOT NULL,
	"commercial_sms_consent" boolean DEFAULT false NOT NULL,
	"commercial_email_consent" boolean DEFAULT false NOT NULL,
	"user_rules_agreed" boolean DEFAULT false NOT NULL,
	"teacher_rules_agreed" boolean DEFAULT false NOT NULL,
	"voice_recording_agreed" boolean DEFAULT false NOT NULL,
	"active_until" date,
	"company_name" text,
	"onboarding_completed_at" timestamp with time zone,
	"only_group_lessons" boolean DEFAULT false NOT NULL,
	"address" jsonb,
	"iban" text,
	"swift" text,
	"ai_access" boolean DEFAULT false NOT NULL,
	"human_access" boolean DEFAULT false NOT NULL,
	"not_accepting_new_students" boolean DEFAULT false NOT NULL,
	"warned_at" timestamp with time zone,
	"banned_until" timestamp with time zone,
	"locale" text DEFAULT 'pl' NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_learned_languages" ADD CONSTRAINT "student_learned_languages_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_learned_languages" ADD CONSTRAINT "student_learned_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_specializations" ADD CONSTRAINT "teacher_specializations_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_specializations" ADD CONSTRAINT "teacher_specializations_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_specializations" ADD CONSTRAINT "teacher_specializations_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_taught_languages" ADD CONSTRAINT "teacher_taught_languages_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_taught_languages" ADD CONSTRAINT "teacher_taught_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_taught_languages" ADD CONSTRAINT "teacher_taught_languages_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_teaching_languages" ADD CONSTRAINT "teacher_teaching_languages_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_teaching_languages" ADD CONSTRAINT "teacher_teaching_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_user_idx" ON "invitations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "teacher_taught_languages_lang_idx" ON "teacher_taught_languages" USING btree ("language_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_status_idx" ON "users" USING btree ("role","status");