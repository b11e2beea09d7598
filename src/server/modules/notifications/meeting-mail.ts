import type { PushPayload } from '../../../domain/api/push.ts'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import type { MailMessage } from '../../platform/mail.ts'
import { escapeHtml } from '../../platform/mail-templates.ts'
import { lessonCalendar, meetingUid } from './ics.ts'
import type { Party } from './lesson-mail.ts'

// A group class's e-mails and pushes, in the recipient's locale (product-rules.md "Group classes"):
// the enrolment, each meeting's calendar invitation (one UID per meeting for the teacher and every
// student, its SEQUENCE the meeting's), a moved meeting's new invitation, a cancelled meeting's or
// a removed student's calendar cancellation, and the reminders before a meeting.

export type MessageClass = {
  id: string
  title: string
  language: { name: string; namePl: string }
  level: string
  teacher: Party
}

export type MessageMeeting = { id: string; startsAt: Date; endsAt: Date; sequence: number }

export type MeetingMailKind =
  | 'invitation'
  | 'changed'
  | 'cancelled'
  | 'removed'
  | 'first_reminder'
  | 'second_reminder'

export type School = { publicUrl: string; mailFrom: string; now: Date }

const nameOf = (p: Party) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email

/** Where a participant finds the class's meetings: the group tab of my-lessons. */
export const myLessonsLink = (publicUrl: string) => `${publicUrl}/dashboard/my-lessons`

function message(to: Party, subject: string, lines: string[], link: string): MailMessage {
  const html = lines
    .map((line) => {
      const text = escapeHtml(line)
      return line === link ? `<p><a href="${text}">${text}</a></p>` : `<p>${text}</p>`
    })
    .join('\n')
  return { to: to.email, subject, text: `${lines.join('\n\n')}\n`, html }
}

/** The class's facts as lines (no declined names: "Lektor: Anna Nowak"). */
function classFacts(group: MessageClass, to: Party, pl: boolean): string[] {
  const language = pl ? group.language.namePl : group.language.name
  const teacher = to.id === group.teacher.id ? [] : [`${pl ? 'Lektor' : 'Teacher'}: ${nameOf(group.teacher)}`]
  return pl
    ? [`Kurs: ${group.title}`, `Język: ${language} (${group.level})`, ...teacher]
    : [`Course: ${group.title}`, `Language: ${language} (${group.level})`, ...teacher]
}

/** The enrolment: the class, how many meetings are to come and the first's date. */
export function enrolmentMail(
  group: MessageClass,
  to: Party,
  coming: { count: number; first: Date },
  school: School,
): MailMessage {
  const pl = to.locale === 'pl'
  const link = myLessonsLink(school.publicUrl)
  const first = `${formatPolandDate(coming.first)}, ${formatPolandTime(coming.first)}`
  return pl
    ? message(
        to,
        `Lektorium: zapisano Cię na kurs „${group.title}”`,
        [
          'Dzień dobry,',
          'zapisano Cię na kurs grupowy.',
          ...classFacts(group, to, true),
          `Spotkania przed Tobą: ${coming.count}, pierwsze ${first} (czas polski).`,
          'Każde spotkanie przyjdzie osobną wiadomością z wydarzeniem do Twojego kalendarza.',
          'Spotkania znajdziesz w zakładce zajęć grupowych Moich lekcji:',
          link,
        ],
        link,
      )
    : message(
        to,
        `Lektorium: you are enrolled in "${group.title}"`,
        [
          'Hello,',
          'you have been enrolled in a group course.',
          ...classFacts(group, to, false),
          `Meetings ahead: ${coming.count}, the first on ${first} (Poland time).`,
          'Each meeting comes in a message of its own with an event for your calendar.',
          'Your meetings are in the group tab of My lessons:',
          link,
        ],
        link,
      )
}

function meetingWords(kind: MeetingMailKind, group: MessageClass, meeting: MessageMeeting, pl: boolean) {
  const date = formatPolandDate(meeting.startsAt)
  const time = formatPolandTime(meeting.startsAt)
  const title = group.title
  switch (kind) {
    case 'invitation':
      return pl
        ? {
            subject: `Lektorium: spotkanie „${title}” ${date}, ${time}`,
            lead: 'zapraszamy na spotkanie kursu.',
          }
        : {
            subject: `Lektorium: "${title}" meeting on ${date}, ${time}`,
            lead: 'you are invited to a course meeting.',
          }
    case 'changed':
      return pl
        ? {
            subject: `Lektorium: spotkanie „${title}” przeniesione na ${date}, ${time}`,
            lead: 'spotkanie kursu ma nowy termin.',
          }
        : {
            subject: `Lektorium: "${title}" meeting moved to ${date}, ${time}`,
            lead: 'a course meeting has a new time.',
          }
    case 'cancelled':
      return pl
        ? {
            subject: `Lektorium: spotkanie „${title}” ${date}, ${time} odwołane`,
            lead: 'szkoła odwołała spotkanie kursu.',
          }
        : {
            subject: `Lektorium: "${title}" meeting on ${date}, ${time} cancelled`,
            lead: 'the school has cancelled a course meeting.',
          }
    case 'removed':
      return pl
        ? {
            subject: `Lektorium: spotkanie „${title}” ${date}, ${time} – bez Ciebie`,
            lead: 'nie jesteś już uczestnikiem tego kursu, więc to spotkanie znika z Twojego kalendarza.',
          }
        : {
            subject: `Lektorium: "${title}" meeting on ${date}, ${time} – without you`,
            lead: 'you are no longer in this course, so this meeting leaves your calendar.',
          }
    case 'second_reminder':
      return pl
        ? { subject: `Lektorium: spotkanie „${title}” o ${time}`, lead: 'przypominamy o spotkaniu kursu.' }
        : { subject: `Lektorium: "${title}" meeting at ${time}`, lead: 'a reminder of your course meeting.' }
    default:
      return pl
        ? {
            subject: `Lektorium: przypomnienie o spotkaniu „${title}” ${date}, ${time}`,
            lead: 'przypominamy o spotkaniu kursu.',
          }
        : {
            subject: `Lektorium: reminder of the "${title}" meeting on ${date}, ${time}`,
            lead: 'a reminder of your course meeting.',
          }
  }
}

const CALENDAR: Partial<Record<MeetingMailKind, 'REQUEST' | 'CANCEL'>> = {
  invitation: 'REQUEST',
  changed: 'REQUEST',
  cancelled: 'CANCEL',
  removed: 'CANCEL',
}

/**
 * One meeting's e-mail to one participant; an invitation or a cancellation carries the meeting as
 * a calendar event with the meeting's UID, and SEQUENCE `sequence`.
 */
export function meetingMail(
  kind: MeetingMailKind,
  group: MessageClass,
  meeting: MessageMeeting,
  to: Party,
  sequence: number,
  school: School,
): MailMessage {
  const pl = to.locale === 'pl'
  const link = myLessonsLink(school.publicUrl)
  const { subject, lead } = meetingWords(kind, group, meeting, pl)
  const when = `${formatPolandDate(meeting.startsAt)}, ${formatPolandTime(meeting.startsAt)}–${formatPolandTime(meeting.endsAt)}`
  const calendar = CALENDAR[kind]
  const lines = [
    pl ? 'Dzień dobry,' : 'Hello,',
    lead,
    ...classFacts(group, to, pl),
    pl ? `Termin: ${when} (czas polski)` : `When: ${when} (Poland time)`,
    ...(calendar === 'CANCEL'
      ? [
          pl
            ? 'Wydarzenie w załączniku usuwa je z Twojego kalendarza.'
            : 'The attached event removes it from your calendar.',
        ]
      : [
          pl ? 'Spotkania kursu znajdziesz w Moich lekcjach:' : 'Your course meetings are in My lessons:',
          link,
          ...(calendar
            ? [
                pl
                  ? 'W załączniku jest wydarzenie do Twojego kalendarza.'
                  : 'The attached event adds it to your calendar.',
              ]
            : []),
        ]),
  ]
  const mail = message(to, subject, lines, link)
  if (!calendar) return mail
  const language = pl ? group.language.namePl : group.language.name
  const content = lessonCalendar(
    {
      lessonId: meeting.id,
      uid: meetingUid(meeting.id, school.publicUrl),
      sequence,
      startsAt: meeting.startsAt,
      endsAt: meeting.endsAt,
      summary: `${group.title} – ${language} (${group.level})`,
      description: pl ? `Spotkania kursu: ${link}` : `Course meetings: ${link}`,
      url: link,
      organizer: { name: 'Lektorium', email: school.mailFrom },
      attendee: { name: nameOf(to), email: to.email },
      stamp: school.now,
    },
    calendar,
    school.publicUrl,
  )
  return { ...mail, icalEvent: { method: calendar, content, filename: 'spotkanie.ics' } }
}

/** A meeting's push: soon (10 minutes before), moved, or cancelled. */
export function meetingPush(
  kind: 'push_soon' | 'push_changed' | 'push_cancelled',
  group: MessageClass,
  meeting: MessageMeeting,
  to: Party,
): PushPayload {
  const pl = to.locale === 'pl'
  const date = formatPolandDate(meeting.startsAt).slice(0, 5)
  const time = formatPolandTime(meeting.startsAt)
  const words =
    kind === 'push_soon'
      ? pl
        ? { title: `Spotkanie o ${time}`, body: group.title }
        : { title: `Meeting at ${time}`, body: group.title }
      : kind === 'push_changed'
        ? pl
          ? { title: 'Spotkanie przeniesione', body: `${group.title} · ${date}, ${time} (czas polski)` }
          : { title: 'Meeting moved', body: `${group.title} · ${date}, ${time} (Poland time)` }
        : pl
          ? { title: 'Spotkanie odwołane', body: `${group.title} · ${date}, ${time} (czas polski)` }
          : { title: 'Meeting cancelled', body: `${group.title} · ${date}, ${time} (Poland time)` }
  return { ...words, url: '/dashboard/my-lessons', tag: `meeting-${meeting.id}` }
}
