import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { VOICE_CLIPS_MAX_PER_LESSON } from '../../../domain/api/recordings.ts'
import type { VoiceClipNotice } from '../../../domain/api/room.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import type { StoredFile } from '../../platform/storage.ts'
import { viewerOf } from '../../platform/viewer.ts'
import { attachFile, lockViewerLesson, materialFilename, readLesson } from '../lessons/public.ts'
import { assertRoomOpen } from '../room/public.ts'
import type { RecordingsContext } from './archives.ts'
import { insertVoiceClip, voiceClipCount } from './repository.ts'

// What the lesson room keeps besides the call's recording: lesson_images/create, a party's capture
// of the other's video or of a shared screen, kept among the lesson's materials (owned by its
// taker's role, as file items are: product-rules.md "Screens and routes"); and
// lesson_voice_recordings/create, the student's voice clips (Voice recording, product-rules.md
// "Records and fields"). Both are made in the room, so only within its join window.

/** A screen capture joins the lesson's materials, named as the browser named it. */
export async function addLessonImage(
  ctx: RecordingsContext,
  user: User,
  input: { lessonId: string; filename: string; file: StoredFile },
): Promise<Lesson> {
  const viewer = viewerOf(user)
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const lesson = await lockViewerLesson(tx, viewer, input.lessonId)
    assertRoomOpen(lesson, now)
    const filename = materialFilename(input.filename, input.file.type)
    return attachFile(tx, ctx, viewer, lesson, { filename, file: input.file }, now)
  })
}

/**
 * The student's clip is kept with the lesson, at most VOICE_CLIPS_MAX_PER_LESSON of them, with its
 * length as the recording browser measured it; the lesson as the student now reads it, and the
 * notice the room gets once it has committed.
 */
export async function addVoiceRecording(
  ctx: RecordingsContext,
  user: User,
  input: { lessonId: string; file: StoredFile; durationMs: number },
): Promise<{ lesson: Lesson; notice: VoiceClipNotice }> {
  const viewer = viewerOf(user)
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const lesson = await lockViewerLesson(tx, viewer, input.lessonId)
    if (viewer.role !== 'student') throw new AppError('forbidden')
    assertRoomOpen(lesson, now)
    if ((await voiceClipCount(tx, lesson.id)) >= VOICE_CLIPS_MAX_PER_LESSON) {
      throw new AppError('too_many_materials', { params: { max: String(VOICE_CLIPS_MAX_PER_LESSON) } })
    }
    const clipId = await insertVoiceClip(tx, {
      lessonId: lesson.id,
      fileKey: input.file.key,
      size: input.file.size,
      durationMs: input.durationMs,
      createdAt: now,
    })
    const notice = { clip_id: clipId, created_at: now.toISOString(), duration_ms: input.durationMs }
    return { lesson: await readLesson(tx, ctx, viewer, lesson.id, now), notice }
  })
}
