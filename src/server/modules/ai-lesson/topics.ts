import type { LessonTopic } from '../../../domain/api/ai-lesson.ts'
import { polandDateKey } from '../../../domain/poland-time.ts'
import type { Db } from '../../db/client.ts'
import { writtenLessons } from './repository.ts'

// Conversation topics drawn from the student's recent human lessons: the published recap's topics
// and new words ("practise this lesson", docs/decisions.md "The lesson recap"), else what the
// teacher wrote in the memo, or the student's own note, of their last finished lessons. This is
// the tie between the AI practice and the human teacher; only the student's own lessons count.

const TOPICS_MAX = 3
const TOPIC_CHARS = 160

export async function lessonTopics(db: Db, studentId: string, now: Date): Promise<LessonTopic[]> {
  const rows = await writtenLessons(db, studentId, now, TOPICS_MAX)
  return rows.map((row) => {
    const parts = row.recap
      ? [row.recap.topics.join('; '), row.recap.words.map((word) => word.term).join(', ')].filter(Boolean)
      : []
    const fromRecap = parts.length > 0 ? parts.join(' — ') : null
    const text = (fromRecap ?? (row.memo?.trim() || row.note?.trim() || '')).replace(/\s+/g, ' ')
    return {
      title: text.length > TOPIC_CHARS ? `${text.slice(0, TOPIC_CHARS - 1)}…` : text,
      lesson_date: polandDateKey(row.startsAt),
      from_recap: fromRecap !== null,
    }
  })
}
