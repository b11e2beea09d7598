import { queryOptions } from '@tanstack/react-query'
import {
  type Archive,
  archiveListResponse,
  archiveResponse,
  chunkResponse,
  type RecordingStream,
  type RecordingTrack,
} from '../../domain/api/recordings.ts'
import { http } from './http.ts'
import { lessonKeys } from './lessons.ts'

// Recordings of the lesson room (docs/lesson-room-protocol.md §6): start, switch what is recorded,
// stop, the chunks between, and the lesson's recordings. The room shows its own messages for these
// ("failed to start recording" … of product-rules.md "Errors"), so they go `silent`.

export const recordingKeys = {
  list: (lessonId: string) => [...lessonKeys.detail(lessonId), 'recordings'] as const,
}

export const recordingsQuery = (lessonId: string) =>
  queryOptions({
    queryKey: recordingKeys.list(lessonId),
    queryFn: ({ signal }) =>
      http
        .get(`/lessons/archives/list?lesson_id=${encodeURIComponent(lessonId)}`, archiveListResponse, {
          signal,
          silent: true,
        })
        .then((answer) => answer.data),
  })

const lessonCall = (path: string, json: unknown): Promise<Archive> =>
  http.post(path, archiveResponse, { json, silent: true }).then((answer) => answer.data)

export const startRecording = (lessonId: string) =>
  lessonCall('/lessons/archives/create', { lesson_id: lessonId })

export const selectRecordingStream = (lessonId: string, stream: RecordingStream) =>
  lessonCall('/lessons/archives/add_stream', { lesson_id: lessonId, stream_id: stream })

export const stopRecording = (lessonId: string) =>
  lessonCall('/lessons/archives/stop', { lesson_id: lessonId })

/** Sends one chunk of the video or of the audio-only track; answers the number the server expects next. */
export const sendRecordingChunk = (
  archiveId: string,
  seq: number,
  bytes: Blob,
  signal?: AbortSignal,
  track: RecordingTrack = 'video',
) =>
  http
    .post(`/lessons/archives/chunks?archive_id=${archiveId}&seq=${seq}&track=${track}`, chunkResponse, {
      body: bytes,
      headers: { 'content-type': 'application/octet-stream' },
      // A chunk of a few seconds over a slow uplink: longer than the usual 30 s.
      timeout: 120_000,
      signal,
      silent: true,
    })
    .then((answer) => answer.data.next_seq)
