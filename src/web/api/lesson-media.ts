import { lessonResponse } from '../../domain/api/my-lessons.ts'
import { LESSON_MEDIA_FIELDS, VOICE_CLIP_MAX_MS } from '../../domain/api/recordings.ts'
import { postMultipart, type UploadProgress } from './upload.ts'

// What the lesson room keeps besides the recording: a screen capture (lesson_images/create) and the
// student's voice clip (lesson_voice_recordings/create), each a multipart {lesson_id, file}. The
// room shows their failures itself (the texts of product-rules.md "Errors").

const send = (
  path: string,
  fields: Record<string, string>,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
) =>
  postMultipart(path, lessonResponse, {
    fields,
    files: { [LESSON_MEDIA_FIELDS.file]: file },
    inline: true,
    onProgress,
  }).then((answer) => answer.data)

export const uploadLessonImage = (lessonId: string, file: File) =>
  send('/lesson_images/create', { [LESSON_MEDIA_FIELDS.lessonId]: lessonId }, file)

/** The clip with its length as recorded (the list shows it before the clip is loaded). */
export const uploadVoiceRecording = (
  lessonId: string,
  file: File,
  durationMs: number,
  onProgress?: (progress: UploadProgress) => void,
) =>
  send(
    '/lesson_voice_recordings/create',
    {
      [LESSON_MEDIA_FIELDS.lessonId]: lessonId,
      [LESSON_MEDIA_FIELDS.durationMs]: String(Math.min(Math.round(durationMs), VOICE_CLIP_MAX_MS)),
    },
    file,
    onProgress,
  )
