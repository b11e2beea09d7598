import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeOpenAi, startFakeOpenAi } from '../../../../tests/fakes/fake-openai.ts'
import { buildAiTestApp } from '../../test-support/ai-lesson.ts'
import type { TestApp } from '../../test-support/build-test-app.ts'
import { RECAP_ANSWER, readyRecording, recapOf } from '../../test-support/recaps.ts'
import { speechWebm } from '../../test-support/speech-webm.ts'
import { CLI_ACTOR } from '../admin/public.ts'
import { updateSettings } from '../settings/public.ts'
import { makeRecap } from './recap-job.ts'

// A lesson's audio track over the transcription API's size limit (here 60 kB) goes to the
// stand-in model in parts cut at a pause, and the recap is made from their joined transcript.

const MAX_BYTES = 60_000
let t: TestApp
let fake: FakeOpenAi
beforeAll(async () => {
  fake = await startFakeOpenAi()
  t = await buildAiTestApp(fake, { transcribeModel: 'whisper-test', transcribeMaxBytes: MAX_BYTES })
  await updateSettings(t.ctx, { recapDailyMax: 5, recapPublishAfterHours: 24 }, CLI_ACTOR)
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => {
  t.clock.set('2026-03-10T09:00:00Z')
  fake.defaultReply = { pieces: [JSON.stringify(RECAP_ANSWER)] }
})

describe('a long lesson audio track', () => {
  it('is transcribed in two parts cut in its pause, and their transcripts are joined on its time', async () => {
    // 12 s: speech, a pause from 5 s to 6.5 s, speech; about 82 kB.
    const audio = speechWebm(12, [[5, 6.5]])
    expect(audio.length).toBeGreaterThan(MAX_BYTES)
    const room = await readyRecording(t, { audio })
    const [planned] = await recapOf(t, room.lesson.id)
    fake.transcriptReplies = [
      {
        text: 'I would like a sandwich.',
        segments: [{ start: 0.5, end: 4.8, text: 'I would like a sandwich.' }],
      },
      { text: 'With cheese, please.', segments: [{ start: 1, end: 5.5, text: 'With cheese, please.' }] },
    ]

    await makeRecap(t.ctx, { recapId: planned?.id ?? '' })

    expect(fake.transcriptions).toHaveLength(2)
    for (const sent of fake.transcriptions) {
      expect(sent.bytes).toBeLessThanOrEqual(MAX_BYTES)
      expect(sent).toMatchObject({
        model: 'whisper-test',
        type: 'audio/webm',
        responseFormat: 'verbose_json',
      })
    }
    const [recap] = await recapOf(t, room.lesson.id)
    expect(recap?.status).toBe('draft')
    expect(recap?.transcript?.text).toBe('I would like a sandwich. With cheese, please.')
    const [first, second] = recap?.transcript?.segments ?? []
    expect(first).toEqual({ start: 0.5, end: 4.8, text: 'I would like a sandwich.' })
    // The second part starts in the pause: its segment moves by that part's start (5 s to 6.5 s).
    expect(second?.text).toBe('With cheese, please.')
    expect(second?.start).toBeGreaterThanOrEqual(6)
    expect(second?.start).toBeLessThanOrEqual(7.5)
    expect((second?.end ?? 0) - (second?.start ?? 0)).toBeCloseTo(4.5, 5)
    // One recap request, with the whole lesson's transcript.
    expect(fake.chats).toHaveLength(1)
    const prompt = fake.chats[0]?.body.messages.map((m) => m.content).join('\n') ?? ''
    expect(prompt).toContain('I would like a sandwich.')
    expect(prompt).toContain('With cheese, please.')
  })
})
