import { randomUUID } from 'node:crypto'
import { suitsWaitlist } from '../../../domain/api/waitlist.ts'
import {
  formatPolandDate,
  formatPolandTime,
  polandDateKey,
  startOfPolandWeek,
} from '../../../domain/poland-time.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { Clock } from '../../platform/clock.ts'
import type { JobPayloads, Jobs } from '../../platform/jobs.ts'
import type { Log } from '../../platform/logger.ts'
import type { Mailer } from '../../platform/mail.ts'
import { escapeHtml } from '../../platform/mail-templates.ts'
import type { PushMessage } from '../notifications/public.ts'
import { DEFAULT_SETTINGS, findSettings } from '../settings/public.ts'
import {
  entriesForTeacher,
  findEntry,
  findParty,
  freeSlotsAt,
  type NoticeParty,
  recordNotices,
  waitingFor,
} from './repository.ts'

// Telling waiting students of freed slots, on the durable job queue:
// 1. A cancellation, or the teacher's new availability, adds a `waitlist-freed` job in its own
//    transaction (so a slot freed is never forgotten, and a rolled-back change tells nobody).
// 2. That job finds the entries the free slots suit, in the order the students asked, records
//    which slots each is told of (once per slot, however often a slot frees up and is taken
//    again), and plans one `waitlist-notice` per entry, each a little after the one before it:
//    the first in line hears first. No slot is held: the first to book gets it.
// 3. A notice checks the slots again when it runs (one booked meanwhile is left out, and nothing
//    is sent when none is left), then pushes to the student's devices and e-mails them.

const MINUTE_MS = 60_000
/** How long the next in line waits after the one before them, at most MAX_HEAD_START_MS. */
const HEAD_START_MS = MINUTE_MS
const MAX_HEAD_START_MS = 15 * MINUTE_MS
/** Slots one job carries (a teacher adding a fortnight of availability). */
const MAX_SLOTS = 400
/** Slots a notice names; the rest are counted. */
const NAMED_SLOTS = 3

export type WaitlistNoticeContext = {
  db: Db
  jobs: Jobs
  mailer: Mailer
  clock: Clock
  log: Log
  config: Pick<Config, 'publicUrl'>
  /** Pushes to every device of a user (modules/notifications/push.ts); how many got it. */
  push?: (userId: string, message: PushMessage) => Promise<number>
}

/**
 * Inside the transaction that frees them: the teacher's slots starting at `startsAt` may suit the
 * students waiting for the teacher now (`exceptStudentId`: the one who freed it is not told of
 * it). Nothing is planned when nobody waits.
 */
export async function slotsFreed(
  tx: Db,
  jobs: Jobs,
  freed: { teacherId: string; startsAt: Date[]; exceptStudentId: string | null },
): Promise<void> {
  if (freed.startsAt.length === 0) return
  const entryIds = (await waitingFor(tx, freed.teacherId))
    .filter((entry) => entry.studentId !== freed.exceptStudentId)
    .map((entry) => entry.id)
  if (entryIds.length === 0) return
  await jobs.insert(
    'waitlist-freed',
    [
      {
        id: randomUUID(),
        data: {
          teacherId: freed.teacherId,
          startsAt: freed.startsAt.slice(0, MAX_SLOTS).map((at) => at.toISOString()),
          entryIds,
        },
      },
    ],
    tx,
  )
}

/**
 * Slots still free and still bookable (after the grace period, product-rules.md "Grace period").
 */
async function bookable(ctx: WaitlistNoticeContext, teacherId: string, startsAt: string[]) {
  const now = ctx.clock.now()
  const graceHours =
    (await findSettings(ctx.db))?.lessonEarlinessCondition ?? DEFAULT_SETTINGS.lessonEarlinessCondition
  const after = new Date(now.getTime() + graceHours * 60 * MINUTE_MS)
  return freeSlotsAt(
    ctx.db,
    teacherId,
    startsAt.map((at) => new Date(at)),
    after,
  )
}

export async function onSlotsFreed(ctx: WaitlistNoticeContext, data: JobPayloads['waitlist-freed']) {
  const free = await bookable(ctx, data.teacherId, data.startsAt)
  if (free.length === 0) return
  // Only those who waited when the slots were freed: whoever began later saw them free.
  const waited = new Set(data.entryIds)
  const entries = (await entriesForTeacher(ctx.db, data.teacherId)).filter((entry) => waited.has(entry.id))
  if (entries.length === 0) return
  const now = ctx.clock.now().getTime()
  await ctx.db.transaction(async (tx) => {
    const notices: { id: string; data: JobPayloads['waitlist-notice']; startAfter: Date }[] = []
    for (const entry of entries) {
      const suiting = free.filter((slot) => suitsWaitlist(entry, slot)).map((slot) => slot.startsAt)
      const jobId = randomUUID()
      const fresh = await recordNotices(tx, entry.id, jobId, suiting)
      if (fresh.length === 0) continue
      const headStart = Math.min(notices.length * HEAD_START_MS, MAX_HEAD_START_MS)
      notices.push({
        id: jobId,
        data: { entryId: entry.id, startsAt: fresh.map((at) => at.toISOString()).sort() },
        startAfter: new Date(now + headStart),
      })
    }
    await ctx.jobs.insert('waitlist-notice', notices, tx)
  })
}

const nameOf = (p: { firstName: string | null; lastName: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ')

/** The notice's words in the student's locale. */
export function noticeText(
  student: Pick<NoticeParty, 'locale'>,
  teacher: Pick<NoticeParty, 'id' | 'firstName' | 'lastName'>,
  slots: Date[],
  link: string,
): { subject: string; lines: string[]; push: PushMessage } {
  const pl = student.locale === 'pl'
  const tag = `waitlist-${teacher.id}`
  const named = slots.slice(0, NAMED_SLOTS).map((at) => `${formatPolandDate(at)}, ${formatPolandTime(at)}`)
  const more = slots.length - named.length
  const who = nameOf(teacher) || (pl ? 'lektora' : 'the teacher')
  const when = named.join('; ')
  if (pl) {
    const tail = more > 0 ? ` (i ${more} więcej)` : ''
    return {
      subject: `Lektorium: zwolnił się termin u ${who}`,
      lines: [
        'Dzień dobry,',
        `u ${who} zwolnił się termin, na który czekasz: ${when}${tail} (czas polski).`,
        'Termin nie jest zarezerwowany dla Ciebie: dostanie go pierwsza osoba, która go zarezerwuje.',
        'Zarezerwuj tutaj:',
        link,
      ],
      push: { title: `Wolny termin: ${who}`, body: `${when}${tail}`, url: link, tag },
    }
  }
  const tail = more > 0 ? ` (and ${more} more)` : ''
  return {
    subject: `Lektorium: a slot with ${who} is free`,
    lines: [
      'Hello,',
      `a slot you are waiting for is free with ${who}: ${when}${tail} (Poland time).`,
      'It is not held for you: the first to book it gets it.',
      'Book it here:',
      link,
    ],
    push: { title: `Free slot: ${who}`, body: `${when}${tail}`, url: link, tag },
  }
}

export async function onNotice(ctx: WaitlistNoticeContext, data: JobPayloads['waitlist-notice']) {
  const entry = await findEntry(ctx.db, data.entryId)
  // The student left the waitlist meanwhile.
  if (!entry) return
  const free = await bookable(ctx, entry.teacherId, data.startsAt)
  if (free.length === 0) return
  const [student, teacher] = await Promise.all([
    findParty(ctx.db, entry.studentId),
    findParty(ctx.db, entry.teacherId),
  ])
  if (!student || !teacher || student.status !== 'active') return
  const week = polandDateKey(startOfPolandWeek(free[0]?.startsAt ?? new Date()))
  const path = `/dashboard/set-lessons?${new URLSearchParams({ teacher: teacher.id, week })}`
  const link = `${ctx.config.publicUrl}${path}`
  const words = noticeText(
    student,
    teacher,
    free.map((slot) => slot.startsAt),
    link,
  )
  // The e-mail first: a failed send is retried by the queue before anything is pushed, and the
  // push after it is not retried (a failed push is logged), so nobody is pushed twice.
  if (student.emailNotifications) {
    const html = words.lines
      .map((line) => {
        const text = escapeHtml(line)
        return line === link ? `<p><a href="${text}">${text}</a></p>` : `<p>${text}</p>`
      })
      .join('\n')
    await ctx.mailer.send({
      to: student.email,
      subject: words.subject,
      text: `${words.lines.join('\n\n')}\n`,
      html,
    })
  }
  if (ctx.push)
    await ctx
      .push(student.id, { ...words.push, url: path })
      .catch((err: unknown) => ctx.log.error({ err, entryId: entry.id }, 'a waitlist push failed'))
}

export async function startWaitlistWorkers(ctx: WaitlistNoticeContext): Promise<void> {
  await ctx.jobs.work('waitlist-freed', (data) => onSlotsFreed(ctx, data))
  await ctx.jobs.work('waitlist-notice', (data) => onNotice(ctx, data))
}
