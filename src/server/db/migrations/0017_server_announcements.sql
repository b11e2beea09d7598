CREATE TABLE "server_announcements" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- accepted_at now means "used to set a password"; a link opened before, whose
-- student has no password yet, works again until it expires.
UPDATE "invitations" SET "accepted_at" = NULL FROM "users" WHERE "users"."id" = "invitations"."user_id" AND "users"."password_hash" IS NULL;
