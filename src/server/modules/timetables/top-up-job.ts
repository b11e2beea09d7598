import type { FastifyInstance } from 'fastify'
import { topUpTeachers } from './materialise.ts'

// When a week rolls over, the new next week's slots exist only once someone saves or opens the
// teacher's timetable; search sees materialised slots only. So the server tops
// up every teacher with stored rules when it starts and then hourly: cheap once a week is done
// (the database remembers complete ranges: materialise.ts `topUpTeachers`).

const HOUR_MS = 60 * 60 * 1000

/** Runs the top-up in the background after start and every hour; waits for a run on close. */
export function scheduleSlotTopUps(app: FastifyInstance): void {
  const { clock, log } = app.deps
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  const run = () => {
    running = running
      .then(async () => {
        const started = performance.now()
        const { checked, filled } = await topUpTeachers(app.deps, clock.now())
        if (checked > 0)
          log.info({ checked, filled, ms: Math.round(performance.now() - started) }, 'slots topped up')
      })
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
