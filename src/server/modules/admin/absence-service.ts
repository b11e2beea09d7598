import type { AdminAbsenceReport } from '../../../domain/api/admin-lessons.ts'
import type { ServiceContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { revokeUserSessions } from '../../platform/sessions-repository.ts'
import { showSettings } from '../settings/public.ts'
import { lockUser, updateUser } from '../users/public.ts'
import { absenceDecisionMail, type Consequence } from './absence-mail.ts'
import {
  findReport,
  insertAbsencePenalty,
  lockReport,
  type ReportRow,
  setReportDecision,
  toReportDtos,
} from './absence-repository.ts'
import { type AuditActor, writeAudit } from './audit-repository.ts'
import { lockLesson } from './lessons-repository.ts'

// The school's decision on an absence report. Accepting applies product-rules.md "Warning and ban",
// "Teacher penalties": a student is warned the first time (warned_at) and banned for ban_duration
// days (and signed out) when already warned — the same ladder as a late cancellation; a teacher
// gets the financial penalty, recorded in teacher_penalties (reason 'absence'). Dismissing changes
// nothing for the absentee. The decision, its consequence and the audit entry commit together; both
// parties are e-mailed after.

const DAY_MS = 86_400_000

const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', { errors: [{ field, message, code: 'invalid' }] })

export type ResolveInput = { reportId: string; decision: 'accept' | 'dismiss'; note: string }

export type ResolveResult = {
  report: AdminAbsenceReport
  consequence: Consequence
  bannedUntil: Date | null
  mailSent: { reporter: boolean; absentee: boolean }
}

type Applied = {
  consequence: Consequence
  bannedUntil: Date | null
  penaltyId: string | null
  banDays: number
}

async function applyConsequence(
  tx: Db,
  absentee: { id: string; role: 'student' | 'teacher' },
  lessonId: string,
  now: Date,
): Promise<Applied & { before: object; after: object }> {
  const settings = await showSettings({ db: tx })
  const banDays = settings.ban_duration
  if (absentee.role === 'teacher') {
    // product-rules.md "Teacher penalties": "Teachers get a notice about a financial penalty for
    // cancellation or absence".
    const penaltyId = await insertAbsencePenalty(tx, { teacherId: absentee.id, lessonId, now })
    return {
      consequence: 'penalty',
      bannedUntil: null,
      penaltyId,
      banDays,
      before: { penalty: null },
      after: { penalty: { id: penaltyId, reason: 'absence' } },
    }
  }
  const student = await lockUser(tx, absentee.id)
  if (!student) throw new AppError('not_found')
  const before = {
    warned_at: student.warnedAt?.toISOString() ?? null,
    banned_until: student.bannedUntil?.toISOString() ?? null,
  }
  if (student.warnedAt === null) {
    await updateUser(tx, student.id, { warnedAt: now, updatedAt: now })
    return {
      consequence: 'warned',
      bannedUntil: null,
      penaltyId: null,
      banDays,
      before,
      after: { ...before, warned_at: now.toISOString() },
    }
  }
  const bannedUntil = new Date(now.getTime() + banDays * DAY_MS)
  await updateUser(tx, student.id, { bannedUntil, updatedAt: now })
  await revokeUserSessions(tx, student.id, now)
  return {
    consequence: 'banned',
    bannedUntil,
    penaltyId: null,
    banDays,
    before,
    after: { ...before, banned_until: bannedUntil.toISOString() },
  }
}

export async function resolveAbsenceReport(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'mailer' | 'log' | 'changes'>,
  input: ResolveInput,
  actor: AuditActor,
): Promise<ResolveResult> {
  const now = ctx.clock.now()
  const applied = await ctx.db.transaction(async (tx) => {
    const report = await lockReport(tx, input.reportId)
    if (!report) throw new AppError('not_found')
    if (report.status !== 'open') throw fieldError('report_id', 'This report has already been resolved')
    const lesson = await lockLesson(tx, report.lessonId)
    if (!lesson) throw new AppError('not_found')
    let result: Applied = { consequence: null, bannedUntil: null, penaltyId: null, banDays: 0 }
    let before: object = {}
    let after: object = {}
    if (input.decision === 'accept') {
      if (lesson.cancelledAt)
        throw fieldError('decision', 'The lesson was cancelled: dismiss the report instead')
      const role = report.absenteeId === lesson.teacherId ? 'teacher' : 'student'
      const done = await applyConsequence(tx, { id: report.absenteeId, role }, lesson.id, now)
      result = done
      before = done.before
      after = done.after
    }
    const status = input.decision === 'accept' ? 'accepted' : 'dismissed'
    const note = input.note === '' ? null : input.note
    await setReportDecision(tx, report.id, {
      status,
      resolvedAt: now,
      resolvedBy: actor.kind === 'operator' ? actor.id : null,
      note,
    })
    await writeAudit(
      tx,
      actor,
      {
        action: `absence_report.${input.decision}`,
        targetType: 'absence_report',
        targetId: report.id,
        before: { status: 'open', lesson_id: lesson.id, absentee_id: report.absenteeId, absentee: before },
        after: { status, note, consequence: result.consequence, absentee: after },
      },
      now,
    )
    return result
  })
  const row = await findReport(ctx.db, input.reportId)
  if (!row) throw new AppError('not_found')
  // A warned or banned student's row changed (a ban also ended their sessions).
  if (applied.consequence === 'banned' || applied.consequence === 'warned')
    ctx.changes.publish({ kind: 'user', id: row.absentee.id })
  const [report] = await toReportDtos(ctx.db, [row], now)
  if (!report) throw new AppError('not_found')
  const mailSent = await tellParties(ctx, row, input, applied)
  return { report, consequence: applied.consequence, bannedUntil: applied.bannedUntil, mailSent }
}

/** Both parties, each in their own locale; a failed e-mail is logged, never undoes the decision. */
async function tellParties(
  ctx: Pick<ServiceContext, 'mailer' | 'log'>,
  row: ReportRow,
  input: ResolveInput,
  applied: Applied,
): Promise<{ reporter: boolean; absentee: boolean }> {
  const common = {
    decision: input.decision === 'accept' ? ('accepted' as const) : ('dismissed' as const),
    lessonStartsAt: row.lesson.startsAt,
    note: input.note,
    bannedUntil: applied.bannedUntil,
    banDays: applied.banDays,
  }
  const send = async (mail: Parameters<typeof absenceDecisionMail>[0]) => {
    try {
      await ctx.mailer.send(absenceDecisionMail(mail))
      return true
    } catch (error) {
      ctx.log.error({ err: error, to: mail.to }, 'the absence decision e-mail could not be sent')
      return false
    }
  }
  const reporter = await send({
    ...common,
    to: row.reporter.email,
    locale: row.reporterLocale,
    party: 'reporter',
    otherName: row.absentee.name ?? row.absentee.email,
    consequence: null,
  })
  const absentee = await send({
    ...common,
    to: row.absentee.email,
    locale: row.absentee.locale,
    party: 'absentee',
    otherName: row.reporter.name ?? row.reporter.email,
    consequence: applied.consequence,
  })
  return { reporter, absentee }
}
