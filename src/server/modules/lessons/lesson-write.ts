import type { FastifyRequest } from 'fastify'
import type * as v from 'valibot'
import { type Lesson, lessonResponse } from '../../../domain/api/my-lessons.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { currentUser } from '../../platform/auth.ts'
import { idempotencyKey, idempotentWrite } from '../../platform/idempotency.ts'
import { parseInput } from '../../platform/validate.ts'
import { type Viewer, viewerOf } from '../../platform/viewer.ts'

/**
 * A JSON write on one lesson (lessons/update, report_absence, ratings/*): the body
 * checked, applied in one transaction once per Idempotency-Key, answering the lesson as it is now.
 */
export function writeLesson<S extends v.GenericSchema>(
  ctx: AppContext,
  request: FastifyRequest,
  scope: string,
  schema: S,
  apply: (tx: Db, viewer: Viewer, input: v.InferOutput<S>, now: Date) => Promise<Lesson>,
) {
  const user = currentUser(request)
  const key = idempotencyKey(request)
  const input = parseInput(schema, request.body)
  const now = ctx.clock.now()
  return idempotentWrite(ctx, { userId: user.id, key, scope, body: input }, lessonResponse, async (tx) => ({
    status: 200,
    body: { data: await apply(tx, viewerOf(user), input, now) },
  }))
}
