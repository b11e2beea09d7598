import type { Db } from '../../db/client.ts'
import { recentMessages } from './repository.ts'

// `npm run ops -- sms`: the last SMS, newest first: when, to whom, what about, through which
// gateway, and where each stands (sent, delivered, failed or held back, with why). Tab-separated,
// so it pastes into a spreadsheet.

const stamp = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`

export async function smsLines(db: Db, limit = 50): Promise<string> {
  const rows = await recentMessages(db, { limit })
  if (rows.length === 0) return 'No SMS has been sent.'
  const lines = rows.map((row) =>
    [
      stamp(row.createdAt),
      row.kind,
      `${row.email} ${row.toNumber}`,
      row.provider,
      row.reason ? `${row.state} (${row.reason})` : row.state,
      `${row.segments} ${row.encoding}`,
      row.lessonId ? `lesson ${row.lessonId}` : '',
    ]
      .filter(Boolean)
      .join('\t'),
  )
  return [`The last ${rows.length} SMS, newest first:`, ...lines].join('\n')
}
