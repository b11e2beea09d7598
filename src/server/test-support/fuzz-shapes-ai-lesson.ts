import { PRONUNCIATION_FIELDS } from '../../domain/api/ai-lesson.ts'
import type { Shape } from './fuzz-shapes.ts'
import type { World } from './fuzz-world.ts'

// The AI lesson's routes for the fuzz, in the order they run: the word is reviewed
// before it is deleted. The fuzz's app talks to a fake OpenAI-compatible server.

const get = (query?: Record<string, string>): Shape[] => [
  { as: 'student', expect: 200, ...(query ? { query } : {}) },
]
const audio = () => ({ bytes: Buffer.alloc(1024), filename: 'take.webm', type: 'audio/webm' })

export const AI_LESSON_SHAPES: Record<string, (w: World) => Shape[]> = {
  'GET /api/v1/students/ai-lesson-url': () => get(),
  'GET /api/v1/ai-lesson/settings': () => get(),
  'POST /api/v1/ai-lesson/settings': (w) => [
    {
      as: 'student',
      body: { language_id: w.ai.languageId, level: 'B1', explanation_locale: 'pl', daily_goal_minutes: 20 },
      expect: 200,
    },
  ],
  'GET /api/v1/ai-lesson/topics': () => get(),
  'GET /api/v1/ai-lesson/conversations/show': () => get(),
  'POST /api/v1/ai-lesson/chat/send': () => [
    { as: 'student', body: { topic: 'W kawiarni', text: 'Hola' }, expect: 200 },
  ],
  // The chat above was answered: nothing waits for a reply.
  'POST /api/v1/ai-lesson/chat/retry': (w) => [
    { as: 'student', body: { conversation_id: w.ai.conversationId }, expect: 409 },
  ],
  'GET /api/v1/ai-lesson/words/list': () => get(),
  'POST /api/v1/ai-lesson/words/create': () => [
    {
      as: 'student',
      body: { term: 'la mesa', translation: 'stół', example: 'La mesa es grande.' },
      expect: 200,
    },
  ],
  'POST /api/v1/ai-lesson/words/review': (w) => [
    {
      as: 'student',
      body: { word_id: w.ai.wordId, grade: 3, reviewed_at: '2026-03-10T08:00:00.000Z' },
      idempotent: true,
      expect: 200,
    },
  ],
  'POST /api/v1/ai-lesson/words/delete': (w) => [
    { as: 'student', body: { word_id: w.ai.wordId }, expect: 200 },
  ],
  'POST /api/v1/ai-lesson/pronunciation': () => [
    {
      as: 'student',
      multipart: {
        fields: { [PRONUNCIATION_FIELDS.target]: 'Dzień dobry' },
        files: { [PRONUNCIATION_FIELDS.audio]: audio() },
      },
      expect: 200,
    },
  ],
  'GET /api/v1/ai-lesson/progress': () => get(),
}
