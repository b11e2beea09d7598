import type { Db } from '../../db/client.ts'
import { hashToken, newToken } from '../../platform/tokens.ts'
import { type FeedEvent, feedCalendar, meetingUid } from './ics.ts'
import { joinLink } from './lesson-mail.ts'
import { myLessonsLink } from './meeting-mail.ts'
import { feedMeetings } from './meeting-repository.ts'
import { feedLessons, feedOwner, saveFeedToken } from './repository.ts'

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

/** A new secret for the user's feed (the old address, if any, stops working); its address. */
export async function renewFeed(db: Db, userId: string, publicUrl: string, now: Date): Promise<string> {
  const { token, hash } = newToken()
  await saveFeedToken(db, userId, hash, now)
  return feedUrl(publicUrl, token)
}

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
  const owner = await feedOwner(db, hashToken(token))
  if (!owner) return null
  const since = new Date(school.now.getTime() - PAST_DAYS * DAY_MS)
  const rows = await feedLessons(db, owner.id, since, FEED_MAX_EVENTS)
  const meetings = await feedMeetings(db, owner.id, since, FEED_MAX_EVENTS)
  const pl = owner.locale === 'pl'
  const lessonEvents: FeedEvent[] = rows.map((row) => {
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
  // A group meeting under the UID of its e-mailed invitations, so a calendar holding both shows it once.
  const link = myLessonsLink(school.publicUrl)
  const meetingEvents: FeedEvent[] = meetings.map((row) => ({
    lessonId: row.id,
    uid: meetingUid(row.id, school.publicUrl),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    summary: `${row.title} – ${pl ? row.languagePl : row.language} (${row.level})`,
    description: pl ? `Spotkania kursu: ${link}` : `Course meetings: ${link}`,
    url: link,
  }))
  const events = [...lessonEvents, ...meetingEvents]
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .slice(0, FEED_MAX_EVENTS)
  return feedCalendar(
    { name: pl ? 'Lektorium – lekcje' : 'Lektorium – lessons', events, stamp: school.now },
    school.publicUrl,
  )
}
