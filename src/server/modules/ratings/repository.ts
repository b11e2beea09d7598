import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm'
import type { TeacherReview } from '../../../domain/api/profile.ts'
import type { Db } from '../../db/client.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { users } from '../../db/schema.ts'
import { lessonRatings, lessons } from '../../db/schema-lessons.ts'
import { AppError } from '../../platform/errors.ts'

// SQL of Rating (product-rules.md "Ratings"): one rating per lesson (primary key lesson_id).

export type RatingRow = typeof lessonRatings.$inferSelect

export async function findRating(tx: Db, lessonId: string): Promise<RatingRow | undefined> {
  const [row] = await tx.select().from(lessonRatings).where(eq(lessonRatings.lessonId, lessonId))
  return row
}

export async function insertRating(
  tx: Db,
  values: { lessonId: string; value: number; comment: string; now: Date },
): Promise<void> {
  try {
    await tx.insert(lessonRatings).values({
      lessonId: values.lessonId,
      value: values.value,
      comment: values.comment,
      createdAt: values.now,
      updatedAt: values.now,
    })
  } catch (error) {
    // The primary key is the last guard: a rating written meanwhile is still "already rated".
    if (isUniqueViolation(error)) throw new AppError('rating_exists')
    throw error
  }
}

export async function updateRating(
  tx: Db,
  values: { lessonId: string; value: number; comment: string; now: Date },
): Promise<void> {
  await tx
    .update(lessonRatings)
    .set({ value: values.value, comment: values.comment, updatedAt: values.now })
    .where(eq(lessonRatings.lessonId, values.lessonId))
}

/**
 * Profile average_rating and ratings of the teacher (product-rules.md "Ratings"), recomputed from
 * every rating of their lessons (rounded to two decimals; null without ratings). The caller holds
 * the teacher's row lock.
 */
export async function teacherRatingSummary(
  tx: Db,
  teacherId: string,
): Promise<{ average: number | null; count: number }> {
  const [row] = await tx
    .select({
      average: sql<string | number | null>`round(avg(${lessonRatings.value})::numeric, 2)::real`,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(lessonRatings)
    .innerJoin(lessons, eq(lessons.id, lessonRatings.lessonId))
    .where(eq(lessons.teacherId, teacherId))
  const average = row?.average ?? null
  return { average: average === null ? null : Number(average), count: row?.count ?? 0 }
}

/** "Marta D.": the first name and the initial of the last name, as the teacher's page names a student. */
export function reviewerName(firstName: string | null, lastName: string | null): string {
  const initial = lastName?.trim().charAt(0).toLocaleUpperCase('pl')
  return [firstName?.trim(), initial ? `${initial}.` : ''].filter(Boolean).join(' ')
}

/**
 * docs/decisions.md "Ratings read where people look; a lesson's state from one rule": the teacher's
 * newest ratings with a comment, newest first, of ended lessons that were not cancelled; the
 * student only as first name and initial.
 */
export async function recentTeacherReviews(
  db: Db,
  teacherId: string,
  now: Date,
  limit: number,
): Promise<TeacherReview[]> {
  const rows = await db
    .select({
      value: lessonRatings.value,
      comment: lessonRatings.comment,
      firstName: users.firstName,
      lastName: users.lastName,
      ratedAt: lessonRatings.updatedAt,
    })
    .from(lessonRatings)
    .innerJoin(lessons, eq(lessons.id, lessonRatings.lessonId))
    .innerJoin(users, eq(users.id, lessons.studentId))
    .where(
      and(
        eq(lessons.teacherId, teacherId),
        isNull(lessons.cancelledAt),
        lte(lessons.endsAt, now),
        sql`trim(${lessonRatings.comment}) <> ''`,
      ),
    )
    .orderBy(desc(lessonRatings.updatedAt), desc(lessonRatings.lessonId))
    .limit(limit)
  return rows.map((row) => ({
    value: row.value,
    comment: row.comment,
    student_name: reviewerName(row.firstName, row.lastName),
    rated_at: row.ratedAt.toISOString(),
  }))
}
