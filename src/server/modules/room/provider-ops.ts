import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../context.ts'
import { users } from '../../db/schema.ts'
import { lessons } from '../../db/schema-lessons.ts'
import { OpsError } from '../../platform/errors.ts'
import { type AuditActor, CLI_ACTOR, writeAudit } from '../admin/public.ts'

// Operator commands for the outside classrooms: which lessons LearnCube holds, and a teacher's
// video provider.

/**
 * A classroom's name at LearnCube (room_token, product-rules.md "Records and fields"): unguessable
 * (a random UUID's 122 bits), made once per lesson, in the same statement that marks it.
 */
const roomTokenOrNew = sql`coalesce(${lessons.roomToken}, 'lektorium-' || replace(gen_random_uuid()::text, '-', ''))`

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
  let which: ReturnType<typeof and>
  if ('lessonId' in target) {
    which = eq(lessons.id, target.lessonId)
    const [lesson] = await ctx.db
      .select({ isGroup: lessons.isGroup, cancelledAt: lessons.cancelledAt })
      .from(lessons)
      .where(which)
    if (!lesson) throw new OpsError(`No lesson ${target.lessonId}.`)
    if (lesson.isGroup) throw new OpsError('A group lesson is not held in a LearnCube classroom.')
    if (lesson.cancelledAt) throw new OpsError('The lesson is cancelled.')
  } else {
    const [teacher] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, target.teacherEmail.toLowerCase()), eq(users.role, 'teacher')))
    if (!teacher) throw new OpsError(`No teacher ${target.teacherEmail}.`)
    which = and(
      eq(lessons.teacherId, teacher.id),
      gt(lessons.endsAt, ctx.clock.now()),
      isNull(lessons.cancelledAt),
      eq(lessons.isGroup, false),
    )
  }
  return ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(lessons)
      .set(on ? { isLearncube: true, roomToken: roomTokenOrNew } : { isLearncube: false })
      .where(which)
      .returning({ id: lessons.id })
    // Audited in the change's transaction.
    await writeAudit(
      tx,
      actor,
      {
        action: 'lesson.learncube',
        targetType: 'lessonId' in target ? 'lesson' : 'teacher',
        targetId: 'lessonId' in target ? target.lessonId : target.teacherEmail.toLowerCase(),
        before: null,
        after: { learncube: on, lessons: changed.map((l) => l.id) },
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
    const teacher = and(eq(users.email, email.toLowerCase()), eq(users.role, 'teacher'))
    const [before] = await tx
      .select({ id: users.id, videoProvider: users.videoProvider })
      .from(users)
      .where(teacher)
      .for('update')
    if (!before) throw new OpsError(`No teacher ${email}.`)
    await tx.update(users).set({ videoProvider: provider }).where(eq(users.id, before.id))
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
