import type { PushPayload } from '../../../domain/api/push.ts'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import type { JobPayloads } from '../../platform/jobs.ts'
import type { MailLesson, Party, Recipient } from './lesson-mail.ts'
import { deliverPush, type PushContext } from './push.ts'
import { loadMailLesson } from './repository.ts'

// A lesson's pushes to the installed app: the teacher's new booking, both parties' "lesson soon" 10
// minutes before, the other party's cancellation. Short, in the recipient's locale, times in Poland
// time (product-rules.md "Time zone"). The payload names the lesson and its times so the service
// worker decides at click time whether the room is open (product-rules.md "Join window").

export type PushKind = JobPayloads['lesson-push']['kind']

const nameOf = (p: Party) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email

/** my-lessons, naming the lesson a push is about. */
export const myLessonPath = (lessonId: string) =>
  `/dashboard/my-lessons?${new URLSearchParams({ lesson_id: lessonId })}`

export function lessonPush(kind: PushKind, lesson: MailLesson, to: Recipient): PushPayload {
  const me = to === 'teacher' ? lesson.teacher : lesson.student
  const other = nameOf(to === 'teacher' ? lesson.student : lesson.teacher)
  const pl = me.locale === 'pl'
  const date = formatPolandDate(lesson.startsAt).slice(0, 5)
  const time = formatPolandTime(lesson.startsAt)
  const language = pl ? lesson.language.namePl : lesson.language.name
  const about = `${language} · ${other}`
  const words =
    kind === 'push_booked'
      ? pl
        ? { title: 'Nowa lekcja', body: `${date}, ${time} (czas polski) · ${about}` }
        : { title: 'New lesson', body: `${date}, ${time} (Poland time) · ${about}` }
      : kind === 'push_soon'
        ? pl
          ? { title: `Lekcja o ${time}`, body: `${about}. Możesz już dołączyć.` }
          : { title: `Lesson at ${time}`, body: `${about}. You can join now.` }
        : pl
          ? { title: 'Lekcja odwołana', body: `${date}, ${time} (czas polski) · ${about}` }
          : { title: 'Lesson cancelled', body: `${date}, ${time} (Poland time) · ${about}` }
  // A cancelled lesson's push carries no times: its click never leads to the room.
  const times =
    kind === 'push_cancelled'
      ? {}
      : { starts_at: lesson.startsAt.toISOString(), ends_at: lesson.endsAt.toISOString() }
  return {
    ...words,
    url: myLessonPath(lesson.id),
    tag: `lesson-${lesson.id}`,
    lesson_id: lesson.id,
    ...times,
  }
}

/**
 * The job of one push to one party. Like the e-mails it reads the lesson first: a cancelled
 * lesson's booking or "soon" push, or one planned for another start, is dropped. A push that
 * reached no device while some failed is retried by the queue (none got it, so none gets it twice).
 */
export async function onLessonPush(
  ctx: PushContext & { clock: { now(): Date } },
  data: JobPayloads['lesson-push'],
): Promise<void> {
  const lesson = await loadMailLesson(ctx.db, data.lessonId)
  if (!lesson) return
  if (data.kind === 'push_cancelled' ? !lesson.cancelledAt : lesson.cancelledAt) return
  if (data.kind === 'push_soon') {
    if (lesson.startsAt.toISOString() !== data.startsAt || lesson.startsAt <= ctx.clock.now()) return
  }
  const party = data.to === 'teacher' ? lesson.teacher : lesson.student
  const { sent, failed } = await deliverPush(ctx, party.id, lessonPush(data.kind, lesson, data.to))
  if (sent === 0 && failed > 0) throw new Error(`the push reached none of ${failed} devices`)
}
