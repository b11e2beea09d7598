CREATE TABLE "operator_digests" (
	"kind" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lack_of_slots_reports" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
-- Reports made before the digest were e-mailed one by one as they came.
UPDATE "lack_of_slots_reports" SET "mailed_at" = "created_at";--> statement-breakpoint
CREATE INDEX "lack_of_slots_reports_unmailed_idx" ON "lack_of_slots_reports" USING btree ("created_at") WHERE "lack_of_slots_reports"."mailed_at" IS NULL;