// product-rules.md "Scheduled lessons limit": the scheduled-lessons count a timetable shows. The
// booking's own rules run in the database (db/functions/book-lessons.sql), in one round trip;
// booking-parity.integration.test.ts holds the two to one verdict.

type Span = { startsAt: Date; endsAt: Date }

/** product-rules.md "Scheduled lessons limit": lessons that have not ended count as scheduled. */
export const scheduledCount = (lessons: Span[], now: Date): number =>
  lessons.filter((lesson) => lesson.endsAt > now).length
