import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { availabilityRules, users } from '../../db/schema.ts'
import { topUpSlots } from './materialise.ts'

// When a week rolls over, the new next week's slots exist only once someone saves or opens the
// teacher's timetable; search (issue #4 item 3) sees materialised slots only. So the server tops
// up every teacher with stored rules when it starts and then hourly (cheap once a week is done:
// topUpSlots remembers complete ranges).

const HOUR_MS = 60 * 60 * 1000

export async function topUpAllTeachers(db: Db, now: Date): Promise<void> {
  const teachers = await db
    .select({ id: availabilityRules.teacherId })
    .from(availabilityRules)
    .innerJoin(users, eq(users.id, availabilityRules.teacherId))
    .where(and(eq(users.role, 'teacher'), eq(users.status, 'active')))
  // One after another: each is a short transaction, and start-up must not crowd the database.
  for (const teacher of teachers) await topUpSlots(db, teacher.id, now)
}

/** Runs the top-up in the background after start and every hour; waits for a run on close. */
export function scheduleSlotTopUps(app: FastifyInstance): void {
  const { db, clock, log } = app.deps
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  const run = () => {
    running = running
      .then(() => topUpAllTeachers(db, clock.now()))
      .catch((error: unknown) => log.error({ err: error }, 'topping up teachers’ slots failed'))
  }
  app.addHook('onReady', async () => {
    run()
    timer = setInterval(run, HOUR_MS).unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
