import { lessonResponse } from '../../domain/api/my-lessons.ts'
import { LESSON_MEDIA_FIELDS } from '../../domain/api/recordings.ts'
import { postMultipart, type UploadProgress } from './upload.ts'

// What the lesson room keeps besides the recording: a screen capture (lesson_images/create) and the
// student's voice clip (lesson_voice_recordings/create), each a multipart {lesson_id, file}. The
// room shows their failures itself (the texts of product-rules.md "Errors").

const send = (path: string, lessonId: string, file: File, onProgress?: (progress: UploadProgress) => void) =>
  postMultipart(path, lessonResponse, {
    fields: { [LESSON_MEDIA_FIELDS.lessonId]: lessonId },
    files: { [LESSON_MEDIA_FIELDS.file]: file },
    inline: true,
    onProgress,
  }).then((answer) => answer.data)

export const uploadLessonImage = (lessonId: string, file: File) =>
  send('/lesson_images/create', lessonId, file)

export const uploadVoiceRecording = (
  lessonId: string,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
) => send('/lesson_voice_recordings/create', lessonId, file, onProgress)
