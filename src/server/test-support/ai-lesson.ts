import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import type { FakeOpenAi } from '../../../tests/fakes/fake-openai.ts'
import { chatEventSchemas } from '../../domain/api/ai-lesson.ts'
import type { AiConfig } from '../config.ts'
import { languages, studentLearnedLanguages } from '../db/schema.ts'
import { buildTestApp, type TestApp, testConfig } from './build-test-app.ts'
import { signedInUser } from './sessions.ts'

// Helpers of the AI lesson's integration tests.

/** The app talking to `fake` as its model, with `ai` settings of the test's own. */
export const buildAiTestApp = (fake: FakeOpenAi, ai: Partial<AiConfig> = {}) =>
  buildTestApp({ config: { ai: { ...testConfig().ai, baseUrl: fake.url, model: 'tutor-model', ...ai } } })

/** A signed-in student with ai_access who learns `learned` (English language names). */
export async function aiStudent(t: TestApp, learned: string[] = ['Spanish'], locale: 'pl' | 'en' = 'pl') {
  const student = await signedInUser(t, { role: 'student', aiAccess: true, locale })
  for (const name of learned) {
    const [language] = await t.database.db.select().from(languages).where(eq(languages.name, name))
    if (!language) throw new Error(`no language ${name}`)
    await t.database.db
      .insert(studentLearnedLanguages)
      .values({ studentId: student.user.id, languageId: language.id })
  }
  return student
}

export async function languageId(t: TestApp, name: string): Promise<number> {
  const [language] = await t.database.db.select().from(languages).where(eq(languages.name, name))
  if (!language) throw new Error(`no language ${name}`)
  return language.id
}

export type ChatEvent =
  | { event: 'stored'; data: v.InferOutput<typeof chatEventSchemas.stored> }
  | { event: 'delta'; data: v.InferOutput<typeof chatEventSchemas.delta> }
  | { event: 'done'; data: v.InferOutput<typeof chatEventSchemas.done> }
  | { event: 'error'; data: v.InferOutput<typeof chatEventSchemas.error> }

/** The server-sent events of a chat answer, each validated. */
export function chatEvents(payload: string): ChatEvent[] {
  const events: ChatEvent[] = []
  for (const block of payload.split('\n\n')) {
    const event = /^event: (\w+)$/m.exec(block)?.[1]
    const data: unknown = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null')
    if (event === 'stored') events.push({ event, data: v.parse(chatEventSchemas.stored, data) })
    if (event === 'delta') events.push({ event, data: v.parse(chatEventSchemas.delta, data) })
    if (event === 'done') events.push({ event, data: v.parse(chatEventSchemas.done, data) })
    if (event === 'error') events.push({ event, data: v.parse(chatEventSchemas.error, data) })
  }
  return events
}
