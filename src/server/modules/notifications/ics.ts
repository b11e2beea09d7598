import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'

dayjs.extend(utc)
dayjs.extend(timezone)

/** The zone of Poland time (product-rules.md "Time zone"), as calendars name it. */
const POLAND_TIME_ZONE = 'Europe/Warsaw'

// A lesson as an iCalendar invitation (RFC 5545/5546): METHOD:REQUEST when booked, METHOD:CANCEL
// with the same UID (and a higher SEQUENCE) when cancelled, so calendars add and remove the one
// event. Times are written in Europe/Warsaw with its VTIMEZONE (product-rules.md "Time zone"),
// converted from the instant by the time-zone database, so a lesson after a summer-time change is
// never an hour off (Cal.com #1092, #6217).

export type LessonInvite = {
  lessonId: string
  startsAt: Date
  endsAt: Date
  summary: string
  description: string
  /** Where the lesson is joined. */
  url: string
  organizer: { name: string; email: string }
  attendee: { name: string; email: string }
  /** When this version of the event was made (DTSTAMP). */
  stamp: Date
  /** A group meeting's: its own UID (meetingUid) and version; a lesson's are derived. */
  uid?: string
  sequence?: number
}

/** One UID per group meeting, the same for its teacher and every student, whatever is sent about it. */
export const meetingUid = (meetingId: string, publicUrl: string) =>
  `meeting-${meetingId}@${new URL(publicUrl).host}`

/** One UID per lesson, whatever is sent about it. */
export const lessonUid = (lessonId: string, publicUrl: string) =>
  `lesson-${lessonId}@${new URL(publicUrl).host}`

const local = (at: Date) => dayjs(at).tz(POLAND_TIME_ZONE)

/**
 * The zone's VTIMEZONE goes in by hand: ical-generator writes it only with a calendar-wide zone,
 * and then writes DTSTAMP in local time too, which RFC 5545 forbids (it must be UTC).
 */
function withPolandZone(text: string): string {
  const zone = getVtimezoneComponent(POLAND_TIME_ZONE)
  if (!zone) throw new Error(`no VTIMEZONE for ${POLAND_TIME_ZONE}`)
  const at = text.indexOf('BEGIN:VEVENT')
  const end = at < 0 ? text.lastIndexOf('END:VCALENDAR') : at
  return `${text.slice(0, end)}${zone.trim().replaceAll(/\r?\n/g, '\r\n')}\r\n${text.slice(end)}`
}

export function lessonCalendar(
  invite: LessonInvite,
  method: 'REQUEST' | 'CANCEL',
  publicUrl: string,
): string {
  const calendar = ical({
    prodId: { company: 'Lektorium', product: 'Lessons', language: 'PL' },
    method: method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  })
  calendar.createEvent({
    id: invite.uid ?? lessonUid(invite.lessonId, publicUrl),
    // A cancellation must be newer than the invitation it withdraws.
    sequence: invite.sequence ?? (method === 'REQUEST' ? 0 : 1),
    stamp: invite.stamp,
    start: local(invite.startsAt),
    end: local(invite.endsAt),
    timezone: POLAND_TIME_ZONE,
    summary: invite.summary,
    description: invite.description,
    url: invite.url,
    organizer: invite.organizer,
    attendees: [{ ...invite.attendee, rsvp: false }],
    status: method === 'REQUEST' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
  })
  return withPolandZone(calendar.toString())
}

export type FeedEvent = Pick<
  LessonInvite,
  'lessonId' | 'startsAt' | 'endsAt' | 'summary' | 'description' | 'url' | 'uid'
>

/**
 * A user's lessons as a published calendar that Google, Apple and Outlook subscribe to: no
 * organizer or attendees (nothing to answer), the same UID per lesson as the e-mailed invitation,
 * so a calendar holding both shows the lesson once.
 */
export function feedCalendar(
  feed: { name: string; events: FeedEvent[]; stamp: Date },
  publicUrl: string,
): string {
  const calendar = ical({
    prodId: { company: 'Lektorium', product: 'Lessons', language: 'PL' },
    method: ICalCalendarMethod.PUBLISH,
    name: feed.name,
    // Calendars poll the address; an hour is what Outlook and Apple honour (Google polls on its own).
    ttl: 60 * 60,
  })
  for (const event of feed.events)
    calendar.createEvent({
      id: event.uid ?? lessonUid(event.lessonId, publicUrl),
      stamp: feed.stamp,
      start: local(event.startsAt),
      end: local(event.endsAt),
      timezone: POLAND_TIME_ZONE,
      summary: event.summary,
      description: event.description,
      url: event.url,
      status: ICalEventStatus.CONFIRMED,
    })
  return withPolandZone(calendar.toString())
}
