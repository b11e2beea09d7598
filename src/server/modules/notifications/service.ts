import type { Log } from '../../platform/logger.ts'
import { type PlanContext, planLessons } from './planner.ts'

// What the rest of the server asks of notifications (issue #28).

export type LessonNotifications = {
  /**
   * Plans the e-mails of lessons just booked, after the booking's commit and off the answer's
   * path (the booking stays at the database's speed, issue #27); the sweep plans what a crash
   * here leaves out.
   */
  booked(lessonIds: string[]): void
  /** Resolves once nothing is being planned (tests, shutdown). */
  idle(): Promise<void>
}

export function createLessonNotifications(ctx: PlanContext & { log: Log }): LessonNotifications {
  const running = new Set<Promise<void>>()
  return {
    booked(lessonIds) {
      const run: Promise<void> = planLessons(ctx, lessonIds)
        .then(() => undefined)
        .catch((err: unknown) =>
          ctx.log.error({ err, lessonIds }, 'planning the e-mails of a booking failed'),
        )
        .finally(() => running.delete(run))
      running.add(run)
    },
    async idle() {
      while (running.size > 0) await Promise.all(running)
    },
  }
}
