import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import { storableString } from '../validation/storable-text.ts'
import { envelope } from './common.ts'

// The lesson recap (docs/decisions.md "The lesson recap"): what the model makes of a recorded
// lesson's transcript, the teacher checks and publishes, and the student reads. `recapContent` is
// also the form the model's answer must have: an answer that does not parse is never shown.

const text = (max: number) =>
  v.pipe(
    storableString(issue('required')),
    v.trim(),
    v.minLength(1, issue('required')),
    v.maxLength(max, issue('too_long')),
  )

export const RECAP_EXERCISE_COUNT = 3
export const RECAP_ITEMS_MAX = 40

export const recapWord = v.object({
  /** The word or phrase as taught. */
  term: text(120),
  /** The sentence of the lesson it was used in. */
  sentence: text(400),
  /** Its translation into the student's language. */
  translation: text(200),
})
export type RecapWord = v.InferOutput<typeof recapWord>

export const recapMistake = v.object({
  wrong: text(300),
  right: text(300),
  explanation: text(400),
})
export type RecapMistake = v.InferOutput<typeof recapMistake>

export const recapExercise = v.object({
  prompt: text(400),
  answer: text(300),
})
export type RecapExercise = v.InferOutput<typeof recapExercise>

export const recapContent = v.object({
  topics: v.pipe(v.array(text(200)), v.maxLength(RECAP_ITEMS_MAX)),
  words: v.pipe(v.array(recapWord), v.maxLength(RECAP_ITEMS_MAX)),
  mistakes: v.pipe(v.array(recapMistake), v.maxLength(RECAP_ITEMS_MAX)),
  exercises: v.pipe(v.array(recapExercise), v.maxLength(RECAP_ITEMS_MAX)),
})
export type RecapContent = v.InferOutput<typeof recapContent>

/** What the model must answer: the content with exactly three exercises. */
export const modelRecapAnswer = v.object({
  ...recapContent.entries,
  exercises: v.pipe(v.array(recapExercise), v.length(RECAP_EXERCISE_COUNT)),
})

/** preparing → draft (the teacher reviews) → published; failed with its reason. */
export const RECAP_STATUSES = ['preparing', 'draft', 'published', 'failed'] as const
export type RecapStatus = (typeof RECAP_STATUSES)[number]

/** A piece of the transcript with its time in the recording (seconds). */
export const transcriptSegment = v.object({ start: v.number(), end: v.number(), text: v.string() })
export type TranscriptSegment = v.InferOutput<typeof transcriptSegment>
export const transcriptSchema = v.object({ text: v.string(), segments: v.array(transcriptSegment) })
export type Transcript = v.InferOutput<typeof transcriptSchema>

const uuidField = v.pipe(v.string(issue('required')), v.uuid(issue('invalid')))

/** GET /lessons/recaps/list?lesson_id= */
export const recapListQuery = v.object({ lesson_id: uuidField })
/** POST /lessons/recaps/update: the teacher's edit of a draft (items removed or reworded). */
export const recapUpdateBody = v.object({ recap_id: uuidField, content: recapContent })
/** POST /lessons/recaps/publish, /lessons/recaps/delete_transcript */
export const recapIdBody = v.object({ recap_id: uuidField })

/**
 * A recap as a party of the lesson reads it: the teacher every state, the draft's content and why
 * one failed; the student the content and transcript of a published recap only.
 */
export const recapSchema = v.object({
  id: v.string(),
  lesson_id: v.string(),
  status: v.picklist(RECAP_STATUSES),
  failure_reason: v.nullable(v.string()),
  content: v.nullable(recapContent),
  transcript: v.nullable(transcriptSchema),
  /** Whether a transcript is kept (the student may delete it). */
  has_transcript: v.boolean(),
  publish_at: v.nullable(v.string()),
  published_at: v.nullable(v.string()),
  created_at: v.string(),
})
export type Recap = v.InferOutput<typeof recapSchema>
export const recapListResponse = envelope(v.array(recapSchema))
export const recapResponse = envelope(recapSchema)
/** POST /lessons/recaps/add_words: the published recap's words added to the student's wordbook. */
export const recapWordsResponse = envelope(v.object({ added: v.number(), total: v.number() }))
