import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type FakeOpenAi, startFakeOpenAi } from '../../../../tests/fakes/fake-openai.ts'
import { createLocalStorage, filesDir } from '../../platform/storage.ts'
import { buildAiTestApp } from '../../test-support/ai-lesson.ts'
import type { TestApp } from '../../test-support/build-test-app.ts'
import { RECAP_ANSWER, RECAP_TRANSCRIPT, readyRecording, recapOf } from '../../test-support/recaps.ts'
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.ts'
import { CLI_ACTOR } from '../admin/public.ts'
import { updateSettings } from '../settings/public.ts'

// Two server processes on one database, both running jobs, and one stand-in model: a recording's
// recap is transcribed and asked for once, whichever process takes it.

let t: TestApp
let fake: FakeOpenAi
let dir: string
let servers: ServerProcess[] = []

beforeAll(async () => {
  fake = await startFakeOpenAi()
  fake.transcript = RECAP_TRANSCRIPT.text
  fake.segments = RECAP_TRANSCRIPT.segments
  fake.defaultReply = { pieces: [JSON.stringify(RECAP_ANSWER)] }
  t = await buildAiTestApp(fake, { transcribeModel: 'whisper-test' })
  await updateSettings(t.ctx, { recapDailyMax: 5 }, CLI_ACTOR)
  dir = mkdtempSync(path.join(tmpdir(), 'lk-recap-nodes-'))
  const env = {
    ...t.databaseEnv,
    DATA_DIR: dir,
    DEMO_DATA: 'false',
    FILES_SECRET: 'recap-nodes-files-secret-0123456789',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'tutor-model',
    AI_TRANSCRIBE_MODEL: 'whisper-test',
  }
  servers = await Promise.all([startServerProcess(env), startServerProcess(env)])
}, 120_000)
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await t?.close()
  await fake?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

it('makes each recap once with two server processes running jobs', async () => {
  const storage = createLocalStorage(filesDir(dir))
  const rooms = [await readyRecording(t, { storage }), await readyRecording(t, { storage })]
  const lessonIds = rooms.map((room) => room.lesson.id)
  const drafted = async () => {
    const recaps = await Promise.all(lessonIds.map((id) => recapOf(t, id)))
    return recaps.flat().filter((recap) => recap.status === 'draft').length
  }
  await expect.poll(drafted, { timeout: 30_000, interval: 250 }).toBe(2)
  // Both processes poll every 2 s: long enough for a second run to show.
  await new Promise((resolve) => setTimeout(resolve, 4_500))
  expect(fake.transcriptions.map((sent) => sent.sha256).sort()).toEqual(
    rooms.map((room) => room.audioSha).sort(),
  )
  expect(fake.chats).toHaveLength(2)
}, 60_000)
