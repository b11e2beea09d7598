import { eq, inArray } from 'drizzle-orm'
import { openDatabase } from '../../../src/server/db/client.ts'
import { languages, levels, users } from '../../../src/server/db/schema.ts'
import { lessons } from '../../../src/server/db/schema-lessons.ts'
import type { OwnServer } from './own-server.ts'
import { storyNow } from './story.ts'

// Lessons a journey needs at a time of its own (one that has not started yet, one just over),
// written straight into its own server's database as an operator would: no screen or command
// makes a lesson at a chosen instant without a slot.

const MINUTE_MS = 60_000
const silent = { info: () => undefined, error: () => undefined }

/**
 * A 45-minute English B1 lesson of `teacher` and `student` (e-mails) starting `startsIn` minutes
 * from `now` (the story's, unless the journey's server keeps another clock).
 */
export async function addLesson(
  server: OwnServer,
  pair: { teacher: string; student: string },
  startsIn: number,
  now: Date = storyNow(),
): Promise<string> {
  const database = await openDatabase({ dataDir: server.dataDir, log: silent })
  try {
    const people = await database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [pair.teacher, pair.student]))
    const idOf = (email: string) => {
      const id = people.find((person) => person.email === email)?.id
      if (!id) throw new Error(`no user ${email}`)
      return id
    }
    const [english] = await database.db.select().from(languages).where(eq(languages.name, 'English'))
    const [b1] = await database.db.select().from(levels).where(eq(levels.name, 'B1'))
    if (!english || !b1) throw new Error('no English or B1 in the dictionaries')
    const startsAt = new Date(now.getTime() + startsIn * MINUTE_MS)
    const [row] = await database.db
      .insert(lessons)
      .values({
        teacherId: idOf(pair.teacher),
        studentId: idOf(pair.student),
        languageId: english.id,
        levelId: b1.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 45 * MINUTE_MS),
      })
      .returning({ id: lessons.id })
    if (!row) throw new Error('the lesson was not added')
    return row.id
  } finally {
    await database.close()
  }
}
