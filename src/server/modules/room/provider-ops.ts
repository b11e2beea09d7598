import type { ServiceContext } from '../../context.ts'
import { OpsError } from '../../platform/errors.ts'
import { type AuditActor, CLI_ACTOR, writeAudit } from '../admin/public.ts'
import {
  lessonForLearncube,
  lockTeacherVideoProvider,
  saveVideoProvider,
  setLearncube,
  teacherIdByEmail,
} from './repository.ts'

// Operator commands for the outside classrooms: which lessons LearnCube holds, and a teacher's
// video provider.

type LearncubeTarget = { lessonId: string } | { teacherEmail: string }

/**
 * Marks one lesson, or every future lesson of a teacher, as held in LearnCube (or unmarks them).
 * A lesson keeps its room token when unmarked, so marking it again finds the same classroom.
 * Cancelled and group lessons are left alone.
 */
export async function markLearncube(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  target: LearncubeTarget,
  on: boolean,
  actor: AuditActor = CLI_ACTOR,
): Promise<number> {
  let which: { lessonId: string } | { teacherId: string; now: Date }
  if ('lessonId' in target) {
    which = { lessonId: target.lessonId }
    const lesson = await lessonForLearncube(ctx.db, target.lessonId)
    if (!lesson) throw new OpsError(`No lesson ${target.lessonId}.`)
    if (lesson.isGroup) throw new OpsError('A group lesson is not held in a LearnCube classroom.')
    if (lesson.cancelledAt) throw new OpsError('The lesson is cancelled.')
  } else {
    const teacherId = await teacherIdByEmail(ctx.db, target.teacherEmail.toLowerCase())
    if (!teacherId) throw new OpsError(`No teacher ${target.teacherEmail}.`)
    which = { teacherId, now: ctx.clock.now() }
  }
  return ctx.db.transaction(async (tx) => {
    const changed = await setLearncube(tx, which, on)
    // Audited in the change's transaction.
    await writeAudit(
      tx,
      actor,
      {
        action: 'lesson.learncube',
        targetType: 'lessonId' in target ? 'lesson' : 'teacher',
        targetId: 'lessonId' in target ? target.lessonId : target.teacherEmail.toLowerCase(),
        before: null,
        after: { learncube: on, lessons: changed },
      },
      ctx.clock.now(),
    )
    return changed.length
  })
}

/** Sets a teacher's video provider; null: the school's default. */
export async function setVideoProvider(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'clock'>,
  email: string,
  provider: 'builtin' | 'vonage' | null,
  actor: AuditActor = CLI_ACTOR,
): Promise<void> {
  if (provider === 'vonage' && !ctx.config.video.vonage) {
    throw new OpsError('Vonage is not configured: set VONAGE_APPLICATION_ID and VONAGE_PRIVATE_KEY first.')
  }
  await ctx.db.transaction(async (tx) => {
    const before = await lockTeacherVideoProvider(tx, email.toLowerCase())
    if (!before) throw new OpsError(`No teacher ${email}.`)
    await saveVideoProvider(tx, before.id, provider)
    // Audited in the change's transaction.
    await writeAudit(
      tx,
      actor,
      {
        action: 'teacher.video_provider',
        targetType: 'user',
        targetId: before.id,
        before: { video_provider: before.videoProvider },
        after: { video_provider: provider },
      },
      ctx.clock.now(),
    )
  })
}
