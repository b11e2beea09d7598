CREATE TABLE "mail_deliveries" (
	"kind" text NOT NULL,
	"ref" uuid NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_deliveries_kind_ref_pk" PRIMARY KEY("kind","ref")
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
-- Invitations made before the outbox had their e-mail sent (or its failure reported) at once.
UPDATE "invitations" SET "sent_at" = "created_at";
