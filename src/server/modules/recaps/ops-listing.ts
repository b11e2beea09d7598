import type { Db } from '../../db/client.ts'
import { recapStates } from './repository.ts'

// `npm run ops -- recaps`: how many lesson recaps are in each state, and the latest ones with their
// lesson, state and, for a failed one, why (docs/decisions.md "The lesson recap"). Tab-separated.

const LATEST = 20
const stamp = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`
const STATE = {
  preparing: 'being prepared',
  draft: 'waiting for the teacher',
  published: 'published',
  failed: 'failed',
} as const

export async function recapLines(db: Db): Promise<string> {
  const { counts, latest } = await recapStates(db, LATEST)
  if (latest.length === 0) return 'No lesson recap has been made.'
  const totals = (Object.keys(STATE) as (keyof typeof STATE)[]).map(
    (status) => `${STATE[status]}: ${counts.find((c) => c.status === status)?.n ?? 0}`,
  )
  const lines = latest.map((row) => {
    const state =
      row.status === 'failed'
        ? `failed: ${row.failureReason ?? 'no reason kept'}`
        : row.status === 'draft' && row.publishAt
          ? `waiting for the teacher until ${stamp(row.publishAt)}`
          : STATE[row.status]
    return `${row.id}\tlesson ${row.lessonId}\tplanned ${stamp(row.createdAt)}\t${state}`
  })
  return [`Lesson recaps: ${totals.join(', ')}.`, `The latest ${latest.length}:`, ...lines].join('\n')
}
