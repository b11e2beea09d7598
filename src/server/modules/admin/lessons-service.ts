import type { AdminLesson, AdminLessonDetail } from '../../../domain/api/admin-lessons.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { languageRef } from '../dictionaries/public.ts'
import { lessonStatus, updateLesson } from '../lessons/public.ts'
import { planCancellation } from '../notifications/public.ts'
import { lessonArchiveRows, lessonVoiceClipRows, toArchive } from '../recordings/public.ts'
import { lessonSmsMessages } from '../sms/public.ts'
import { slotsFreed } from '../waitlist/public.ts'
import { penaltiesOfLesson, reportsOfLesson, toReportDtos } from './absence-repository.ts'
import { type AuditActor, writeAudit } from './audit-repository.ts'
import {
  type AdminLessonRow,
  attendanceOf,
  chatMessageCount,
  findAdminLesson,
  lessonMaterials,
  lessonRating,
  lockLesson,
} from './lessons-repository.ts'

// The console's lessons: a lesson's details for the school, and the school's cancel on behalf of
// either party — with a reason and no penalty (the warnings, bans and teacher penalties of
// product-rules.md "Cancellation" are for a party's own late cancellation), both parties told.

export type AdminLessonsContext = Pick<AppContext, 'db' | 'clock' | 'jobs' | 'fileUrls' | 'changes'>

export function toAdminLesson(row: AdminLessonRow, now: Date): AdminLesson {
  const { lesson } = row
  const by = row.canceller
  return {
    id: lesson.id,
    starts_at: lesson.startsAt.toISOString(),
    ends_at: lesson.endsAt.toISOString(),
    teacher: row.teacher,
    student: {
      id: row.student.id,
      name: row.student.name,
      email: row.student.email,
      company_name: row.student.companyName,
    },
    language: languageRef(row.language),
    level: row.level,
    status: lessonStatus(lesson, now),
    is_group: lesson.isGroup,
    cancelled_at: lesson.cancelledAt?.toISOString() ?? null,
    cancelled_by: by?.id ? { role: by.role, id: by.id, name: by.name, email: by.email } : null,
    cancellation_reason: lesson.cancellationReason,
    absence_reports: row.reports,
    open_absence_reports: row.openReports,
  }
}

/**
 * The lesson with what the room recorded: attendance, chat length, materials, recordings, the
 * student's voice clips, reports.
 */
export async function adminLessonDetail(
  ctx: Pick<AppContext, 'fileUrls'> & { db: Db },
  lessonId: string,
  now: Date,
): Promise<AdminLessonDetail> {
  const row = await findAdminLesson(ctx.db, lessonId)
  if (!row) throw new AppError('not_found')
  // One after another: inside the cancel's transaction they share one connection.
  const attendance = await attendanceOf(ctx.db, [lessonId])
  const chat = await chatMessageCount(ctx.db, lessonId)
  const materials = await lessonMaterials(ctx.db, lessonId)
  const rating = await lessonRating(ctx.db, lessonId)
  const archives = await lessonArchiveRows(ctx.db, lessonId)
  const clips = await lessonVoiceClipRows(ctx.db, lessonId)
  const reports = await reportsOfLesson(ctx.db, lessonId)
  const penalties = await penaltiesOfLesson(ctx.db, lessonId)
  const sms = await lessonSmsMessages(ctx.db, lessonId)
  return {
    ...toAdminLesson(row, now),
    note: row.lesson.note,
    rating,
    attendance: attendance.get(lessonId) ?? [],
    chat_messages: chat,
    materials: materials.map((file) => ({
      id: file.id,
      filename: file.filename,
      owner_role: file.ownerRole,
      size: file.size,
      created_at: file.createdAt.toISOString(),
    })),
    recordings: archives.map((archive) => toArchive(archive, ctx.fileUrls)),
    voice_recordings: clips.map((clip) => ({
      id: clip.id,
      url: ctx.fileUrls.url(clip.key) ?? '',
      size: clip.size,
      created_at: clip.createdAt.toISOString(),
      duration_ms: clip.durationMs,
    })),
    reports: await toReportDtos(ctx.db, reports, now),
    sms: sms.flatMap((message) =>
      message.kind === 'lesson_reminder' || message.kind === 'lesson_cancelled'
        ? [
            {
              id: message.id,
              kind: message.kind,
              to_role: message.userId === row.lesson.teacherId ? ('teacher' as const) : ('student' as const),
              to_number: message.toNumber,
              body: message.body,
              state: message.state,
              reason: message.reason,
              created_at: message.createdAt.toISOString(),
              state_at: message.stateAt.toISOString(),
            },
          ]
        : [],
    ),
    penalties: penalties.map((p) => ({
      id: p.id,
      teacher_id: p.teacherId,
      reason: p.reason,
      created_at: p.createdAt.toISOString(),
    })),
  }
}

/**
 * The rule of what can be cancelled (product-rules.md "Cancellation": not cancelled, not started,
 * not finished) with the same error codes as POST /lessons/cancel; the cancellation, its audit
 * entry and both parties' notices commit together.
 */
export async function cancelAsSchool(
  ctx: AdminLessonsContext,
  input: { lessonId: string; reason: string },
  actor: AuditActor,
): Promise<AdminLessonDetail> {
  const now = ctx.clock.now()
  const detail = await ctx.db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, input.lessonId)
    if (!lesson) throw new AppError('not_found')
    if (lesson.cancelledAt) throw new AppError('lesson_cancelled')
    if (lesson.endsAt <= now) throw new AppError('lesson_finished')
    if (lesson.startsAt <= now) throw new AppError('lesson_started')
    await updateLesson(tx, lesson.id, {
      cancelledAt: now,
      // The operator's account (the lesson shows "cancelled by the school"); the CLI has none.
      cancelledBy: actor.kind === 'operator' ? actor.id : null,
      cancellationReason: input.reason,
    })
    // cancelledBy null — neither party cancelled, so both are told.
    const parties = {
      id: lesson.id,
      startsAt: lesson.startsAt,
      teacherId: lesson.teacherId,
      studentId: lesson.studentId,
    }
    await planCancellation(tx, ctx.jobs, parties, null)
    await slotsFreed(tx, ctx.jobs, {
      teacherId: lesson.teacherId,
      startsAt: [lesson.startsAt],
      exceptStudentId: lesson.studentId,
    })
    await writeAudit(
      tx,
      actor,
      {
        action: 'lesson.cancel',
        targetType: 'lesson',
        targetId: lesson.id,
        before: { status: lessonStatus(lesson, now), cancelled_at: null, cancellation_reason: null },
        after: {
          status: 'cancelled',
          cancelled_at: now.toISOString(),
          cancellation_reason: input.reason,
          penalty: null,
        },
      },
      now,
    )
    return adminLessonDetail({ ...ctx, db: tx }, lesson.id, now)
  })
  ctx.changes.publish({ kind: 'teacher', id: detail.teacher.id }, { kind: 'student', id: detail.student.id })
  return detail
}
