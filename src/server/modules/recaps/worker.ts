import type { JobPayloads } from '../../platform/jobs.ts'
import { makeRecap, type RecapsContext } from './recap-job.ts'
import { publishDue } from './repository.ts'

// This process's share of the recap jobs (JOBS_WORKER): making recaps, and publishing the drafts
// whose hours have passed (settings' recap_publish_after_hours).

export async function publishDueRecap(ctx: RecapsContext, { recapId }: JobPayloads['lesson-recap-publish']) {
  if (await publishDue(ctx.db, recapId, ctx.clock.now()))
    ctx.log.info({ recapId }, 'a draft recap published itself')
}

export async function startRecapWorkers(ctx: RecapsContext): Promise<void> {
  await ctx.jobs.work('lesson-recap', (data) => makeRecap(ctx, data))
  await ctx.jobs.work('lesson-recap-publish', (data) => publishDueRecap(ctx, data))
}
