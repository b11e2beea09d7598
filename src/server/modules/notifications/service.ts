import type { Log } from '../../platform/logger.ts'
import { type PlanContext, planLessons } from './planner.ts'

// What the rest of the server asks of notifications.

export type LessonNotifications = {
  /**
   * Plans the e-mails of lessons just booked, after the booking's commit and off the answer's
   * path (the booking stays at the database's speed); the sweep plans what a crash
   * here leaves out.
   */
  booked(lessonIds: string[]): void
  /** Resolves once nothing is being planned (tests, shutdown). */
  idle(): Promise<void>
}

/** How long bookings are gathered before their e-mails are planned together. */
const GATHER_MS = 20

export function createLessonNotifications(ctx: PlanContext & { log: Log }): LessonNotifications {
  let waiting: string[] = []
  let timer: ReturnType<typeof setTimeout> | null = null
  let planning: Promise<void> = Promise.resolve()
  // Under load, many bookings a second are planned in one transaction of a few statements, not
  // one each (the booking's throughput is the database's).
  const flush = () => {
    timer = null
    const lessonIds = waiting
    waiting = []
    planning = planning.then(() =>
      planLessons(ctx, lessonIds)
        .then(() => undefined)
        .catch((err: unknown) =>
          ctx.log.error({ err, lessonIds }, 'planning the e-mails of bookings failed'),
        ),
    )
  }
  return {
    booked(lessonIds) {
      waiting.push(...lessonIds)
      timer ??= setTimeout(flush, GATHER_MS)
    },
    async idle() {
      while (timer !== null || waiting.length > 0) {
        if (timer !== null) {
          clearTimeout(timer)
          flush()
        }
        await planning
      }
      await planning
    },
  }
}
