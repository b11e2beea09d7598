import { randomUUID } from 'node:crypto'
import { buffer } from 'node:stream/consumers'
import * as v from 'valibot'
import { modelRecapAnswer, type RecapContent } from '../../../domain/api/recaps.ts'
import { addDays, fromPolandLocal, parseDateKey, polandDateKey } from '../../../domain/poland-time.ts'
import type { AppContext } from '../../context.ts'
import type { JobPayloads } from '../../platform/jobs.ts'
import { chatEndpoint, type Endpoint, type ModelMessage, transcribeEndpoint } from '../ai-lesson/public.ts'
import { DEFAULT_SETTINGS, findSettings } from '../settings/public.ts'
import { completeJson, ModelCallError } from './recap-model.ts'
import { languageCode, recapMessages, retryMessages } from './recap-prompt.ts'
import {
  countAttempt,
  markRecapFailed,
  recapWork,
  saveDraft,
  saveTranscript,
  startWithinCap,
} from './repository.ts'
import { transcribeLesson } from './transcribe-lesson.ts'

// The recap's job (docs/decisions.md "The lesson recap"): within the school's daily cap, the audio
// track is transcribed, then the model is asked for the recap; an answer without the recap's form
// is asked for once more, then the recap fails with the reason (never shown half-parsed). A call
// that gets no answer is retried by the queue with backoff, and after RECAP_ATTEMPTS runs the
// recap fails with that reason. The draft and its publishing job commit together.

export type RecapsContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'storage' | 'log' | 'jobs'>

/** Runs of one recap's job before a model that does not answer fails it. */
export const RECAP_ATTEMPTS = 4
const HOUR_MS = 3_600_000

/** The queue's singleton key: one recap at a time per model endpoint. */
export const endpointKey = (ctx: Pick<AppContext, 'config'>) => ctx.config.ai.baseUrl ?? ''

const problemOf = (issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) =>
  issues
    .slice(0, 3)
    .map((issue) => `${v.getDotPath(issue) ?? 'answer'}: ${issue.message}`)
    .join('; ')

/** The model's answer as a recap, or what is wrong with it. */
export function readRecapAnswer(answer: string): { content: RecapContent } | { problem: string } {
  let json: unknown
  try {
    json = JSON.parse(answer)
  } catch {
    return { problem: 'not JSON' }
  }
  const parsed = v.safeParse(modelRecapAnswer, json)
  return parsed.success ? { content: parsed.output } : { problem: problemOf(parsed.issues) }
}

async function askForRecap(
  endpoint: Endpoint,
  messages: ModelMessage[],
): Promise<{ content: RecapContent } | { failed: string }> {
  const first = await completeJson(endpoint, messages)
  const read = readRecapAnswer(first)
  if ('content' in read) return read
  const second = readRecapAnswer(await completeJson(endpoint, retryMessages(messages, first, read.problem)))
  if ('content' in second) return second
  return { failed: `the model's answer did not have the recap's form twice (${second.problem})` }
}

async function deferToTomorrow(ctx: RecapsContext, recapId: string, now: Date) {
  const tomorrow = fromPolandLocal(parseDateKey(addDays(polandDateKey(now), 1)))
  await ctx.jobs.insert('lesson-recap', [
    { id: randomUUID(), data: { recapId }, startAfter: tomorrow, singletonKey: endpointKey(ctx) },
  ])
  ctx.log.info({ recapId }, "the school's recaps for today are made: this one waits for tomorrow")
}

export async function makeRecap(ctx: RecapsContext, { recapId }: JobPayloads['lesson-recap']): Promise<void> {
  const work = await recapWork(ctx.db, recapId)
  if (work?.recap.status !== 'preparing') return
  const fail = (reason: string) => markRecapFailed(ctx.db, recapId, reason)
  const chat = chatEndpoint(ctx.config.ai)
  const transcriber = transcribeEndpoint(ctx.config.ai)
  // Nothing is sent to a model the school no longer configures, nor for a student who withdrew.
  if (!chat || !transcriber) return fail('the school has not configured AI_MODEL and AI_TRANSCRIBE_MODEL')
  if (!work.consent) return fail('the student does not agree to voice recording')
  if (!work.audioFileKey) return fail('the recording has no audio track')
  const now = ctx.clock.now()
  if (work.recap.startedAt === null) {
    const day = polandDateKey(now)
    const bounds = {
      from: fromPolandLocal(parseDateKey(day)),
      to: fromPolandLocal(parseDateKey(addDays(day, 1))),
    }
    if ((await startWithinCap(ctx.db, recapId, bounds, now)) === 'full')
      return deferToTomorrow(ctx, recapId, now)
  }
  const attempt = await countAttempt(ctx.db, recapId)
  if (attempt === null) return
  let outcome: { content: RecapContent } | { failed: string }
  try {
    let transcript = work.recap.transcript
    if (!transcript) {
      const bytes = await buffer(ctx.storage.read(work.audioFileKey))
      const made = await transcribeLesson(
        transcriber,
        bytes,
        languageCode(work.language),
        ctx.config.ai.transcribeMaxBytes,
      )
      if (!made) return fail("the audio track is over the transcription API's size limit and cannot be cut")
      transcript = made
      await saveTranscript(ctx.db, recapId, transcript)
    }
    outcome = await askForRecap(
      chat,
      recapMessages({
        language: work.language,
        studentLocale: work.studentLocale,
        teacherMemo: work.teacherMemo,
        transcript,
      }),
    )
  } catch (error) {
    if (!(error instanceof ModelCallError) || attempt < RECAP_ATTEMPTS) throw error
    return fail(`the model did not answer: ${error.message}`)
  }
  if ('failed' in outcome) return fail(outcome.failed)
  const { content } = outcome
  const settings = (await findSettings(ctx.db)) ?? DEFAULT_SETTINGS
  const publishAt = new Date(ctx.clock.now().getTime() + settings.recapPublishAfterHours * HOUR_MS)
  await ctx.db.transaction(async (tx) => {
    if (!(await saveDraft(tx, recapId, content, publishAt))) return
    await ctx.jobs.insert(
      'lesson-recap-publish',
      [{ id: randomUUID(), data: { recapId }, startAfter: publishAt }],
      tx,
    )
  })
}
