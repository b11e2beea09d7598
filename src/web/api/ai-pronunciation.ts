import { PRONUNCIATION_FIELDS, pronunciationResponse } from '../../domain/api/ai-lesson.ts'
import { postMultipart } from './upload.ts'

// The pronunciation tab: the recording and its target phrase, scored word by word.

export const scorePronunciation = (target: string, audio: Blob, signal?: AbortSignal) =>
  postMultipart('/ai-lesson/pronunciation', pronunciationResponse, {
    fields: { [PRONUNCIATION_FIELDS.target]: target },
    files: { [PRONUNCIATION_FIELDS.audio]: audio },
    signal,
    inline: true,
  }).then((answer) => answer.data)
