import { createHash } from 'node:crypto'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeOpenAi, startFakeOpenAi } from '../../../../tests/fakes/fake-openai.ts'
import { archiveResponse } from '../../../domain/api/recordings.ts'
import { buildAiTestApp } from '../../test-support/ai-lesson.ts'
import type { TestApp } from '../../test-support/build-test-app.ts'
import { bearer } from '../../test-support/fixtures.ts'
import { post } from '../../test-support/http.ts'
import { addLessonAt, lessonParties, refusal } from '../../test-support/my-lessons.ts'
import {
  RECAP_ANSWER,
  RECAP_TRANSCRIPT,
  readyRecording,
  recapJobs,
  recapOf,
} from '../../test-support/recaps.ts'
import { webmChunks } from '../../test-support/webm.ts'
import { CLI_ACTOR } from '../admin/public.ts'
import { updateSettings } from '../settings/public.ts'
import { makeRecap, RECAP_ATTEMPTS } from './recap-job.ts'

// The recap's job against a stand-in OpenAI-compatible server on 127.0.0.1 (the school's model):
// what a finished recording sends where, the draft it makes, a malformed answer, a model that does
// not answer, and the school's daily cap under many recordings at once.

let t: TestApp
let fake: FakeOpenAi
beforeAll(async () => {
  fake = await startFakeOpenAi()
  t = await buildAiTestApp(fake, { transcribeModel: 'whisper-test', timeoutMs: 2000 })
  await updateSettings(t.ctx, { recapDailyMax: 5, recapPublishAfterHours: 24 }, CLI_ACTOR)
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => {
  t.clock.set('2026-03-10T09:00:00Z')
  fake.replies = []
  fake.chats = []
  fake.transcriptions = []
  fake.transcript = RECAP_TRANSCRIPT.text
  fake.segments = RECAP_TRANSCRIPT.segments
  fake.defaultReply = { pieces: [JSON.stringify(RECAP_ANSWER)] }
})

async function onlyRecap(lessonId: string) {
  const [recap, ...more] = await recapOf(t, lessonId)
  expect(more).toEqual([])
  if (!recap) throw new Error('no recap was planned')
  return recap
}

describe('the lesson recap job', () => {
  it('transcribes the audio track once and asks for one recap with the memo and transcript, kept as a draft', async () => {
    const room = await readyRecording(t, { memo: 'Polite requests: would like.' })
    const planned = await onlyRecap(room.lesson.id)
    expect(planned.status).toBe('preparing')

    await makeRecap(t.ctx, { recapId: planned.id })

    expect(fake.transcriptions).toEqual([
      expect.objectContaining({
        model: 'whisper-test',
        sha256: room.audioSha,
        language: 'en',
        responseFormat: 'verbose_json',
      }),
    ])
    expect(fake.transcriptions[0]?.sha256).not.toBe(room.videoSha)
    expect(fake.chats).toHaveLength(1)
    const sent = fake.chats[0]?.body
    expect(sent).toMatchObject({
      model: 'tutor-model',
      stream: false,
      response_format: { type: 'json_object' },
    })
    const prompt = sent?.messages.map((m) => m.content).join('\n') ?? ''
    expect(prompt).toContain('Polite requests: would like.')
    expect(prompt).toContain('[0:04] I would like a sandwich.')
    expect(prompt).toContain('translation into Polish')

    const draft = await onlyRecap(room.lesson.id)
    expect(draft).toMatchObject({ status: 'draft', content: RECAP_ANSWER, transcript: RECAP_TRANSCRIPT })
    expect(draft.publishAt?.toISOString()).toBe('2026-03-11T09:00:00.000Z')
    // One job per model endpoint at a time (its singleton key); the publishing job waits for its
    // hour; a rerun of the recap's job changes nothing.
    expect(await recapJobs(t, 'lesson-recap', [planned.id])).toEqual([
      expect.objectContaining({ singleton_key: fake.url }),
    ])
    expect(await recapJobs(t, 'lesson-recap-publish', [planned.id])).toHaveLength(1)
    await makeRecap(t.ctx, { recapId: planned.id })
    expect(fake.transcriptions).toHaveLength(1)
    expect(fake.chats).toHaveLength(1)
  })

  it('asks once more after a malformed answer, then fails the recap with the reason', async () => {
    const room = await readyRecording(t)
    const { id } = await onlyRecap(room.lesson.id)
    fake.replies.push({ pieces: ['Here is your recap: topics...'] }, { pieces: ['{"topics": ["food"]}'] })

    await makeRecap(t.ctx, { recapId: id })

    expect(fake.chats).toHaveLength(2)
    expect(fake.chats[1]?.body.messages.at(-1)?.content).toContain('not JSON')
    const failed = await onlyRecap(room.lesson.id)
    expect(failed.status).toBe('failed')
    expect(failed.content).toBeNull()
    expect(failed.failureReason).toContain("did not have the recap's form twice")
    expect(failed.failureReason).toContain('words')
  })

  it('keeps a malformed first answer out and drafts the corrected second one', async () => {
    const room = await readyRecording(t)
    const { id } = await onlyRecap(room.lesson.id)
    const twoExercises = { ...RECAP_ANSWER, exercises: RECAP_ANSWER.exercises.slice(0, 2) }
    fake.replies.push({ pieces: [JSON.stringify(twoExercises)] })

    await makeRecap(t.ctx, { recapId: id })

    expect(fake.chats).toHaveLength(2)
    expect(await onlyRecap(room.lesson.id)).toMatchObject({ status: 'draft', content: RECAP_ANSWER })
  })

  it('lets the queue retry a model that does not answer, and fails the recap after the last attempt', async () => {
    const room = await readyRecording(t)
    const { id } = await onlyRecap(room.lesson.id)
    fake.defaultReply = { status: 503 }
    for (let run = 1; run < RECAP_ATTEMPTS; run++) {
      await expect(makeRecap(t.ctx, { recapId: id })).rejects.toThrow('answered 503')
      expect((await onlyRecap(room.lesson.id)).status).toBe('preparing')
    }
    await makeRecap(t.ctx, { recapId: id })
    // The transcript was made once and kept for the retries.
    expect(fake.transcriptions).toHaveLength(1)
    const failed = await onlyRecap(room.lesson.id)
    expect(failed.status).toBe('failed')
    expect(failed.failureReason).toContain('the model did not answer')
  })

  it('keeps the audio-only track sent beside the video, numbered on its own, and transcribes that file', async () => {
    const pair = await lessonParties(t, { student: { voiceRecordingAgreed: true } })
    const lesson = await addLessonAt(t, pair, 0)
    const token = pair.teacher.token
    const started = await post(t.app, '/lessons/archives/create', {
      token,
      payload: { lesson_id: lesson.id },
    })
    const archiveId = v.parse(archiveResponse, started.json()).data.id
    const send = (track: string, seq: number, bytes: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/lessons/archives/chunks?archive_id=${archiveId}&seq=${seq}&track=${track}`,
        headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
        payload: bytes,
      })
    const video = [...webmChunks({ seconds: 4, chunkBytes: 60_000 })]
    const audio = [...webmChunks({ seconds: 4, fps: 50, frameBytes: 120, chunkBytes: 4_000 })]
    for (const [seq, bytes] of video.entries()) expect((await send('video', seq, bytes)).statusCode).toBe(200)
    const gap = await send('audio', 1, audio[1] ?? Buffer.alloc(0))
    expect(refusal(gap)).toMatchObject({
      status: 409,
      code: 'recording_chunk_gap',
      params: { expected: '0' },
    })
    for (const [seq, bytes] of audio.entries())
      expect((await send('audio', seq, bytes)).json()).toMatchObject({ data: { next_seq: seq + 1 } })
    expect(
      (await post(t.app, '/lessons/archives/stop', { token, payload: { lesson_id: lesson.id } })).statusCode,
    ).toBe(200)
    await t.ctx.recordings.idle()

    const recap = await onlyRecap(lesson.id)
    await makeRecap(t.ctx, { recapId: recap.id })
    const audioSha = createHash('sha256').update(Buffer.concat(audio)).digest('hex')
    expect(fake.transcriptions.map((sent) => sent.sha256)).toEqual([audioSha])
    expect((await onlyRecap(lesson.id)).status).toBe('draft')
  })

  it('plans nothing without the student agreeing to voice recording', async () => {
    const room = await readyRecording(t, { agreed: false })
    expect(await recapOf(t, room.lesson.id)).toEqual([])
  })

  it("holds the school's daily cap under 20 recordings finishing at once, the rest waiting for the next day", async () => {
    t.clock.set('2026-03-12T15:00:00Z')
    const rooms = []
    for (let i = 0; i < 20; i++) rooms.push(await readyRecording(t))
    const recaps = await Promise.all(rooms.map((room) => onlyRecap(room.lesson.id)))
    const ids = recaps.map((recap) => recap.id)
    expect(await recapJobs(t, 'lesson-recap', ids)).toHaveLength(20)

    await Promise.all(recaps.map((recap) => makeRecap(t.ctx, { recapId: recap.id })))

    const after = await Promise.all(rooms.map((room) => onlyRecap(room.lesson.id)))
    expect(after.filter((r) => r.status === 'draft')).toHaveLength(5)
    expect(after.filter((r) => r.status === 'preparing' && r.startedAt === null)).toHaveLength(15)
    expect(fake.transcriptions).toHaveLength(5)
    // The 15 over the cap have a job each for the next Poland day (midnight, 23:00 UTC in March).
    const jobs = await recapJobs(t, 'lesson-recap', ids)
    const planned = Math.min(...jobs.map((job) => job.start_after.getTime()))
    const later = jobs.filter((job) => job.start_after.getTime() - planned > 7 * 3_600_000)
    expect(later).toHaveLength(15)
  })
})
