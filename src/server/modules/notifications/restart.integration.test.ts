import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support/build-test-app.ts'
import { addLessonAt, lessonParties } from '../../test-support/my-lessons.ts'
import { openRestartRig, type RestartRig } from '../../test-support/restart-rig.ts'
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.ts'
import type { SmtpSink } from '../../test-support/smtp-sink.ts'
import { planLessons } from './planner.ts'

// A server killed with SIGKILL before a reminder's time sends it after its restart, late and once.
// Real server processes (src/server/main.ts) on the test's PostgreSQL, mail through a real SMTP
// server; this file's own app only plans (it runs no jobs).

let rig: RestartRig
let sink: SmtpSink
let t: TestApp
let env: Record<string, string>
beforeAll(async () => {
  rig = await openRestartRig('lk-restart-')
  ;({ sink, t, env } = rig)
})
afterAll(() => rig.close())

describe('a reminder across a crash', () => {
  it('is sent once, late, by the server started after the one that was killed', async () => {
    let first: ServerProcess | undefined = await startServerProcess(env)
    let second: ServerProcess | undefined
    try {
      const pair = await lessonParties(t)
      // The second reminder (60 minutes before) falls 4 seconds after planning.
      const lesson = await addLessonAt(t, pair, 60 + 4 / 60)
      await planLessons(t.app.deps, [lesson.id], { booked: false })
      await first.stop('SIGKILL')
      first = undefined
      // Its time passes with no server to send it.
      await new Promise((resolve) => setTimeout(resolve, 6_000))
      expect(sink.to(pair.student.user.email)).toHaveLength(0)

      second = await startServerProcess(env)
      const [late] = await sink.waitFor(pair.student.user.email, 1, 30_000)
      expect(late?.subject).toMatch(/^Lektorium: lekcja o \d\d:\d\d$/)
      await sink.waitFor(pair.teacher.user.email, 1, 30_000)
      // And only once.
      await new Promise((resolve) => setTimeout(resolve, 5_000))
      expect(sink.to(pair.student.user.email)).toHaveLength(1)
      expect(sink.to(pair.teacher.user.email)).toHaveLength(1)
    } finally {
      await first?.stop('SIGKILL')
      await second?.stop()
    }
  }, 120_000)
})
