import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  archiveChunkQuery,
  archiveLessonSchema,
  archiveListQuery,
  archiveStreamSchema,
  LESSON_MEDIA_FIELDS,
  lessonMediaFields,
  RECORDING_CHUNK_MAX_BYTES,
  voiceClipFields,
} from '../../../domain/api/recordings.ts'
import { currentUser } from '../../platform/auth.ts'
import { AppError } from '../../platform/errors.ts'
import { decodeIssue, englishIssue } from '../../platform/issue-english.ts'
import type { StoredFile } from '../../platform/storage.ts'
import { withUpload } from '../../platform/uploads.ts'
import { parseInput } from '../../platform/validate.ts'
import {
  endRecording,
  listArchives,
  receiveChunk,
  selectStream,
  startRecording,
  toArchive,
} from './archives.ts'
import { addLessonImage, addVoiceRecording } from './lesson-media.ts'
import { recordingNotices } from './notices.ts'

// lessons/archives/create, add_stream and stop, the chunks a recording is sent in, and the
// lesson's recordings (docs/lesson-room-protocol.md §7). Starting, switching and
// stopping are told to both parties' sockets (the room hub, on every process).

const isStream = (body: unknown): body is Readable =>
  typeof body === 'object' && body !== null && typeof (body as Readable).pipe === 'function'

export async function recordingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.deps
  const guarded = { preHandler: app.authenticate }

  const tell = recordingNotices(ctx.db, { room: ctx.roomHub, group: ctx.groupHub })

  // A chunk's bytes reach the handler as the request stream itself: stored as they come, never held.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload))

  app.post('/lessons/archives/create', guarded, async (request, reply) => {
    const { lesson_id } = parseInput(archiveLessonSchema, request.body)
    const archive = await startRecording(ctx, currentUser(request), lesson_id)
    await tell(lesson_id, {
      archive_id: archive.id,
      state: 'started',
      stream_id: archive.stream_id,
    })
    return reply.code(201).send({ data: archive })
  })

  app.post('/lessons/archives/add_stream', guarded, async (request) => {
    const input = parseInput(archiveStreamSchema, request.body)
    const archive = await selectStream(ctx, currentUser(request), input)
    await tell(input.lesson_id, {
      archive_id: archive.id,
      state: 'started',
      stream_id: archive.stream_id,
    })
    return { data: archive }
  })

  app.post('/lessons/archives/stop', guarded, async (request) => {
    const { lesson_id } = parseInput(archiveLessonSchema, request.body)
    const row = await endRecording(ctx, currentUser(request), lesson_id)
    await tell(lesson_id, {
      archive_id: row.id,
      state: 'stopped',
      stream_id: row.streamId,
    })
    ctx.recordings.finish(row)
    return { data: toArchive(row, ctx.fileUrls) }
  })

  app.post('/lessons/archives/chunks', guarded, async (request) => {
    const input = parseInput(archiveChunkQuery, request.query)
    if (!isStream(request.body)) throw new AppError('unsupported_media_type')
    if (Number(request.headers['content-length'] ?? 0) > RECORDING_CHUNK_MAX_BYTES) {
      throw new AppError('payload_too_large', { headers: { connection: 'close' } })
    }
    return { data: await receiveChunk(ctx, currentUser(request), input, request.body) }
  })

  /** A multipart request of {lesson_id, file} (and a voice clip's duration_ms), its file stored as `kind`. */
  const lessonMedia = <T>(
    request: FastifyRequest,
    kind: 'picture' | 'voice-clip',
    handle: (input: { lessonId: string; filename: string; file: StoredFile; payload: unknown }) => Promise<T>,
  ) =>
    withUpload(
      request,
      ctx,
      { [LESSON_MEDIA_FIELDS.file]: kind },
      async (upload) => {
        const { lesson_id } = parseInput(lessonMediaFields, upload.payload)
        const file = upload.files[LESSON_MEDIA_FIELDS.file]
        const source = upload.sources[LESSON_MEDIA_FIELDS.file]
        if (!file || !source) {
          throw new AppError('validation_failed', {
            errors: [
              {
                field: LESSON_MEDIA_FIELDS.file,
                message: englishIssue(decodeIssue('required')),
                code: 'required',
              },
            ],
          })
        }
        return handle({ lessonId: lesson_id, filename: source.filename, file, payload: upload.payload })
      },
      {
        fields:
          kind === 'voice-clip'
            ? [LESSON_MEDIA_FIELDS.lessonId, LESSON_MEDIA_FIELDS.durationMs]
            : [LESSON_MEDIA_FIELDS.lessonId],
      },
    )

  // lesson_images/create: either party's capture of the call, among the lesson's materials.
  app.post('/lesson_images/create', guarded, async (request, reply) => {
    const user = currentUser(request)
    const lesson = await lessonMedia(request, 'picture', (input) => addLessonImage(ctx, user, input))
    return reply.code(201).send({ data: lesson })
  })

  // lesson_voice_recordings/create: the student's voice clip, kept with the lesson.
  app.post('/lesson_voice_recordings/create', guarded, async (request, reply) => {
    const user = currentUser(request)
    const { lesson, notice } = await lessonMedia(request, 'voice-clip', (input) => {
      const { duration_ms } = parseInput(voiceClipFields, input.payload)
      return addVoiceRecording(ctx, user, { ...input, durationMs: duration_ms })
    })
    // The teacher's room lists the clip and says so at once (after the commit).
    ctx.roomHub.broadcastVoiceClip(lesson.id, notice)
    return reply.code(201).send({ data: lesson })
  })

  app.get('/lessons/archives/list', guarded, async (request) => {
    const { lesson_id } = parseInput(archiveListQuery, request.query)
    return { data: await listArchives(ctx, currentUser(request), lesson_id) }
  })
}
