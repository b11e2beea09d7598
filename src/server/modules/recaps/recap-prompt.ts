import type { Transcript } from '../../../domain/api/recaps.ts'
import type { ModelMessage } from '../ai-lesson/public.ts'

// What the recap asks of the school's model (docs/decisions.md "The lesson recap"): the lesson's
// language, the student's own language for translations, the teacher's memo and the transcript
// with its times; the answer must be one JSON object of the recap's form (domain/api/recaps.ts).

const STUDENT_LANGUAGE = { pl: 'Polish', en: 'English' } as const

/** ISO 639-1 codes of the languages offered (seed/dictionaries.ts), for the transcription. */
const LANGUAGE_CODES: Record<string, string> = {
  English: 'en',
  Polish: 'pl',
  Spanish: 'es',
  French: 'fr',
  German: 'de',
  Russian: 'ru',
  Italian: 'it',
  Japanese: 'ja',
  Czech: 'cs',
  Swedish: 'sv',
  Ukrainian: 'uk',
  Armenian: 'hy',
  Croatian: 'hr',
  Chinese: 'zh',
  Mandarin: 'zh',
  Norwegian: 'no',
  Portuguese: 'pt',
  Danish: 'da',
  Finnish: 'fi',
  Korean: 'ko',
  Arabic: 'ar',
  Hebrew: 'he',
}

export const languageCode = (name: string): string | undefined => LANGUAGE_CODES[name]

export type RecapBrief = {
  language: string
  studentLocale: 'pl' | 'en'
  teacherMemo: string | null
  transcript: Transcript
}

const clock = (seconds: number) => {
  const whole = Math.max(0, Math.floor(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** The transcript as the model reads it: one line per segment with its time. */
export function transcriptLines(transcript: Transcript): string {
  if (transcript.segments.length === 0) return transcript.text
  return transcript.segments.map((s) => `[${clock(s.start)}] ${s.text.trim()}`).join('\n')
}

export function recapMessages(brief: RecapBrief): ModelMessage[] {
  const own = STUDENT_LANGUAGE[brief.studentLocale]
  const system = [
    `You summarise a recorded one-to-one ${brief.language} lesson for its student, whose own language is ${own}.`,
    'Answer with one JSON object and nothing else, of this form:',
    '{"topics": [string], "words": [{"term": string, "sentence": string, "translation": string}],',
    ' "mistakes": [{"wrong": string, "right": string, "explanation": string}],',
    ' "exercises": [{"prompt": string, "answer": string}]}',
    '- topics: what the lesson was about, a few short phrases.',
    `- words: new words and phrases the teacher taught, each with the sentence of the lesson it was used in (in ${brief.language}) and its translation into ${own}.`,
    `- mistakes: the student's recurring mistakes, what they said, the correct form and a short explanation in ${own}.`,
    `- exercises: exactly three short exercises on this lesson's words and mistakes, each with its answer.`,
    'Use only what the transcript and the memo say; never invent words or mistakes.',
  ].join('\n')
  const user = [
    `Teacher's memo: ${brief.teacherMemo?.trim() || '(none)'}`,
    '',
    'Transcript:',
    transcriptLines(brief.transcript),
  ].join('\n')
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ]
}

/** The second ask after an answer that did not have the recap's form, saying what was wrong. */
export function retryMessages(first: ModelMessage[], answer: string, problem: string): ModelMessage[] {
  return [
    ...first,
    { role: 'assistant', content: answer },
    {
      role: 'user',
      content: `That answer is not a JSON object of the form asked for (${problem}). Answer again with only that JSON object.`,
    },
  ]
}
