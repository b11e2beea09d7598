import type { FastifyRequest } from 'fastify'
import { PRONUNCIATION_FIELDS } from '../../../domain/api/ai-lesson.ts'
import { AppError } from '../../platform/errors.ts'
import { nextPart } from '../../platform/uploads.ts'
import { AUDIO_TYPES } from './pronunciation.ts'

// The pronunciation upload: a text part `target` and a file part `audio` (a short recording, read
// into memory: it goes straight on to the transcription API and is never stored).

export const AUDIO_MAX_BYTES = 5 * 1024 * 1024

export type Recording = {
  fields: Record<string, string>
  audio: { bytes: Buffer; filename: string; type: string }
}

export async function readRecording(request: FastifyRequest, maxBytes: number): Promise<Recording> {
  const fields: Record<string, string> = {}
  let audio: Recording['audio'] | undefined
  const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 2 } })[Symbol.asyncIterator]()
  for (let part = await nextPart(parts); part; part = await nextPart(parts)) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value
      continue
    }
    if (part.fieldname !== PRONUNCIATION_FIELDS.audio) {
      part.file.resume()
      continue
    }
    const bytes = await part.toBuffer().catch((error: unknown) => {
      // The plugin's own errors carry their status (too large: 413); a body cut short is a 400.
      if (error instanceof Error && 'statusCode' in error) throw error
      throw new AppError('validation_failed', {
        errors: [{ field: PRONUNCIATION_FIELDS.audio, message: 'Invalid value', code: 'invalid' }],
      })
    })
    if (part.file.truncated) throw new AppError('payload_too_large')
    const type = part.mimetype.split(';')[0]?.trim() ?? ''
    if (!AUDIO_TYPES.includes(type)) throw new AppError('unsupported_media_type')
    audio = { bytes, filename: part.filename || 'recording.webm', type }
  }
  if (!audio) {
    throw new AppError('validation_failed', {
      errors: [{ field: PRONUNCIATION_FIELDS.audio, message: 'This field is required', code: 'required' }],
    })
  }
  return { fields, audio }
}
