import type { Db } from '../../db/client.ts'
import { recentMessages } from './repository.ts'

/** A lesson's SMS, newest first, for the console's lesson (product-rules.md "SMS"). */
export async function lessonSmsMessages(db: Db, lessonId: string) {
  return recentMessages(db, { lessonId, limit: 50 })
}
