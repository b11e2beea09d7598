import type { AdminTeacher, AdminTeacherStatus, BILLING_FIELDS } from '../../../domain/api/admin-teachers.ts'
import { swiftRequired } from '../../../domain/validation/rules.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import type { User } from '../../platform/sessions.ts'
import { fileUrlsOf } from '../users/public.ts'
import { penaltyCounts } from './absence-repository.ts'
import {
  countFutureLessons,
  findTeachersLanguages,
  latestDeactivations,
  REJECT_ACTION,
} from './teachers-repository.ts'

// The console's view of a teacher: what an operator needs to verify one (picture,
// video, languages, description, billing completeness) and to run one (cap, video, lessons ahead).

type BillingField = (typeof BILLING_FIELDS)[number]

const filled = (value: string | null | undefined) => Boolean(value?.trim())

/** product-rules.md "Bank details": "Bank data filled", field by field: the ones still missing. */
export function missingBilling(user: Pick<User, 'iban' | 'swift' | 'address'>): BillingField[] {
  const a = user.address
  const checks: [BillingField, boolean][] = [
    ['iban', filled(user.iban)],
    ['swift', !swiftRequired(user.iban) || filled(user.swift)],
    ['street', filled(a?.street)],
    ['building_number', filled(a?.buildingNumber)],
    ['zip', filled(a?.zip)],
    ['city', filled(a?.city)],
    ['country', filled(a?.country)],
  ]
  return checks.filter(([, ok]) => !ok).map(([field]) => field)
}

export const consoleStatus = (status: User['status']): AdminTeacherStatus =>
  status === 'inactive' ? 'deactivated' : status === 'active' ? 'active' : 'pending_verification'

const reasonOf = (after: unknown): string | null => {
  if (after === null || typeof after !== 'object') return null
  const reason: unknown = Reflect.get(after, 'reason')
  return typeof reason === 'string' ? reason : null
}

/** The console's items of these teachers, in their order (a few queries for the whole page). */
export async function adminTeachers(
  ctx: Pick<AppContext, 'db' | 'clock' | 'fileUrls'>,
  rows: User[],
  db: Db = ctx.db,
): Promise<AdminTeacher[]> {
  const ids = rows.map((row) => row.id)
  const { taught, teaching } = await findTeachersLanguages(db, ids)
  const counts = await countFutureLessons(db, ids, ctx.clock.now())
  const inactive = rows.filter((row) => row.status === 'inactive').map((row) => row.id)
  const deactivations = await latestDeactivations(db, inactive)
  const penalties = await penaltyCounts(db, ids)
  return rows.map((user) => {
    const missing = missingBilling(user)
    const count = counts.find((c) => c.teacherId === user.id)
    const deactivation = deactivations.find((d) => d.targetId === user.id)
    const { image_url, video_url } = fileUrlsOf(ctx.fileUrls, user)
    return {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      status: consoleStatus(user.status),
      locale: user.locale,
      created_at: user.createdAt.toISOString(),
      verified_at: user.verifiedAt?.toISOString() ?? null,
      deactivation:
        user.status === 'inactive' && deactivation
          ? {
              kind: deactivation.action === REJECT_ACTION ? 'rejected' : 'deactivated',
              reason: reasonOf(deactivation.after),
              at: deactivation.at.toISOString(),
            }
          : null,
      taught_languages: taught
        .filter((t) => t.teacherId === user.id)
        .map(({ teacherId: _, ...language }) => language),
      teaching_language_ids: teaching.filter((t) => t.teacherId === user.id).map((t) => t.languageId),
      image_url,
      video_url,
      description: user.description,
      billing: { complete: missing.length === 0, missing },
      monthly_lesson_cap: user.monthlyLessonCap,
      video_provider: user.videoProvider,
      future_lessons: count?.future ?? 0,
      learncube_lessons: count?.learncube ?? 0,
      penalties: penalties.get(user.id) ?? { late_cancellation: 0, absence: 0 },
    }
  })
}
