import type {
  ItTeacher,
  TeacherSearchPage,
  TeacherSearchQuery,
  TeacherSearchResult,
} from '../../../domain/api/teachers.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { type SlotFilter, searchBoard, type TeacherFilters, type TeacherMatch } from '../board/public.ts'
import { DEFAULT_SETTINGS } from '../settings/public.ts'
import { freeSlotWindows } from './free-slot-windows.ts'
import { isPartnerCompany } from './partner.ts'

type SearchContext = Pick<AppContext, 'board' | 'clock' | 'fileUrls' | 'config'>

/** IT teachers (product-rules.md "Who uses it") are the teachers with this specialization. */
const IT_SPECIALIZATION = 'it'

/**
 * Free slots for the asking user (product-rules.md "Teacher search"): a student's range ends at
 * their active_until.
 */
async function slotFilter(
  ctx: SearchContext,
  viewer: User,
  filters: { day?: string | undefined; time?: TeacherSearchQuery['time'] },
): Promise<SlotFilter> {
  const now = ctx.clock.now()
  const windows = freeSlotWindows({
    now,
    graceHours: (await ctx.board.graceHours(now)) ?? DEFAULT_SETTINGS.lessonEarlinessCondition,
    activeUntil: viewer.role === 'student' ? viewer.activeUntil : null,
    day: filters.day,
    time: filters.time,
  })
  return {
    windows,
    required: filters.day !== undefined || filters.time !== undefined,
    studentId: viewer.role === 'student' ? viewer.id : null,
  }
}

function toResults(ctx: SearchContext, viewer: User, matches: TeacherMatch[]): TeacherSearchResult[] {
  const student = viewer.role === 'student'
  return matches.map(({ teacher, nextFreeSlot, refused }) => ({
    id: teacher.id,
    first_name: teacher.firstName ?? '',
    last_name: teacher.lastName ?? '',
    average_rating: teacher.averageRating,
    image_url: ctx.fileUrls.url(teacher.imageKey),
    taught_languages: teacher.taughtLanguages,
    // For a student: whether this teacher refuses *them* (an allowed student may book), as
    // timetables/show says it; for a teacher looking, the teacher's own setting.
    not_accepting_new_students: student ? refused : teacher.notAcceptingNewStudents,
    next_free_slot: nextFreeSlot === null ? null : new Date(nextFreeSlot).toISOString(),
  }))
}

/** The matches (a page of them, or all) in search order, from the board (no database round trip). */
async function findMatches(
  ctx: SearchContext,
  filters: TeacherFilters,
  slots: SlotFilter,
  page?: { offset: number; limit: number },
) {
  return searchBoard(await ctx.board.teachers(ctx.clock.now()), filters, slots, page)
}

/**
 * GET /teachers/search: active teachers matching the filters; with day and/or time only those
 * with a free slot there. The paginated wrapper of product-rules.md "Records and fields".
 */
export async function searchTeachers(
  ctx: SearchContext,
  viewer: User,
  query: TeacherSearchQuery,
): Promise<TeacherSearchPage> {
  const filters: TeacherFilters = {
    languageId: query.language_id,
    levelId: query.level_id,
    teachingLanguageId: query.teaching_language_id,
    specializationId: query.specialization_id,
  }
  const slots = await slotFilter(ctx, viewer, query)
  const offset = (query.page - 1) * query.per_page
  const { total, matches } = await findMatches(ctx, filters, slots, { offset, limit: query.per_page })
  return {
    data: toResults(ctx, viewer, matches),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
  }
}

/**
 * GET /teachers/it_teachers: the active teachers with the IT specialization, for users
 * of the partner company only (product-rules.md "Who uses it"); same shape and order as the search.
 */
export async function listItTeachers(ctx: SearchContext, viewer: User): Promise<ItTeacher[]> {
  if (!isPartnerCompany(viewer.companyName, ctx.config.partnerCompanyName)) throw new AppError('forbidden')
  const slots = await slotFilter(ctx, viewer, {})
  // One list, not pages: product-rules.md "API calls" shows no paging for it, and IT teachers are
  // few.
  const { matches } = await findMatches(ctx, { specializationName: IT_SPECIALIZATION }, slots)
  return toResults(ctx, viewer, matches).map((result, index) => ({
    ...result,
    it_language_ids: (matches[index]?.teacher.specializations ?? [])
      .filter((s) => s.name === IT_SPECIALIZATION)
      .map((s) => s.languageId),
  }))
}
