// product-rules.md "Scheduled lessons limit": the scheduled-lessons count a timetable shows. The
// booking's own rules run in the database (migration 0010, lektorium_book_lessons), in one round
// trip.

type Span = { startsAt: Date; endsAt: Date }

/** product-rules.md "Scheduled lessons limit": lessons that have not ended count as scheduled. */
export const scheduledCount = (lessons: Span[], now: Date): number =>
  lessons.filter((lesson) => lesson.endsAt > now).length
