import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeOpenAi, startFakeOpenAi } from '../../../../tests/fakes/fake-openai.ts'
import {
  aiLessonUrlResponse,
  conversationResponse,
  PRONUNCIATION_FIELDS,
  progressResponse,
  pronunciationResponse,
  topicsResponse,
  wordListResponse,
  wordResponse,
} from '../../../domain/api/ai-lesson.ts'
import { users } from '../../db/schema.ts'
import { aiReviews } from '../../db/schema-ai-lesson.ts'
import { aiStudent, buildAiTestApp } from '../../test-support/ai-lesson.ts'
import type { TestApp } from '../../test-support/build-test-app.ts'
import { bearer } from '../../test-support/fixtures.ts'
import { addLessonAt, getWith, lessonParties, postJson, refusal } from '../../test-support/my-lessons.ts'
import { signedInUser } from '../../test-support/sessions.ts'
import { verifyAiLessonToken } from './url.ts'

// The AI lesson's URL, who may use it, the wordbook with FSRS reviews replayed exactly once,
// pronunciation scoring through the fake transcription, and progress.

let t: TestApp
let fake: FakeOpenAi
const SECRET = 'provider-secret-0123456789abcdefghij'
beforeAll(async () => {
  fake = await startFakeOpenAi()
  t = await buildAiTestApp(fake, { transcribeModel: 'whisper-test' })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

const addWord = async (token: string, term: string) =>
  v.parse(
    wordResponse,
    (await postJson(t, token, '/ai-lesson/words/create', { term, translation: 'x', example: '' })).json(),
  ).data

describe('GET /students/ai-lesson-url and access', () => {
  it('answers the built-in tutor, or the provider with a token it can verify', async () => {
    const student = await aiStudent(t)
    const builtIn = v.parse(
      aiLessonUrlResponse,
      (await getWith(t, student.token, '/students/ai-lesson-url')).json(),
    )
    expect(builtIn.data).toEqual({
      url: 'http://lektorium.test/dashboard/ai-lesson',
      provider: 'built_in',
      expires_at: '2026-03-10T09:05:00.000Z',
    })
    const ai = t.config.ai
    Object.assign(ai, { lessonUrl: 'https://tutor.example.com/lesson?school=lk', lessonSecret: SECRET })
    try {
      const external = v.parse(
        aiLessonUrlResponse,
        (await getWith(t, student.token, '/students/ai-lesson-url')).json(),
      )
      expect(external.data.provider).toBe('external')
      const url = new URL(external.data.url)
      expect(url.origin + url.pathname).toBe('https://tutor.example.com/lesson')
      expect(url.searchParams.get('school')).toBe('lk')
      const token = url.searchParams.get('token') ?? ''
      expect(verifyAiLessonToken(token, SECRET, t.clock.now())).toMatchObject({
        sub: student.user.id,
        level: 'A2',
        locale: 'pl',
      })
      expect(verifyAiLessonToken(token, 'another-secret-0123456789abcdefghijk', t.clock.now())).toBeNull()
      expect(verifyAiLessonToken(`${token}x`, SECRET, t.clock.now())).toBeNull()
      expect(verifyAiLessonToken(token, SECRET, new Date('2026-03-10T09:05:00Z'))).toBeNull()
    } finally {
      Object.assign(ai, { lessonUrl: undefined, lessonSecret: undefined })
    }
  })

  it("refuses students without ai_access and teachers with the spec's text", async () => {
    const human = await signedInUser(t, { role: 'student', humanAccess: true, aiAccess: false })
    const teacher = await signedInUser(t, { role: 'teacher', aiAccess: true })
    for (const who of [human, teacher]) {
      for (const path of ['/students/ai-lesson-url', '/ai-lesson/words/list', '/ai-lesson/progress']) {
        expect(refusal(await getWith(t, who.token, path))).toEqual({
          status: 403,
          code: 'ai_access_denied',
          error: 'Failed to get access to the AI lesson',
        })
      }
    }
  })
})

describe('the wordbook', () => {
  it('saves a word once, whatever its case, and lists it due at once', async () => {
    const student = await aiStudent(t)
    const word = await addWord(student.token, 'el café')
    expect(word).toMatchObject({ term: 'el café', state: 'new', due: '2026-03-10T09:00:00.000Z', reps: 0 })
    expect((await addWord(student.token, 'El Café')).id).toBe(word.id)
    const list = v.parse(
      wordListResponse,
      (await getWith(t, student.token, '/ai-lesson/words/list')).json(),
    ).data
    expect(list.map((w) => w.term)).toEqual(['el café'])
  })

  it('applies a replayed review once (Idempotency-Key), at the time it was made offline', async () => {
    const student = await aiStudent(t)
    const word = await addWord(student.token, 'la mesa')
    t.clock.set('2026-03-10T12:00:00Z')
    const review = { word_id: word.id, grade: 4, reviewed_at: '2026-03-10T10:00:00.000Z' }
    const first = await postJson(t, student.token, '/ai-lesson/words/review', review, 'review-key-1')
    const replay = await postJson(t, student.token, '/ai-lesson/words/review', review, 'review-key-1')
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toEqual(first.json())
    const reviewed = v.parse(wordResponse, first.json()).data
    expect(reviewed).toMatchObject({ state: 'review', reps: 1, last_review: '2026-03-10T10:00:00.000Z' })
    const rows = await t.database.db.select().from(aiReviews).where(eq(aiReviews.wordId, word.id))
    expect(rows.map((r) => [r.grade, r.reviewedAt.toISOString()])).toEqual([[4, '2026-03-10T10:00:00.000Z']])
  })

  it("bounds a client's review time by the server's clock", async () => {
    const student = await aiStudent(t)
    const word = await addWord(student.token, 'el perro')
    const future = { word_id: word.id, grade: 3, reviewed_at: '2027-01-01T00:00:00.000Z' }
    const answer = v.parse(
      wordResponse,
      (await postJson(t, student.token, '/ai-lesson/words/review', future)).json(),
    )
    expect(answer.data.last_review).toBe('2026-03-10T09:00:00.000Z')
  })

  it("never reviews or deletes another student's word", async () => {
    const owner = await aiStudent(t)
    const other = await aiStudent(t)
    const word = await addWord(owner.token, 'secreto')
    const review = { word_id: word.id, grade: 3, reviewed_at: '2026-03-10T09:00:00.000Z' }
    expect((await postJson(t, other.token, '/ai-lesson/words/review', review)).statusCode).toBe(404)
    expect((await postJson(t, other.token, '/ai-lesson/words/delete', { word_id: word.id })).statusCode).toBe(
      404,
    )
    const theirs = v.parse(
      wordListResponse,
      (await getWith(t, other.token, '/ai-lesson/words/list')).json(),
    ).data
    expect(theirs).toEqual([])
    expect((await postJson(t, owner.token, '/ai-lesson/words/delete', { word_id: word.id })).statusCode).toBe(
      200,
    )
  })
})

describe('pronunciation', () => {
  const send = async (token: string, target: string) => {
    const form = new FormData()
    form.append(PRONUNCIATION_FIELDS.target, target)
    form.append(
      PRONUNCIATION_FIELDS.audio,
      new Blob([new Uint8Array(2048)], { type: 'audio/webm' }),
      'take.webm',
    )
    const body = new Response(form)
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/ai-lesson/pronunciation',
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { 'content-type': body.headers.get('content-type') ?? '', ...bearer(token) },
    })
  }

  it('transcribes the recording and scores it word by word', async () => {
    const student = await aiStudent(t)
    fake.transcript = 'Zazolc gęślą jaźń.'
    const answer = await send(student.token, 'Zażółć gęślą jaźń')
    expect(answer.statusCode).toBe(200)
    expect(v.parse(pronunciationResponse, answer.json()).data).toEqual({
      target: 'Zażółć gęślą jaźń',
      transcript: 'Zazolc gęślą jaźń.',
      score: 67,
      words: [
        { expected: 'zażółć', heard: 'zazolc', correct: false },
        { expected: 'gęślą', heard: 'gęślą', correct: true },
        { expected: 'jaźń', heard: 'jaźń', correct: true },
      ],
    })
    expect(fake.transcriptions.at(-1)).toMatchObject({
      model: 'whisper-test',
      filename: 'take.webm',
      type: 'audio/webm',
      bytes: 2048,
    })
  })
})

describe('progress and topics', () => {
  it('counts words, reviews, the streak, minutes and mistakes by kind per Polish day', async () => {
    const student = await aiStudent(t)
    const word = await addWord(student.token, 'la casa')
    for (const day of ['2026-03-08', '2026-03-09', '2026-03-10']) {
      t.clock.set(`${day}T10:00:00Z`)
      await postJson(t, student.token, '/ai-lesson/words/review', {
        word_id: word.id,
        grade: 3,
        reviewed_at: `${day}T10:00:00.000Z`,
      })
    }
    fake.replies.push({
      pieces: ['CORRECTION: spelling | kasa | casa | Pisownia.\nCORRECTION: grammar | a | b | c\nBien.'],
    })
    await postJson(t, student.token, '/ai-lesson/chat/send', { text: 'Mi kasa' })
    t.clock.set('2026-03-10T10:07:00Z')
    fake.replies.push({ pieces: ['Vale.'] })
    const shown = v.parse(
      conversationResponse,
      (await getWith(t, student.token, '/ai-lesson/conversations/show')).json(),
    )
    await postJson(t, student.token, '/ai-lesson/chat/send', { conversation_id: shown.data?.id, text: 'Sí' })
    const progress = v.parse(
      progressResponse,
      (await getWith(t, student.token, '/ai-lesson/progress')).json(),
    ).data
    expect(progress).toMatchObject({
      words_total: 1,
      review_streak_days: 3,
      reviews_today: 1,
      minutes_today: 7,
    })
    expect(progress.days).toHaveLength(14)
    expect(progress.days.at(-1)).toEqual({
      date: '2026-03-10',
      reviews: 1,
      conversation_minutes: 7,
      mistakes: { grammar: 1, vocabulary: 0, spelling: 1, word_order: 0 },
    })
  })

  it("draws topics from the student's own recent lessons (the teacher's memo, else their note)", async () => {
    const pair = await lessonParties(t)
    await t.database.db.update(users).set({ aiAccess: true }).where(eq(users.id, pair.student.user.id))
    await addLessonAt(t, pair, -3 * 24 * 60, { teacherMemos: 'Past simple: irregular verbs' })
    await addLessonAt(t, pair, -2 * 24 * 60, { note: 'Chcę ćwiczyć rozmowę o pracy' })
    await addLessonAt(t, pair, -24 * 60, {
      teacherMemos: 'Odwołana',
      cancelledAt: new Date('2026-03-08T09:00:00Z'),
    })
    const topics = v.parse(topicsResponse, (await getWith(t, pair.student.token, '/ai-lesson/topics')).json())
    expect(topics.data.map((topic) => topic.title)).toEqual([
      'Chcę ćwiczyć rozmowę o pracy',
      'Past simple: irregular verbs',
    ])
  })
})
