import * as v from 'valibot'
import type {
  TeacherSearchPage,
  TeacherSearchQuery,
  TeacherSearchResult,
} from '../../../domain/api/teachers.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { showSettings } from '../settings/service.ts'
import { freeSlotWindows } from './free-slot-windows.ts'
import { isPartnerCompany } from './partner.ts'
import {
  countTeachers,
  findTeacherPage,
  type SlotFilter,
  type TeacherFilters,
  type TeacherRow,
} from './search-repository.ts'

type SearchContext = Pick<AppContext, 'db' | 'clock' | 'fileUrls' | 'config'>

/** IT teachers (spec §1) are the teachers with this specialization. */
const IT_SPECIALIZATION = 'it'

/** Free slots for the asking user (spec §4, §9): a student's range ends at their active_until. */
async function slotFilter(
  ctx: SearchContext,
  viewer: User,
  filters: { day?: string | undefined; time?: TeacherSearchQuery['time'] },
): Promise<SlotFilter> {
  const settings = await showSettings(ctx)
  const windows = freeSlotWindows({
    now: ctx.clock.now(),
    graceHours: settings.lesson_earliness_condition,
    activeUntil: viewer.role === 'student' ? viewer.activeUntil : null,
    day: filters.day,
    time: filters.time,
  })
  return { windows, required: filters.day !== undefined || filters.time !== undefined }
}

const taughtJson = v.array(v.object({ id: v.number(), level_id: v.number() }))

function toResults(ctx: SearchContext, rows: TeacherRow[]): TeacherSearchResult[] {
  return rows.map((row) => ({
    id: row.id,
    first_name: row.firstName ?? '',
    last_name: row.lastName ?? '',
    average_rating: row.averageRating,
    image_url: ctx.fileUrls.url(row.imageKey),
    taught_languages: v.parse(taughtJson, row.taught).map((t) => ({ id: t.id, level: { id: t.level_id } })),
    not_accepting_new_students: row.notAcceptingNewStudents,
    next_free_slot: row.nextFreeSlot?.toISOString() ?? null,
  }))
}

/**
 * spec §7 GET /teachers/search (issue #4 item 3): active teachers matching the filters; with day
 * and/or time only those with a free slot there. spec §3 paginated wrapper.
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
  // Day/time filters no slot can meet (a day outside the range, an expired account): none match.
  const impossible = slots.required && slots.windows.length === 0
  const rows = impossible
    ? []
    : await findTeacherPage(ctx.db, filters, slots, { limit: query.per_page, offset })
  // Every row carries the total; a page past the end has none, so only then is it counted apart.
  const total = impossible
    ? 0
    : (rows[0]?.total ?? (offset > 0 ? await countTeachers(ctx.db, filters, slots) : 0))
  return {
    data: toResults(ctx, rows),
    currentPage: query.page,
    lastPage: Math.max(1, Math.ceil(total / query.per_page)),
    perPage: query.per_page,
    total,
  }
}

/**
 * spec §7 GET /teachers/it_teachers: the active teachers with the IT specialization, for users
 * of the partner company only (spec §1, §6); same shape and order as the search.
 */
export async function listItTeachers(ctx: SearchContext, viewer: User): Promise<TeacherSearchResult[]> {
  if (!isPartnerCompany(viewer.companyName, ctx.config.partnerCompanyName)) throw new AppError('forbidden')
  const slots = await slotFilter(ctx, viewer, {})
  // One list, not pages: the spec shows no paging for it (spec §7), and IT teachers are few.
  return toResults(ctx, await findTeacherPage(ctx.db, { specializationName: IT_SPECIALIZATION }, slots))
}
