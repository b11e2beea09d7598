import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeOpenAi, startFakeOpenAi } from '../../../../tests/fakes/fake-openai.ts'
import { conversationResponse } from '../../../domain/api/ai-lesson.ts'
import { aiStudent, buildAiTestApp, chatEvents, languageId } from '../../test-support/ai-lesson.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { getWith, postJson, refusal } from '../../test-support/my-lessons.ts'

// The tutor, against a fake OpenAI-compatible server on 127.0.0.1, sends the learned language, the
// level, the explanation language and the history; replies stream; a model failure keeps the
// student's message for a retry; the daily cap refuses with its own text.

let t: TestApp
let fake: FakeOpenAi
const DAILY = 4
beforeAll(async () => {
  fake = await startFakeOpenAi()
  t = await buildAiTestApp(fake, { apiKey: 'test-key', dailyMessages: DAILY, timeoutMs: 400 })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => {
  t.clock.set('2026-03-10T09:00:00Z')
  fake.replies = []
})

const chat = (token: string, body: Record<string, unknown>) =>
  postJson(t, token, '/ai-lesson/chat/send', body)
const conversation = async (token: string) =>
  v.parse(conversationResponse, (await getWith(t, token, '/ai-lesson/conversations/show')).json()).data

describe('POST /ai-lesson/chat', () => {
  it('sends the learned language, level, explanation language and history, and streams the reply', async () => {
    const student = await aiStudent(t, ['Spanish'])
    const spanish = await languageId(t, 'Spanish')
    const saved = await postJson(t, student.token, '/ai-lesson/settings', {
      language_id: spanish,
      level: 'B1',
      explanation_locale: 'en',
      daily_goal_minutes: 20,
    })
    expect(saved.statusCode).toBe(200)
    fake.replies.push({
      pieces: [
        'CORRECTION: grammar | yo es | yo soy | Use "ser" in the first person: soy.\n',
        '¡Hola! ',
        '¿Qué tal?',
      ],
    })
    const first = await chat(student.token, { topic: 'At the café', text: 'Hola, yo es Ana' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toContain('text/event-stream')
    const events = chatEvents(first.payload)
    expect(events.map((e) => e.event)).toEqual(['stored', 'delta', 'delta', 'delta', 'done'])
    // The message is stored, in a conversation at the student's level, before the model answers.
    expect(events[0]?.data).toMatchObject({
      conversation: {
        topic: 'At the café',
        level: 'B1',
        messages: [{ role: 'student', text: 'Hola, yo es Ana' }],
      },
    })
    const done = events.at(-1)
    expect(done?.event === 'done' && done.data.message).toMatchObject({
      role: 'tutor',
      text: '¡Hola! ¿Qué tal?',
      corrections: [
        {
          kind: 'grammar',
          wrong: 'yo es',
          right: 'yo soy',
          explanation: 'Use "ser" in the first person: soy.',
        },
      ],
    })

    fake.replies.push({ pieces: ['Muy bien.'] })
    const stored = events[0]
    const conversationId = stored?.event === 'stored' ? stored.data.conversation.id : ''
    await chat(student.token, { conversation_id: conversationId, text: 'Quiero un café' })
    const sent = fake.chats.at(-1)
    expect(sent?.authorization).toBe('Bearer test-key')
    expect(sent?.body).toMatchObject({ model: 'tutor-model', stream: true })
    const [system, ...history] = sent?.body.messages ?? []
    expect(system?.role).toBe('system')
    expect(system?.content).toContain('learning Spanish at CEFR level B1')
    expect(system?.content).toContain('a short explanation in English')
    expect(system?.content).toContain('Topic or role-play: At the café.')
    expect(history).toEqual([
      { role: 'user', content: 'Hola, yo es Ana' },
      { role: 'assistant', content: '¡Hola! ¿Qué tal?' },
      { role: 'user', content: 'Quiero un café' },
    ])
    const shown = await conversation(student.token)
    expect(shown?.messages.map((m) => [m.role, m.text])).toEqual([
      ['student', 'Hola, yo es Ana'],
      ['tutor', '¡Hola! ¿Qué tal?'],
      ['student', 'Quiero un café'],
      ['tutor', 'Muy bien.'],
    ])
  })

  it('explains in Polish for a student who chose Polish, at their level', async () => {
    const student = await aiStudent(t, ['German'])
    fake.replies.push({ pieces: ['Hallo!'] })
    await chat(student.token, { text: 'Hallo' })
    const system = fake.chats.at(-1)?.body.messages[0]?.content ?? ''
    expect(system).toContain('learning German at CEFR level A2')
    expect(system).toContain('a short explanation in Polish')
  })

  it('keeps the message when the model fails, and a retry answers it', async () => {
    const student = await aiStudent(t)
    fake.replies.push({ status: 500 })
    const failed = chatEvents((await chat(student.token, { text: 'Me gusta el fútbol' })).payload)
    expect(failed.map((e) => e.event)).toEqual(['stored', 'error'])
    expect(failed[1]?.data).toEqual({
      code: 'ai_model_failed',
      error: 'The AI tutor did not answer. Your message is saved: try again.',
    })
    const kept = await conversation(student.token)
    expect(kept?.messages.map((m) => [m.role, m.text])).toEqual([['student', 'Me gusta el fútbol']])

    fake.replies.push({ pieces: ['¡A mí también!'] })
    const retried = chatEvents(
      (await postJson(t, student.token, '/ai-lesson/chat/retry', { conversation_id: kept?.id })).payload,
    )
    expect(retried.map((e) => e.event)).toEqual(['stored', 'delta', 'done'])
    expect(fake.chats.at(-1)?.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Me gusta el fútbol' },
    ])
    expect((await conversation(student.token))?.messages.map((m) => m.role)).toEqual(['student', 'tutor'])
    const again = await postJson(t, student.token, '/ai-lesson/chat/retry', { conversation_id: kept?.id })
    expect(refusal(again)).toMatchObject({ status: 409, code: 'ai_nothing_to_retry' })
  })

  it('gives up on a model that does not answer in time, keeping the message', async () => {
    const student = await aiStudent(t)
    fake.replies.push({ hang: true })
    const events = chatEvents((await chat(student.token, { text: 'Hola' })).payload)
    expect(events.map((e) => e.event)).toEqual(['stored', 'error'])
    expect(events[1]?.data).toMatchObject({ code: 'ai_model_timeout' })
    expect((await conversation(student.token))?.messages.map((m) => m.text)).toEqual(['Hola'])
  })

  it('refuses the message over the daily cap with its own text, until the next Polish day', async () => {
    const student = await aiStudent(t)
    for (let i = 0; i < DAILY; i++) {
      expect((await chat(student.token, { text: `Mensaje ${i}` })).statusCode).toBe(200)
    }
    const over = await chat(student.token, { text: 'Uno más' })
    expect(refusal(over)).toEqual({
      status: 429,
      code: 'ai_daily_messages',
      error: "You have sent today's AI conversation messages. Come back tomorrow.",
    })
    expect(fake.chats.filter((c) => c.body.messages.at(-1)?.content === 'Uno más')).toEqual([])
    // 23:00 UTC on 10 March is midnight in Warsaw (CET): a new day.
    t.clock.set('2026-03-10T23:00:00Z')
    expect((await chat(student.token, { text: 'Uno más' })).statusCode).toBe(200)
  })

  it("never shows or continues another student's conversation", async () => {
    const owner = await aiStudent(t)
    const other = await aiStudent(t)
    const events = chatEvents((await chat(owner.token, { text: 'Secreto' })).payload)
    const id = events[0]?.event === 'stored' ? events[0].data.conversation.id : ''
    expect(
      (await getWith(t, other.token, '/ai-lesson/conversations/show', { conversation_id: id })).statusCode,
    ).toBe(404)
    expect((await conversation(other.token)) ?? null).toBeNull()
    expect((await chat(other.token, { conversation_id: id, text: 'Hola' })).statusCode).toBe(404)
    const retry = await postJson(t, other.token, '/ai-lesson/chat/retry', { conversation_id: id })
    expect(retry.statusCode).toBe(404)
  })
})

describe('without a model configured', () => {
  it('says the school has not enabled AI conversation and stores nothing', async () => {
    const bare = await buildTestApp()
    try {
      const student = await aiStudent(bare)
      const refused = await postJson(bare, student.token, '/ai-lesson/chat/send', { text: 'Hola' })
      expect(refusal(refused)).toEqual({
        status: 503,
        code: 'ai_not_configured',
        error: 'The school has not enabled AI conversation',
      })
      const settings = await getWith(bare, student.token, '/ai-lesson/settings')
      expect(settings.json()).toMatchObject({ data: { chat_enabled: false, transcription_enabled: false } })
      const shown = await getWith(bare, student.token, '/ai-lesson/conversations/show')
      expect(shown.json()).toEqual({ data: null })
    } finally {
      await bare.close()
    }
  })
})
