import { checkVoiceSample } from '../../../domain/voice-sample.ts'
import type { Log } from '../../platform/logger.ts'
import type { FileStorage, StoredFile } from '../../platform/storage.ts'
import { voiceSampleRefused } from '../../platform/uploads.ts'

// docs/lesson-room-protocol.md §5: the storage admitted a RIFF/WAVE file of at most
// VOICE_SAMPLE_MAX_BYTES; here its chunks are read to be sure it is the sample of product-rules.md
// "Voice sample" (PCM, 44 100 Hz, 16 bit, 2 channels, 9.5–10.5 s). The file is small, so it is read
// back whole.

async function readAll(storage: FileStorage, key: string): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  for await (const chunk of storage.read(key))
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/** Throws the 422 field error when the stored `file` is not a voice sample (the caller discards it). */
export async function assertVoiceSample(
  ctx: { storage: FileStorage; log: Log },
  field: string,
  file: StoredFile | undefined,
): Promise<void> {
  if (!file) return
  const check = checkVoiceSample(await readAll(ctx.storage, file.key))
  if (check.ok) return
  ctx.log.info({ reason: check.reason }, 'voice sample refused')
  throw voiceSampleRefused(field)
}
