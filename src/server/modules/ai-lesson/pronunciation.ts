import { compareWords } from '../../../domain/ai-lesson/word-compare.ts'
import type { PronunciationResult } from '../../../domain/api/ai-lesson.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { transcribe, transcribeEndpoint } from './model-client.ts'
import { insertAttempt } from './progress-repository.ts'

// The pronunciation tab: the recording is transcribed by the API's audio model
// (AI_TRANSCRIBE_MODEL) and compared word by word with the target phrase. Only the transcript and
// the score are kept; the recording itself is never stored (it stays on the student's device).

type Ctx = Pick<AppContext, 'db' | 'config' | 'clock'>

export const AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/wav', 'audio/x-wav', 'audio/mpeg', 'audio/mp4']

export async function scorePronunciation(
  ctx: Ctx,
  student: User,
  target: string,
  audio: { bytes: Buffer; filename: string; type: string },
): Promise<PronunciationResult> {
  const endpoint = transcribeEndpoint(ctx.config.ai)
  if (!endpoint) throw new AppError('ai_transcription_not_configured')
  const transcript = (await transcribe(endpoint, audio, undefined)).trim()
  const { score, words } = compareWords(target, transcript)
  await insertAttempt(ctx.db, {
    studentId: student.id,
    target,
    transcript,
    score,
    words,
    createdAt: ctx.clock.now(),
  })
  return { target, transcript, score, words }
}
