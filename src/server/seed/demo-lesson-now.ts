import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm'
import { JOIN_WINDOW_MINUTES } from '../../domain/constants.ts'
import type { ServiceContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { languages, levels, users } from '../db/schema.ts'
import { lessons } from '../db/schema-lessons.ts'
import { soonStart } from './demo-lesson-times.ts'
import { DEMO_LESSON_EMAILS } from './demo-lessons.ts'

// The demo student Piotr's lesson "starting now" used to be seeded once, into an empty database;
// a later `npm start` found it long over (and one seeded at night waited for 06:00).
// At every start with demo data, Piotr gets a lesson with Anna starting within a quarter hour
// unless one of his lessons can be joined already, so Join can be tried at any hour.

const MINUTE_MS = 60_000
const LESSON_MS = 45 * MINUTE_MS
const JOIN_MS = JOIN_WINDOW_MINUTES * MINUTE_MS

async function demoPair(db: Db): Promise<{ anna: string; piotr: string } | null> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.email, [DEMO_LESSON_EMAILS.anna, DEMO_LESSON_EMAILS.piotr]),
        eq(users.status, 'active'),
      ),
    )
  const anna = rows.find((row) => row.email === DEMO_LESSON_EMAILS.anna)?.id
  const piotr = rows.find((row) => row.email === DEMO_LESSON_EMAILS.piotr)?.id
  return anna && piotr ? { anna, piotr } : null
}

/** Active lessons of the student or teacher `who` overlapping [from, to). */
const overlapping = (party: 'studentId' | 'teacherId', who: string, from: Date, to: Date) =>
  and(
    eq(lessons[party], who),
    isNull(lessons.cancelledAt),
    lt(lessons.startsAt, to),
    gt(lessons.endsAt, from),
  )

/**
 * Adds Piotr's lesson "starting now" (soonStart: the next quarter hour, without a slot — the
 * schedule is Anna's to change) unless one of his lessons is joinable at `now`, or Anna or he is
 * busy then. Returns what it did, for the log.
 */
export async function ensureDemoLessonNow(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
): Promise<'added' | 'joinable' | 'busy' | 'no-demo'> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const pair = await demoPair(tx)
    if (!pair) return 'no-demo'
    // product-rules.md "Join window": from 15 minutes before the start to 15 minutes after the end.
    const joinable = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(
        overlapping(
          'studentId',
          pair.piotr,
          new Date(now.getTime() - JOIN_MS),
          new Date(now.getTime() + JOIN_MS),
        ),
      )
      .limit(1)
    if (joinable.length > 0) return 'joinable'
    const { startsAt } = soonStart(now)
    const endsAt = new Date(startsAt.getTime() + LESSON_MS)
    const busy = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(
        or(
          overlapping('teacherId', pair.anna, startsAt, endsAt),
          overlapping('studentId', pair.piotr, startsAt, endsAt),
        ),
      )
      .limit(1)
    if (busy.length > 0) return 'busy'
    const [english] = await tx
      .select({ id: languages.id })
      .from(languages)
      .where(eq(languages.name, 'English'))
    const [b1] = await tx.select({ id: levels.id }).from(levels).where(eq(levels.name, 'B1'))
    if (!english || !b1) return 'no-demo'
    await tx.insert(lessons).values({
      studentId: pair.piotr,
      teacherId: pair.anna,
      languageId: english.id,
      levelId: b1.id,
      startsAt,
      endsAt,
      timeSlotId: null,
    })
    return 'added'
  })
}
