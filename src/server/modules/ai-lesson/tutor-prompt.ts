import { CORRECTION_PREFIX } from '../../../domain/ai-lesson/tutor-reply.ts'
import type { ModelMessage } from './model-client.ts'
import type { MessageRow } from './repository.ts'

// What the built-in tutor sends the model: the learned language, the CEFR level, the
// explanation language (the student's own: pl or en), the topic, then the conversation so far.

/** The model sees the latest messages only: a long conversation must not grow the cost forever. */
export const HISTORY_MAX = 30

const EXPLANATION_LANGUAGE = { pl: 'Polish', en: 'English' } as const

export type TutorBrief = {
  language: string
  level: string
  explanationLocale: 'pl' | 'en'
  topic: string
}

export function systemPrompt(brief: TutorBrief): string {
  const explanation = EXPLANATION_LANGUAGE[brief.explanationLocale]
  return [
    `You are a friendly ${brief.language} tutor having a conversation with a student.`,
    `The student is learning ${brief.language} at CEFR level ${brief.level}.`,
    `Write your replies in ${brief.language} only, with words and grammar a ${brief.level} learner understands,`,
    'in two to four short sentences, and end with a question that keeps the conversation going.',
    `Topic or role-play: ${brief.topic}.`,
    "When the student's last message has mistakes, begin with one line per mistake:",
    `${CORRECTION_PREFIX} <kind> | <what the student wrote> | <the correct form> | <a short explanation in ${explanation}>`,
    'where <kind> is one of grammar, vocabulary, spelling, word_order. Then write your reply.',
    `Explain mistakes in ${explanation}, the student's own language; never invent mistakes.`,
  ].join('\n')
}

export function tutorMessages(brief: TutorBrief, history: MessageRow[]): ModelMessage[] {
  return [
    { role: 'system', content: systemPrompt(brief) },
    ...history.slice(-HISTORY_MAX).map(
      (message): ModelMessage => ({
        role: message.role === 'student' ? 'user' : 'assistant',
        content: message.text,
      }),
    ),
  ]
}
