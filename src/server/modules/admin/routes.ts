import type { FastifyInstance } from 'fastify'
import type * as v from 'valibot'
import {
  auditQuery,
  secondFactorConfirmBody,
  secondFactorVerifyBody,
  updateSettingsBody,
  verifyTeacherBody,
} from '../../../domain/api/admin.ts'
import type { FieldError } from '../../../domain/errors.ts'
import { AppError, OpsError } from '../../platform/errors.ts'
import { decodeIssue, englishIssue } from '../../platform/issue-english.ts'
import { parseInput } from '../../platform/validate.ts'
import {
  SETTING_BOUNDS,
  type SettingsValues,
  showOperatorSettings,
  updateSettings,
} from '../settings/public.ts'
import { verifyTeacher } from '../users/public.ts'
import { adminAbsenceRoutes } from './absence-routes.ts'
import { auditPage } from './audit-service.ts'
import { adminGroupClassRoutes } from './group-classes-routes.ts'
import { currentOperator, operatorActor, operatorSession, operatorWithSecondFactor } from './guard.ts'
import { adminLackOfSlotsRoutes } from './lack-of-slots-routes.ts'
import { adminLessonsRoutes } from './lessons-routes.ts'
import { adminOverviewRoutes } from './overview-routes.ts'
import {
  confirmEnrolment,
  keepRecoveryCodes,
  renewRecoveryCodes,
  sessionSecondFactor,
  startEnrolment,
  verifySecondFactor,
} from './second-factor.ts'
import { adminStudentRoutes } from './students-routes.ts'
import { adminTeacherRoutes } from './teachers-routes.ts'

// The school's console: the operator's second factor (/operator/second_factor/*) and
// the operator APIs (/admin/*), which the console's screens call. Every change goes through the
// same service as the ops CLI and is audited in its transaction.

const invalid = (field: string, message = englishIssue(decodeIssue('invalid'))): FieldError => ({
  field,
  message,
  code: 'invalid',
})

const SETTING_FIELDS = {
  ban_duration: 'banDuration',
  cancellation_earliness: 'cancellationEarliness',
  lesson_earliness_condition: 'lessonEarlinessCondition',
  first_reminder_minutes: 'firstReminderMinutes',
  second_reminder_minutes: 'secondReminderMinutes',
  recording_lesson_max_mb: 'recordingLessonMaxMb',
  recording_day_max_mb: 'recordingDayMaxMb',
  sms_daily_user_max: 'smsDailyUserMax',
  sms_daily_school_max: 'smsDailySchoolMax',
  recap_daily_max: 'recapDailyMax',
  recap_publish_after_hours: 'recapPublishAfterHours',
} as const satisfies Record<keyof v.InferOutput<typeof updateSettingsBody>, keyof SettingsValues>

/** The body's values, checked against the same bounds as `ops settings` (settings/service.ts). */
function settingChanges(body: v.InferOutput<typeof updateSettingsBody>): Partial<SettingsValues> {
  const changes: Partial<SettingsValues> = {}
  const errors: FieldError[] = []
  for (const [field, key] of Object.entries(SETTING_FIELDS) as [
    keyof typeof SETTING_FIELDS,
    keyof SettingsValues,
  ][]) {
    const value = body[field]
    if (value === undefined) continue
    const { min, max, unit } = SETTING_BOUNDS[key]
    if (value < min || value > max)
      errors.push(invalid(field, `A whole number of ${unit} from ${min} to ${max}`))
    else changes[key] = value
  }
  if (errors.length > 0) throw new AppError('validation_failed', { errors })
  return changes
}

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps

  // The console's shell after a reload: the operator and where this session stands.
  app.get('/operator/me', { preHandler: operatorSession(app) }, async (request) => {
    const signedIn = currentOperator(request)
    const { user } = signedIn
    return {
      data: {
        id: user.id,
        email: user.email,
        locale: user.locale,
        second_factor: await sessionSecondFactor(ctx.db, signedIn),
      },
    }
  })

  // The second factor: enrol at the first sign-in, then verify at each one.
  app.post('/operator/second_factor/enrol', { preHandler: operatorSession(app) }, async (request) => ({
    data: await startEnrolment(ctx, currentOperator(request).user),
  }))
  app.post('/operator/second_factor/confirm', { preHandler: operatorSession(app) }, async (request) => {
    const { code } = parseInput(secondFactorConfirmBody, request.body)
    return { data: await confirmEnrolment(ctx, { ...currentOperator(request), ip: request.ip }, code) }
  })
  app.post('/operator/second_factor/verify', { preHandler: operatorSession(app) }, async (request) => {
    const body = parseInput(secondFactorVerifyBody, request.body)
    await verifySecondFactor(ctx, { ...currentOperator(request), ip: request.ip }, body)
    return { data: { ok: true } }
  })
  // The recovery codes kept, the console opens; or new ones for a session that lost sight of them.
  app.post('/operator/second_factor/codes_kept', { preHandler: operatorSession(app) }, async (request) => {
    await keepRecoveryCodes(ctx, currentOperator(request))
    return { data: { ok: true } }
  })
  app.post('/operator/second_factor/new_codes', { preHandler: operatorSession(app) }, async (request) => ({
    data: await renewRecoveryCodes(ctx, currentOperator(request)),
  }))

  const admin = { preHandler: operatorWithSecondFactor(app) }

  app.get('/admin/audit/index', admin, async (request) => {
    const query = parseInput(auditQuery, request.query)
    const { entries, more } = await auditPage(ctx.db, {
      action: query.action,
      targetType: query.target_type,
      targetId: query.target_id,
      actorId: query.actor_id,
      from: query.from === undefined ? undefined : new Date(query.from),
      to: query.to === undefined ? undefined : new Date(query.to),
      page: query.page,
      perPage: query.per_page,
    })
    return { data: { entries, page: query.page, has_more: more } }
  })

  // product-rules.md "Sign-in and account states": a teacher awaiting verification is let in (the
  // same service as `ops verify-teacher`).
  app.post('/admin/teachers/verify', admin, async (request) => {
    const { email } = parseInput(verifyTeacherBody, request.body)
    try {
      const result = await verifyTeacher(ctx, email, operatorActor(request))
      return {
        data: {
          email: result.email,
          already_verified: result.alreadyVerified,
          mail_sent: !result.alreadyVerified && result.mailError === null,
        },
      }
    } catch (error) {
      // No such account, not a teacher, or deactivated: the service's words, on the field.
      if (error instanceof OpsError)
        throw new AppError('validation_failed', { errors: [invalid('email', error.message)] })
      throw error
    }
  })

  // Settings (product-rules.md "Records and fields"; the same service as `ops settings`).
  app.get('/admin/settings/show', admin, async () => ({ data: await showOperatorSettings(ctx) }))
  app.post('/admin/settings/update', admin, async (request) => {
    const changes = settingChanges(parseInput(updateSettingsBody, request.body))
    return { data: await updateSettings(ctx, changes, operatorActor(request)) }
  })

  await adminTeacherRoutes(app)
  await adminStudentRoutes(app)
  await adminLessonsRoutes(app)
  await adminAbsenceRoutes(app)
  await adminLackOfSlotsRoutes(app)
  await adminOverviewRoutes(app)
  await adminGroupClassRoutes(app)
}
