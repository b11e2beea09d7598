import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { addLessonAt, lessonParties } from '../../test-support/my-lessons.ts'
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.ts'
import { type SmtpSink, startSmtpSink } from '../../test-support/smtp-sink.ts'
import { storyNow } from '../../test-support/story-clock.ts'
import { planLessons } from './planner.ts'

// A server killed with SIGKILL before a reminder's time sends it after its restart, late and once.
// Real server processes (src/server/main.ts) on the test's PostgreSQL, mail through a real SMTP
// server; this file's own app only plans (it runs no jobs).

let sink: SmtpSink
let t: TestApp
let dataDir: string
let env: Record<string, string>
beforeAll(async () => {
  sink = await startSmtpSink()
  t = await buildTestApp()
  t.clock.set(storyNow())
  dataDir = mkdtempSync(path.join(tmpdir(), 'lk-restart-'))
  env = {
    DATABASE_URL: t.databaseUrl,
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    DEMO_DATA: 'false',
    JOBS_WORKER: 'true',
  }
})
afterAll(async () => {
  await t.close()
  await sink.close()
  rmSync(dataDir, { recursive: true, force: true })
})

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
