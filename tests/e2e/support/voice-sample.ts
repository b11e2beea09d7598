import { type APIRequestContext, expect } from '@playwright/test'

// The voice sample a student gives before the lesson room (protocol §5), for journeys and benches.

/** A WAV of 10 s, 44 100 Hz, 16 bit, 2 channels (protocol §5): a quiet 440 Hz tone. */
export function voiceSampleWav(): Buffer {
  const rate = 44_100
  const frames = rate * 10
  const data = Buffer.alloc(frames * 4)
  for (let i = 0; i < frames; i++) {
    const sample = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 3000)
    data.writeInt16LE(sample, i * 4)
    data.writeInt16LE(sample, i * 4 + 2)
  }
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8)
  header.write('fmt ', 12)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(2, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 4, 28)
  header.writeUInt16LE(4, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** Gives the student a voice sample through the API (students/update, protocol §5). */
export async function giveVoiceSample(request: APIRequestContext, baseUrl: string, token: string) {
  const answer = await request.post(`${baseUrl}/api/v1/students/update`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      voice_sample: { name: 'voice-confirmation.wav', mimeType: 'audio/wav', buffer: voiceSampleWav() },
    },
  })
  expect(answer.status(), await answer.text()).toBeLessThan(300)
}
