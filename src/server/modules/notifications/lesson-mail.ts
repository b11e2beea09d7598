import type { Locale } from '../../../domain/constants.ts'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import type { MailMessage } from '../../platform/mail.ts'
import { escapeHtml } from '../../platform/mail-templates.ts'
import { lessonCalendar } from './ics.ts'

// The e-mails of a lesson, in the recipient's locale: the booking's confirmation (student) and
// notice (teacher), each with the lesson as a calendar invitation; the cancellation (both parties:
// the canceller's calendar drops the lesson too), withdrawing that invitation; the reminders before it. Each carries the link that joins
// the lesson.

export type Party = {
  id: string
  email: string
  firstName: string | null
  lastName: string | null
  locale: Locale
  emailNotifications: boolean
}

export type MailLesson = {
  id: string
  startsAt: Date
  endsAt: Date
  cancelledAt: Date | null
  cancelledBy: string | null
  cancellationReason: string | null
  isGroup: boolean
  language: { name: string; namePl: string }
  level: string
  teacher: Party
  student: Party
}

export type MailKind = 'booked' | 'first_reminder' | 'second_reminder' | 'cancelled'
export type Recipient = 'teacher' | 'student'

const nameOf = (p: Party) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email

/**
 * The address that joins the lesson (the room routes the party as product-rules.md "Screens and
 * routes" says).
 */
export const joinLink = (publicUrl: string, lessonId: string) =>
  `${publicUrl}/dashboard/video-call-vonage?${new URLSearchParams({ lesson_id: lessonId })}`

type Words = { subject: string; lines: string[]; calendar?: 'REQUEST' | 'CANCEL' }

/**
 * The lesson's facts as lines (no declined names: "Lektor: Anna Nowak" reads right in Polish
 * whatever the name).
 */
function facts(lesson: MailLesson, to: Recipient, pl: boolean): string[] {
  const other = nameOf(to === 'teacher' ? lesson.student : lesson.teacher)
  const date = formatPolandDate(lesson.startsAt)
  const time = `${formatPolandTime(lesson.startsAt)}–${formatPolandTime(lesson.endsAt)}`
  const language = pl ? lesson.language.namePl : lesson.language.name
  return pl
    ? [
        `Język: ${language} (${lesson.level})`,
        `Termin: ${date}, ${time} (czas polski)`,
        to === 'teacher' ? `Kursant: ${other}` : `Lektor: ${other}`,
      ]
    : [
        `Language: ${language} (${lesson.level})`,
        `When: ${date}, ${time} (Poland time)`,
        to === 'teacher' ? `Student: ${other}` : `Teacher: ${other}`,
      ]
}

function words(kind: MailKind, lesson: MailLesson, to: Recipient, link: string): Words {
  const me = to === 'teacher' ? lesson.teacher : lesson.student
  const other = nameOf(to === 'teacher' ? lesson.student : lesson.teacher)
  const date = formatPolandDate(lesson.startsAt)
  const time = formatPolandTime(lesson.startsAt)
  const pl = me.locale === 'pl'
  const about = facts(lesson, to, pl)
  const join = pl
    ? ['Do lekcji dołączysz tutaj, od 15 minut przed jej początkiem:', link]
    : ['Join it here, from 15 minutes before it starts:', link]
  const attached = pl
    ? 'W załączniku jest wydarzenie do Twojego kalendarza.'
    : 'The attached event adds it to your calendar.'
  switch (kind) {
    case 'booked':
      if (to === 'student')
        return pl
          ? {
              subject: `Lektorium: lekcja zarezerwowana na ${date}, ${time}`,
              lines: ['Dzień dobry,', 'Twoja lekcja jest zarezerwowana.', ...about, ...join, attached],
              calendar: 'REQUEST',
            }
          : {
              subject: `Lektorium: lesson booked for ${date}, ${time}`,
              lines: ['Hello,', 'your lesson is booked.', ...about, ...join, attached],
              calendar: 'REQUEST',
            }
      return pl
        ? {
            subject: `Lektorium: nowa lekcja ${date}, ${time}`,
            lines: ['Dzień dobry,', `${other} zarezerwował(a) u Ciebie lekcję.`, ...about, ...join, attached],
            calendar: 'REQUEST',
          }
        : {
            subject: `Lektorium: new lesson on ${date}, ${time}`,
            lines: ['Hello,', `${other} has booked a lesson with you.`, ...about, ...join, attached],
            calendar: 'REQUEST',
          }
    case 'cancelled': {
      const reason = lesson.cancellationReason?.trim()
      const byMe = lesson.cancelledBy === me.id
      const byOther = lesson.cancelledBy !== null && !byMe
      const isParty = lesson.cancelledBy === lesson.teacher.id || lesson.cancelledBy === lesson.student.id
      const whoPl = byMe
        ? 'Lekcja została odwołana przez Ciebie.'
        : byOther && isParty
          ? `${other} odwołał(a) lekcję.`
          : 'Lekcja została odwołana.'
      const whoEn = byMe
        ? 'You have cancelled the lesson.'
        : byOther && isParty
          ? `${other} has cancelled the lesson.`
          : 'The lesson has been cancelled.'
      return pl
        ? {
            subject: `Lektorium: lekcja ${date}, ${time} odwołana`,
            lines: [
              'Dzień dobry,',
              whoPl,
              ...about,
              ...(reason ? [`Powód: ${reason}`] : []),
              'Wydarzenie w załączniku usuwa ją z Twojego kalendarza.',
            ],
            calendar: 'CANCEL',
          }
        : {
            subject: `Lektorium: lesson on ${date}, ${time} cancelled`,
            lines: [
              'Hello,',
              whoEn,
              ...about,
              ...(reason ? [`Reason: ${reason}`] : []),
              'The attached event removes it from your calendar.',
            ],
            calendar: 'CANCEL',
          }
    }
    default: {
      const soon = kind === 'second_reminder'
      return pl
        ? {
            subject: soon
              ? `Lektorium: lekcja o ${time}`
              : `Lektorium: przypomnienie o lekcji ${date}, ${time}`,
            lines: ['Dzień dobry,', 'przypominamy o lekcji.', ...about, ...join],
          }
        : {
            subject: soon
              ? `Lektorium: lesson at ${time}`
              : `Lektorium: reminder of the lesson on ${date}, ${time}`,
            lines: ['Hello,', 'a reminder of your lesson.', ...about, ...join],
          }
    }
  }
}

/** The message of `kind` for one party of the lesson. */
export function lessonMail(
  kind: MailKind,
  lesson: MailLesson,
  to: Recipient,
  school: { publicUrl: string; mailFrom: string; now: Date },
): MailMessage {
  const recipient = to === 'teacher' ? lesson.teacher : lesson.student
  const link = joinLink(school.publicUrl, lesson.id)
  const { subject, lines, calendar } = words(kind, lesson, to, link)
  const html = lines
    .map((line) => {
      const text = escapeHtml(line)
      return line === link ? `<p><a href="${text}">${text}</a></p>` : `<p>${text}</p>`
    })
    .join('\n')
  const message: MailMessage = { to: recipient.email, subject, text: `${lines.join('\n\n')}\n`, html }
  if (!calendar) return message
  const other = to === 'teacher' ? lesson.student : lesson.teacher
  const pl = recipient.locale === 'pl'
  const language = pl ? lesson.language.namePl : lesson.language.name
  const content = lessonCalendar(
    {
      lessonId: lesson.id,
      startsAt: lesson.startsAt,
      endsAt: lesson.endsAt,
      summary: pl
        ? `Lekcja: ${language} (${lesson.level}) – ${nameOf(other)}`
        : `Lesson: ${language} (${lesson.level}) – ${nameOf(other)}`,
      description: pl ? `Dołącz do lekcji: ${link}` : `Join the lesson: ${link}`,
      url: link,
      organizer: { name: 'Lektorium', email: school.mailFrom },
      attendee: { name: nameOf(recipient), email: recipient.email },
      stamp: school.now,
    },
    calendar,
    school.publicUrl,
  )
  return { ...message, icalEvent: { method: calendar, content, filename: 'lekcja.ics' } }
}
