import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { PREVIEW_TEACHERS } from '../../../domain/api/previews.ts'
import type { TeacherSearchResult } from '../../../domain/api/teachers.ts'
import { addDays, fromPolandLocal, parseDateKey, polandDateKey } from '../../../domain/poland-time.ts'
import type { AppContext } from '../../context.ts'
import type { User } from '../../platform/sessions.ts'
import { findLanguages, findLevels } from '../dictionaries/public.ts'
import { searchTeachers } from '../teachers/public.ts'

// GET /teachers/dummy and GET /lessons/dummy (decisions.md "/lessons/dummy and /teachers/dummy"): a
// preview for a user who cannot book (no human_access) or has booked nothing yet. Read from the
// board like the search; the sample lessons are made up on each call and never stored.

type Context = Pick<AppContext, 'board' | 'clock' | 'fileUrls' | 'config' | 'db'>

const LESSON_MS = 45 * 60_000
/** Fixed ids: a sample lesson is recognisable and can never match a real one (the nil UUID range). */
const SAMPLE_IDS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']

export async function previewTeachers(ctx: Context, viewer: User): Promise<TeacherSearchResult[]> {
  const page = await searchTeachers(ctx, viewer, { page: 1, per_page: 50 })
  return page.data.filter((teacher) => !teacher.not_accepting_new_students).slice(0, PREVIEW_TEACHERS)
}

/** One lesson a week ahead at 18:00 and one a week ago, with the first preview teacher. */
export async function previewLessons(ctx: Context, viewer: User): Promise<Lesson[]> {
  const [teacher] = await previewTeachers(ctx, viewer)
  const taught = teacher?.taught_languages[0]
  if (!teacher || !taught) return []
  const language = (await findLanguages(ctx.db)).find((l) => l.id === taught.id)
  const level = (await findLevels(ctx.db)).find((l) => l.id === taught.level.id)
  if (!language || !level) return []
  const today = polandDateKey(ctx.clock.now())
  const at = (days: number) => fromPolandLocal({ ...parseDateKey(addDays(today, days)), hour: 18 })
  const party = {
    id: teacher.id,
    first_name: teacher.first_name,
    last_name: teacher.last_name,
    image_url: teacher.image_url,
  }
  const student = { id: viewer.id, first_name: viewer.firstName, last_name: viewer.lastName, image_url: null }
  const sample = (index: number, start: Date, finished: boolean): Lesson => {
    const end = new Date(start.getTime() + LESSON_MS)
    const id = SAMPLE_IDS[index] ?? ''
    return {
      id,
      lesson_id: id,
      room_token: null,
      is_learncube: false,
      is_group: false,
      scheduled_at: start.toISOString(),
      ends_at: end.toISOString(),
      finished_at: finished ? end.toISOString() : null,
      cancelled_at: null,
      canceled: false,
      cancelled_by_role: null,
      cancellation_reason: null,
      status: finished ? 'finished' : 'scheduled',
      language: { id: language.id, name: language.name, name_pl: language.name_pl },
      level,
      fullName: `${teacher.first_name} ${teacher.last_name}`,
      teacher: party,
      student,
      note: null,
      teacher_memos: null,
      student_memos: null,
      rating: finished ? { value: 5, comment: '' } : null,
      rate: finished ? { value: 5, comment: '' } : null,
      lesson_files: [],
      my_absence_report: null,
      attendance: [],
      recordings: [],
      voice_recordings: [],
      group: null,
    }
  }
  return [sample(0, at(7), false), sample(1, at(-7), true)]
}
