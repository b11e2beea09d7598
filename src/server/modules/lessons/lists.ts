import type { Lesson, LessonListQuery, LessonPage, ScheduledLessons } from '../../../domain/api/my-lessons.ts'
import { addDays, fromPolandLocal, parseDateKey } from '../../../domain/poland-time.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { type Viewer, viewerOf } from '../../platform/viewer.ts'
import { toLesson } from './lesson-dto.ts'
import {
  findLessonView,
  findListPage,
  findScheduledViews,
  type LessonList,
  type StartsWithin,
} from './lesson-views-repository.ts'

// GET /lessons/list_scheduled, list_finished, list_group and show: each answer holds only the
// asking user's lessons, as their student or as their teacher.

export type ReadContext = Pick<AppContext, 'db' | 'clock' | 'fileUrls'>

/** The calendar's Poland dates, inclusive, as the instants a lesson's start must lie between. */
const startsWithin = (query: Pick<LessonListQuery, 'date_from' | 'date_to'>): StartsWithin => ({
  from: query.date_from ? fromPolandLocal(parseDateKey(query.date_from)) : undefined,
  before: query.date_to ? fromPolandLocal(parseDateKey(addDays(query.date_to, 1))) : undefined,
})

/**
 * The Scheduled lessons response (product-rules.md "Records and fields"): the one-to-one lessons
 * that have not ended and were not cancelled, soonest first (a cancelled lesson is never
 * "scheduled").
 */
export async function listScheduled(ctx: ReadContext, user: User): Promise<ScheduledLessons> {
  const now = ctx.clock.now()
  const viewer = viewerOf(user)
  const views = await findScheduledViews(ctx.db, viewer, now)
  return {
    lessons: views.map((view) => toLesson(view, viewer, now, ctx.fileUrls)),
    voice_sample_provided: user.voiceSampleKey !== null,
    scheduled_lessons_limit_per_student: user.scheduledLessonsLimit,
  }
}

async function lessonPage(
  ctx: ReadContext,
  user: User,
  query: LessonListQuery,
  list: LessonList,
  now: Date,
): Promise<LessonPage> {
  const viewer = viewerOf(user)
  const { rows, total } = await findListPage(ctx.db, viewer, list, startsWithin(query), {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  })
  return {
    data: rows.map((view) => toLesson(view, viewer, now, ctx.fileUrls)),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
  }
}

/**
 * The closed tab: one-to-one lessons that have ended or were cancelled (a cancelled future lesson
 * too), newest first.
 */
export function listFinished(ctx: ReadContext, user: User, query: LessonListQuery): Promise<LessonPage> {
  const now = ctx.clock.now()
  return lessonPage(ctx, user, query, { kind: 'finished', now }, now)
}

/** The group tab: every group lesson of the user, past and future, newest first. */
export function listGroup(ctx: ReadContext, user: User, query: LessonListQuery): Promise<LessonPage> {
  return lessonPage(ctx, user, query, { kind: 'group' }, ctx.clock.now())
}

/**
 * One of the viewer's lessons as the API shows it, read through `db` (a write's transaction reads
 * its own changes); someone else's lesson answers 404 as if it did not exist.
 */
export async function readLesson(
  db: Db,
  ctx: Pick<ReadContext, 'fileUrls'>,
  viewer: Viewer,
  lessonId: string,
  now: Date,
): Promise<Lesson> {
  const view = await findLessonView(db, viewer, lessonId)
  if (!view) throw new AppError('not_found')
  return toLesson(view, viewer, now, ctx.fileUrls)
}

export const showLesson = (ctx: ReadContext, user: User, lessonId: string): Promise<Lesson> =>
  readLesson(ctx.db, ctx, viewerOf(user), lessonId, ctx.clock.now())
