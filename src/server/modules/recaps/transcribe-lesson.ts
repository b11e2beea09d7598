import type { Transcript } from '../../../domain/api/recaps.ts'
import type { Endpoint } from '../ai-lesson/public.ts'
import { splitAudio } from './audio-parts.ts'
import { transcribeAudio } from './recap-model.ts'

// The lesson's transcript: the audio track in one request when it fits the API's size limit,
// else in parts cut at quiet moments, one request each, their transcripts joined on the track's
// time (docs/decisions.md "Long audio is cut at its quiet moments").

/** Joins the parts' transcripts, each segment moved to its time in the whole track. */
export function joinTranscripts(parts: { transcript: Transcript; offsetSeconds: number }[]): Transcript {
  const at = (seconds: number) => Math.round(seconds * 1000) / 1000
  return {
    text: parts
      .map((part) => part.transcript.text.trim())
      .filter((text) => text !== '')
      .join(' '),
    segments: parts.flatMap(({ transcript, offsetSeconds }) =>
      transcript.segments.map((segment) => ({
        ...segment,
        start: at(segment.start + offsetSeconds),
        end: at(segment.end + offsetSeconds),
      })),
    ),
  }
}

/** The track's transcript, or null when it is over `maxBytes` and cannot be cut to fit. */
export async function transcribeLesson(
  endpoint: Endpoint,
  audio: Buffer,
  language: string | undefined,
  maxBytes: number,
): Promise<Transcript | null> {
  const parts = splitAudio(audio, maxBytes)
  if (!parts) return null
  const transcribed = []
  for (const [index, part] of parts.entries()) {
    const filename = parts.length === 1 ? 'lesson-audio.webm' : `lesson-audio-${index + 1}.webm`
    const transcript = await transcribeAudio(
      endpoint,
      { bytes: part.bytes, filename, type: 'audio/webm' },
      language,
    )
    transcribed.push({ transcript, offsetSeconds: part.offsetSeconds })
  }
  return parts.length === 1 && transcribed[0] ? transcribed[0].transcript : joinTranscripts(transcribed)
}
