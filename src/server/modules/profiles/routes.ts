import type { FastifyInstance } from 'fastify'
import type * as v from 'valibot'
import { studentShowQuery, teacherShowQuery } from '../../../domain/api/profile.ts'
import { studentUpdateSchema, teacherUpdateSchema } from '../../../domain/api/profile-update.ts'
import { currentCaller, currentUser } from '../../platform/auth.ts'
import { polandToday } from '../../platform/clock.ts'
import type { Upload } from '../../platform/uploads.ts'
import { withUpload } from '../../platform/uploads.ts'
import { parseInput } from '../../platform/validate.ts'
import { currentProfile } from '../users/public.ts'
import type { ProfileChanges } from './columns.ts'
import { showStudent, showTeacher } from './show.ts'
import { updateProfile } from './update.ts'
import { assertVoiceSample } from './voice-sample.ts'

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0

/** The payload's groups; a request that only brings a file may leave the payload empty. */
function changesOf(schema: v.GenericSchema<unknown, ProfileChanges>, upload: Upload<string>): ProfileChanges {
  if (isEmptyObject(upload.payload) && Object.keys(upload.files).length > 0) return {}
  return parseInput(schema, upload.payload)
}

// With authentication: POST /students/update and /teachers/update (JSON, or multipart with a
// `payload` part and files), each for its own role (product-rules.md "Roles and permissions"); GET
// /teachers/show and GET /students/show.
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  app.post('/students/update', guarded, async (request) => {
    const caller = currentCaller(request, 'student')
    const schema = studentUpdateSchema(polandToday(ctx.clock))
    // docs/lesson-room-protocol.md §5: the voice sample travels as the file `voice_sample`.
    await withUpload(request, ctx, { image: 'picture', voice_sample: 'voice' }, async (upload) => {
      await assertVoiceSample(ctx, 'voice_sample', upload.files.voice_sample)
      const { image, voice_sample: voiceSample } = upload.files
      await updateProfile(ctx, caller, changesOf(schema, upload), { image, voiceSample })
    })
    return { data: await currentProfile(ctx, caller.user.id) }
  })

  app.post('/teachers/update', guarded, async (request) => {
    const caller = currentCaller(request, 'teacher')
    const schema = teacherUpdateSchema(polandToday(ctx.clock))
    await withUpload(request, ctx, { image: 'picture', video: 'video' }, (upload) =>
      updateProfile(ctx, caller, changesOf(schema, upload), upload.files),
    )
    return { data: await currentProfile(ctx, caller.user.id) }
  })

  app.get('/teachers/show', guarded, async (request) => ({
    data: await showTeacher(
      ctx,
      currentUser(request),
      parseInput(teacherShowQuery, request.query).teacher_id,
    ),
  }))

  app.get('/students/show', guarded, async (request) => ({
    data: await showStudent(ctx, currentUser(request), parseInput(studentShowQuery, request.query).user_id),
  }))
}
