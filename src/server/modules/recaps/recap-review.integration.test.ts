import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeOpenAi, startFakeOpenAi } from '../../../../tests/fakes/fake-openai.ts'
import { topicsResponse } from '../../../domain/api/ai-lesson.ts'
import { type Recap, recapListResponse, recapResponse } from '../../../domain/api/recaps.ts'
import { runOpsCommand } from '../../cli/commands.ts'
import { studentLearnedLanguages, users } from '../../db/schema.ts'
import { aiWords } from '../../db/schema-ai-lesson.ts'
import { buildAiTestApp, languageId } from '../../test-support/ai-lesson.ts'
import type { TestApp } from '../../test-support/build-test-app.ts'
import { getWith, postJson, refusal } from '../../test-support/my-lessons.ts'
import { RECAP_ANSWER, RECAP_TRANSCRIPT, readyRecording, recapOf } from '../../test-support/recaps.ts'
import { signedInUser } from '../../test-support/sessions.ts'
import { CLI_ACTOR } from '../admin/public.ts'
import { updateSettings } from '../settings/public.ts'
import { makeRecap } from './recap-job.ts'
import { publishDueRecap } from './worker.ts'

// The teacher's review of a draft recap (edit, remove, publish, or its own publishing after the
// school's hours), the student's reading of a published recap only, the transcript's deletion, the
// retention rule, and `ops recaps`.

let t: TestApp
let fake: FakeOpenAi
beforeAll(async () => {
  fake = await startFakeOpenAi()
  fake.transcript = RECAP_TRANSCRIPT.text
  fake.segments = RECAP_TRANSCRIPT.segments
  fake.defaultReply = { pieces: [JSON.stringify(RECAP_ANSWER)] }
  t = await buildAiTestApp(fake, { transcribeModel: 'whisper-test' })
  await updateSettings(t.ctx, { recapDailyMax: 50 }, CLI_ACTOR)
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

/** A lesson whose recap the model has drafted. */
async function drafted() {
  const room = await readyRecording(t, { memo: 'Polite requests.' })
  const [recap] = await recapOf(t, room.lesson.id)
  if (!recap) throw new Error('no recap planned')
  await makeRecap(t.ctx, { recapId: recap.id })
  return { ...room, recapId: recap.id }
}

async function listed(token: string, lessonId: string): Promise<Recap[]> {
  const response = await getWith(t, token, '/lessons/recaps/list', { lesson_id: lessonId })
  expect(response.statusCode).toBe(200)
  return v.parse(recapListResponse, response.json()).data
}
const recapOfAnswer = (response: { json(): unknown }) => v.parse(recapResponse, response.json()).data

describe('reviewing and reading a lesson recap', () => {
  it('shows the draft to the teacher only; the edited, published recap reaches the student', async () => {
    const room = await drafted()
    const [teachers] = await listed(room.teacher.token, room.lesson.id)
    expect(teachers).toMatchObject({ status: 'draft', content: RECAP_ANSWER, transcript: RECAP_TRANSCRIPT })
    const [students] = await listed(room.student.token, room.lesson.id)
    expect(students).toMatchObject({ status: 'draft', content: null, transcript: null, failure_reason: null })

    const edited = { ...RECAP_ANSWER, words: RECAP_ANSWER.words.slice(1) }
    const byStudent = await postJson(t, room.student.token, '/lessons/recaps/update', {
      recap_id: room.recapId,
      content: edited,
    })
    expect(refusal(byStudent)).toMatchObject({ status: 403, code: 'forbidden' })
    const saved = await postJson(t, room.teacher.token, '/lessons/recaps/update', {
      recap_id: room.recapId,
      content: edited,
    })
    expect(recapOfAnswer(saved).content?.words.map((w) => w.term)).toEqual(['I would like'])
    expect(
      refusal(await postJson(t, room.student.token, '/lessons/recaps/publish', { recap_id: room.recapId })),
    ).toMatchObject({ status: 403, code: 'forbidden' })

    t.clock.set('2026-03-10T10:00:00Z')
    const published = await postJson(t, room.teacher.token, '/lessons/recaps/publish', {
      recap_id: room.recapId,
    })
    expect(recapOfAnswer(published)).toMatchObject({
      status: 'published',
      published_at: '2026-03-10T10:00:00.000Z',
    })
    const [read] = await listed(room.student.token, room.lesson.id)
    expect(read).toMatchObject({ status: 'published', content: edited, has_transcript: true })
    // Published, it is no longer a draft to change.
    const late = await postJson(t, room.teacher.token, '/lessons/recaps/update', {
      recap_id: room.recapId,
      content: RECAP_ANSWER,
    })
    expect(refusal(late)).toMatchObject({ status: 409, code: 'recap_not_draft' })
  })

  it('lets no one but the lesson’s parties read or change a recap', async () => {
    const room = await drafted()
    const otherTeacher = await signedInUser(t, { role: 'teacher' })
    const otherStudent = await signedInUser(t, { role: 'student', humanAccess: true })
    for (const stranger of [otherTeacher, otherStudent]) {
      const read = await getWith(t, stranger.token, '/lessons/recaps/list', { lesson_id: room.lesson.id })
      expect(read.statusCode).toBe(404)
      for (const path of [
        '/lessons/recaps/publish',
        '/lessons/recaps/delete_transcript',
        '/lessons/recaps/add_words',
      ]) {
        expect((await postJson(t, stranger.token, path, { recap_id: room.recapId })).statusCode).toBe(404)
      }
      const edit = { recap_id: room.recapId, content: RECAP_ANSWER }
      expect((await postJson(t, stranger.token, '/lessons/recaps/update', edit)).statusCode).toBe(404)
    }
    expect((await recapOf(t, room.lesson.id))[0]).toMatchObject({ status: 'draft' })
  })

  it('publishes a draft the teacher left when its hour comes', async () => {
    const room = await drafted()
    t.clock.set('2026-03-12T09:00:00Z')
    await publishDueRecap(t.ctx, { recapId: room.recapId })
    const [read] = await listed(room.student.token, room.lesson.id)
    expect(read).toMatchObject({ status: 'published', content: RECAP_ANSWER })
  })

  it('lets the student delete the transcript, and removes the recap with its recording', async () => {
    const room = await drafted()
    await postJson(t, room.teacher.token, '/lessons/recaps/publish', { recap_id: room.recapId })
    const byTeacher = await postJson(t, room.teacher.token, '/lessons/recaps/delete_transcript', {
      recap_id: room.recapId,
    })
    expect(refusal(byTeacher)).toMatchObject({ status: 403, code: 'forbidden' })
    const deleted = await postJson(t, room.student.token, '/lessons/recaps/delete_transcript', {
      recap_id: room.recapId,
    })
    expect(recapOfAnswer(deleted)).toMatchObject({
      transcript: null,
      has_transcript: false,
      content: RECAP_ANSWER,
    })
    expect((await recapOf(t, room.lesson.id))[0]?.transcript).toBeNull()

    // The retention rule deletes the recording after RECORDING_RETENTION_DAYS, and the recap with it.
    t.clock.set('2026-06-10T09:00:00Z')
    await t.ctx.recordings.tick()
    expect(await recapOf(t, room.lesson.id)).toEqual([])
  })

  it("adds a published recap's words to the student's wordbook in one call, each once, linked to the lesson", async () => {
    const room = await drafted()
    const addWords = () =>
      postJson(t, room.student.token, '/lessons/recaps/add_words', { recap_id: room.recapId })
    // Not the student's to read while a draft.
    expect((await addWords()).statusCode).toBe(404)
    await postJson(t, room.teacher.token, '/lessons/recaps/publish', { recap_id: room.recapId })
    expect(refusal(await addWords())).toMatchObject({ status: 403, code: 'ai_access_denied' })
    await t.database.db.update(users).set({ aiAccess: true }).where(eq(users.id, room.student.user.id))
    // The student saved one of them by hand before: it stays as it was.
    await postJson(t, room.student.token, '/ai-lesson/words/create', {
      term: 'Sandwich',
      translation: 'kanapka',
    })

    expect((await addWords()).json()).toEqual({ data: { added: 1, total: 2 } })
    expect((await addWords()).json()).toEqual({ data: { added: 0, total: 2 } })
    const words = await t.database.db
      .select()
      .from(aiWords)
      .where(eq(aiWords.studentId, room.student.user.id))
    expect(words.map((w) => [w.term, w.example, w.lessonId]).sort()).toEqual([
      ['I would like', 'I would like a sandwich.', room.lesson.id],
      ['Sandwich', '', null],
    ])
    const byTeacher = await postJson(t, room.teacher.token, '/lessons/recaps/add_words', {
      recap_id: room.recapId,
    })
    expect(byTeacher.statusCode).toBe(403)
  })

  it("offers the tutor's conversation on a published recap's topics and words, which reach the model", async () => {
    const room = await drafted()
    await t.database.db.update(users).set({ aiAccess: true }).where(eq(users.id, room.student.user.id))
    const topicsOf = async () =>
      v.parse(topicsResponse, (await getWith(t, room.student.token, '/ai-lesson/topics')).json()).data
    // The memo is the topic until the recap is published.
    expect((await topicsOf())[0]).toMatchObject({ title: 'Polite requests.', from_recap: false })
    await postJson(t, room.teacher.token, '/lessons/recaps/publish', { recap_id: room.recapId })
    const [practise] = await topicsOf()
    expect(practise).toEqual({
      title: 'Ordering food in a café — sandwich, I would like',
      lesson_date: '2026-03-10',
      from_recap: true,
    })

    await t.database.db
      .insert(studentLearnedLanguages)
      .values({ studentId: room.student.user.id, languageId: await languageId(t, 'English') })
    fake.defaultReply = { pieces: ['Hello! What would you like?'] }
    const chat = await postJson(t, room.student.token, '/ai-lesson/chat/send', {
      topic: practise?.title,
      text: 'Hi',
    })
    expect(chat.payload).toContain('event: done')
    fake.defaultReply = { pieces: [JSON.stringify(RECAP_ANSWER)] }
    const system = fake.chats.at(-1)?.body.messages[0]?.content ?? ''
    expect(system).toContain('sandwich, I would like')
  })

  it('lists the recaps’ states for the operator', async () => {
    const room = await drafted()
    const output = await runOpsCommand(t.ctx, { command: 'recaps' })
    expect(output).toMatch(
      /^Lesson recaps: being prepared: \d+, waiting for the teacher: \d+, published: \d+, failed: \d+\./,
    )
    expect(output).toContain(
      `${room.recapId}\tlesson ${room.lesson.id}\tplanned 2026-03-10 09:00 UTC\twaiting for the teacher until 2026-03-12 09:00 UTC`,
    )
  })
})
