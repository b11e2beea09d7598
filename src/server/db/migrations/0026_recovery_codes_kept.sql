ALTER TABLE "operator_second_factors" ADD COLUMN "codes_kept_at" timestamp with time zone;--> statement-breakpoint
-- Operators enrolled before it keep their access: their codes were shown and the console opened.
UPDATE "operator_second_factors" SET "codes_kept_at" = "enabled_at" WHERE "enabled_at" IS NOT NULL;
