import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { archiveListResponse, archiveResponse } from '../../../domain/api/recordings.ts'
import { buildApp } from '../../app.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer } from '../../test-support/fixtures.ts'
import { get, post } from '../../test-support/http.ts'
import { addLessonAt, lessonParties } from '../../test-support/my-lessons.ts'
import { webmChunks } from '../../test-support/webm.ts'

// A server restart in the middle of a recording (worker.ts): the silence a new process counts is
// the silence it could have heard. The uploader, which kept its chunks while the server was away,
// goes on; only 45 s of silence after the new process started means it is gone.

let t: TestApp
let restarted: FastifyInstance | undefined
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await restarted?.close()
  await t.close()
})

describe('a recording across a server restart', () => {
  it('is not taken for abandoned by a process that started after the silence began', async () => {
    t.clock.set('2026-03-10T09:00:00Z')
    const pair = await lessonParties(t, { student: { voiceRecordingAgreed: true } })
    const lesson = await addLessonAt(t, pair, 0)
    const token = pair.teacher.token
    const created = await post(t.app, '/lessons/archives/create', {
      token,
      payload: { lesson_id: lesson.id },
    })
    const archive = v.parse(archiveResponse, created.json()).data
    const [chunk] = [...webmChunks({ seconds: 8, chunkBytes: 100_000 })]
    if (!chunk) throw new Error('no chunk')
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/lessons/archives/chunks?archive_id=${archive.id}&seq=0`,
      headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
      payload: chunk,
    })
    expect(sent.statusCode).toBe(200)

    // The server stops; a minute later a new process starts on the same database.
    await t.app.close()
    t.clock.advance(60_000)
    const next = await buildApp({ ...t, logger: false })
    restarted = next
    await next.ready()
    const status = async () => {
      const answer = await get(next, `/lessons/archives/list?lesson_id=${lesson.id}`, token)
      return v.parse(archiveListResponse, answer.json()).data[0]?.status
    }
    await next.deps.recordings.tick()
    expect(await status()).toBe('recording')
    // Once the new process has listened for 45 s and heard nothing, the uploader is gone.
    t.clock.advance(46_000)
    await next.deps.recordings.tick()
    await next.deps.recordings.idle()
    expect(await status()).toBe('ready')
  })
})
