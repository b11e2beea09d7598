ALTER TABLE "absence_reports" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "absence_reports" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "absence_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "absence_reports" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "absence_reports" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "lack_of_slots_reports" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lack_of_slots_reports" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "absence_reports" ADD CONSTRAINT "absence_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lack_of_slots_reports" ADD CONSTRAINT "lack_of_slots_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "absence_reports_id_key" ON "absence_reports" USING btree ("id");--> statement-breakpoint
CREATE INDEX "absence_reports_status_idx" ON "absence_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "lack_of_slots_reports_unhandled_idx" ON "lack_of_slots_reports" USING btree ("created_at") WHERE "lack_of_slots_reports"."handled_at" IS NULL;--> statement-breakpoint
ALTER TABLE "absence_reports" ADD CONSTRAINT "absence_reports_status_check" CHECK ("status" IN ('open', 'accepted', 'dismissed'));--> statement-breakpoint
ALTER TABLE "absence_reports" ADD CONSTRAINT "absence_reports_resolution_check" CHECK (("status" = 'open') = ("resolved_at" IS NULL) AND ("resolution_note" IS NULL OR char_length("resolution_note") <= 255));--> statement-breakpoint
ALTER TABLE "lack_of_slots_reports" ADD CONSTRAINT "lack_of_slots_reports_handled_check" CHECK ("handled_by" IS NULL OR "handled_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "teacher_penalties" ADD CONSTRAINT "teacher_penalties_reason_check" CHECK ("reason" IN ('late_cancellation', 'absence'));
