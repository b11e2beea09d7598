import { aliasedTable, and, eq, gt, isNull, or } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { languages, levels, users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { calendarFeeds } from '../../db/schema-notifications.ts'
import { hashToken, newToken } from '../../platform/tokens.ts'
import { type FeedEvent, feedCalendar } from './ics.ts'
import { joinLink } from './lesson-mail.ts'

// A user's private calendar feed: an address with a secret that Google, Apple
// and Outlook calendars subscribe to, listing the user's lessons. The database keeps only the
// secret's hash (architecture.md "API": tokens stored hashed), so the address is shown once, when
// it is made; making a new one or revoking it makes the old address answer 404.

/** Lessons of the last days stay in the feed, so a calendar keeps this week's history. */
const PAST_DAYS = 30
/** The most lessons one feed lists (a year of daily lessons). */
const FEED_MAX_EVENTS = 400
const DAY_MS = 86_400_000

/** The feed's address: the secret goes in the query, which the request log redacts. */
export const feedUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/v1/calendar-feeds/lessons.ics?${new URLSearchParams({ token })}`

/** Whether the user has a feed now (its address cannot be shown again). */
export async function hasFeed(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
  return row?.createdAt ?? null
}

/** A new secret for the user's feed (the old address, if any, stops working); its address. */
export async function renewFeed(db: Db, userId: string, publicUrl: string, now: Date): Promise<string> {
  const { token, hash } = newToken()
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hash, createdAt: now } })
  return feedUrl(publicUrl, token)
}

export async function revokeFeed(db: Db, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId))
}

const teacherUser = aliasedTable(users, 'teacher_user')
const studentUser = aliasedTable(users, 'student_user')

const fullName = (p: { firstName: string | null; lastName: string | null; email: string }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email

/**
 * The feed's calendar for the secret `token`, in its owner's locale; null when no feed has it
 * (revoked, replaced or never made).
 */
export async function feedByToken(
  db: Db,
  token: string,
  school: { publicUrl: string; now: Date },
): Promise<string | null> {
  const [owner] = await db
    .select({ id: users.id, locale: users.locale })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashToken(token)))
  if (!owner) return null
  const rows = await db
    .select({
      id: lessons.id,
      startsAt: lessons.startsAt,
      endsAt: lessons.endsAt,
      teacherId: lessons.teacherId,
      language: languages.name,
      languagePl: languages.namePl,
      level: levels.name,
      teacher: { firstName: teacherUser.firstName, lastName: teacherUser.lastName, email: teacherUser.email },
      student: { firstName: studentUser.firstName, lastName: studentUser.lastName, email: studentUser.email },
    })
    .from(lessons)
    .innerJoin(teacherUser, eq(teacherUser.id, lessons.teacherId))
    .innerJoin(studentUser, eq(studentUser.id, lessons.studentId))
    .innerJoin(languages, eq(languages.id, lessons.languageId))
    .innerJoin(levels, eq(levels.id, lessons.levelId))
    .where(
      and(
        or(eq(lessons.teacherId, owner.id), eq(lessons.studentId, owner.id)),
        isNull(lessons.cancelledAt),
        gt(lessons.endsAt, new Date(school.now.getTime() - PAST_DAYS * DAY_MS)),
      ),
    )
    .orderBy(lessons.startsAt)
    .limit(FEED_MAX_EVENTS)
  const pl = owner.locale === 'pl'
  const events: FeedEvent[] = rows.map((row) => {
    const other = fullName(row.teacherId === owner.id ? row.student : row.teacher)
    const language = pl ? row.languagePl : row.language
    const link = joinLink(school.publicUrl, row.id)
    return {
      lessonId: row.id,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      summary: pl
        ? `Lekcja: ${language} (${row.level}) – ${other}`
        : `Lesson: ${language} (${row.level}) – ${other}`,
      description: pl ? `Dołącz do lekcji: ${link}` : `Join the lesson: ${link}`,
      url: link,
    }
  })
  return feedCalendar(
    { name: pl ? 'Lektorium – lekcje' : 'Lektorium – lessons', events, stamp: school.now },
    school.publicUrl,
  )
}
