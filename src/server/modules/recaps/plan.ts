import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { chatEndpoint, transcribeEndpoint } from '../ai-lesson/public.ts'
import { endpointKey } from './recap-job.ts'
import { insertRecap, recapCandidate, recapDailyMax } from './repository.ts'

// A ready recording's recap is planned in the transaction that makes it ready (architecture.md
// "After a write commits"): only when the school configured both models and switched recaps on,
// the recording has its audio track and the student agreed to voice recording
// (docs/decisions.md "The lesson recap").

export async function planRecap(
  tx: Db,
  ctx: Pick<AppContext, 'config' | 'jobs' | 'clock'>,
  archiveId: string,
): Promise<void> {
  if (!chatEndpoint(ctx.config.ai) || !transcribeEndpoint(ctx.config.ai)) return
  const candidate = await recapCandidate(tx, archiveId)
  if (candidate?.status !== 'ready' || !candidate.audioFileKey || !candidate.consent) return
  if ((await recapDailyMax(tx)) === 0) return
  const id = await insertRecap(tx, { archiveId, lessonId: candidate.lessonId, now: ctx.clock.now() })
  if (id)
    await ctx.jobs.insert('lesson-recap', [{ id, data: { recapId: id }, singletonKey: endpointKey(ctx) }], tx)
}
