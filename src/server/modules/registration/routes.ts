import type { FastifyInstance } from 'fastify'
import { studentSignUpSchema } from '../../../domain/api/registration.ts'
import { currentCaller } from '../../platform/auth.ts'
import { polandToday } from '../../platform/clock.ts'
import { withUpload } from '../../platform/uploads.ts'
import { parseInput } from '../../platform/validate.ts'
import { currentProfile } from '../users/public.ts'
import { assertRegistrationOpen, completeStudentRegistration } from './student-sign-up.ts'
import { signUpTeacher } from './teacher-sign-up.ts'

// The /registration screen (product-rules.md "Screens and routes"). POST /teachers/sign_up (without
// authentication; multipart with a `payload` part, `image` and `video`) and POST /students/sign_up
// (the invited student's session; JSON, or multipart with an optional `image`).
export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps

  app.post('/teachers/sign_up', async (request, reply) => {
    await ctx.limiters.teacherSignUpPerIp.consume(request.ip)
    await withUpload(request, ctx, { image: 'picture', video: 'video' }, (upload) =>
      signUpTeacher(ctx, upload),
    )
    return reply.status(201).send({ data: { ok: true } })
  })

  app.post('/students/sign_up', { preHandler: app.authenticate }, async (request) => {
    const caller = currentCaller(request, 'student')
    // Refused before any file is received.
    assertRegistrationOpen(caller.user)
    const schema = studentSignUpSchema(polandToday(ctx.clock))
    await withUpload(request, ctx, { image: 'picture' }, (upload) =>
      completeStudentRegistration(ctx, caller, parseInput(schema, upload.payload), upload.files.image),
    )
    return { data: await currentProfile(ctx, caller.user.id) }
  })
}
