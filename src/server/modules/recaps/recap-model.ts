import * as v from 'valibot'
import type { Transcript } from '../../../domain/api/recaps.ts'
import type { Endpoint, ModelMessage } from '../ai-lesson/public.ts'

// The recap's two calls to the school's OpenAI-compatible API (docs/decisions.md "The lesson
// recap"): the audio track's transcript with timestamps, and one whole (not streamed) chat answer
// asked for as JSON. A recap is background work, so each call may take longer than the tutor's
// answer: a lesson's hour of audio on a school's own machine takes minutes.

/** The wait for one call: ten times the tutor's, at least a quarter of an hour. */
export const recapTimeoutMs = (endpoint: Endpoint) => Math.max(endpoint.timeoutMs * 10, 15 * 60_000)

const headers = (endpoint: Endpoint): Record<string, string> =>
  endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}

/** A call that did not get an answer; the job tries again later (with backoff). */
export class ModelCallError extends Error {}

const verboseTranscript = v.object({
  text: v.string(),
  segments: v.optional(v.array(v.object({ start: v.number(), end: v.number(), text: v.string() })), []),
})

const completion = v.object({
  choices: v.pipe(
    v.array(v.object({ message: v.object({ content: v.nullable(v.string()) }) })),
    v.minLength(1),
  ),
})

async function call(
  endpoint: Endpoint,
  path: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(`${endpoint.baseUrl}${path}`, {
      ...init,
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new ModelCallError(`${path}: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!response.ok) throw new ModelCallError(`${path} answered ${response.status}`)
  try {
    const body: unknown = await response.json()
    return body
  } catch {
    throw new ModelCallError(`${path} answered something that is not JSON`)
  }
}

/** The audio's transcript in `language` (ISO 639-1, when known), with its segments' times. */
export async function transcribeAudio(
  endpoint: Endpoint,
  audio: { bytes: Buffer; filename: string; type: string },
  language: string | undefined,
  timeoutMs = recapTimeoutMs(endpoint),
): Promise<Transcript> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.type }), audio.filename)
  form.append('model', endpoint.model)
  form.append('response_format', 'verbose_json')
  form.append('timestamp_granularities[]', 'segment')
  if (language) form.append('language', language)
  const answer = await call(
    endpoint,
    '/audio/transcriptions',
    { method: 'POST', headers: headers(endpoint), body: form },
    timeoutMs,
  )
  const parsed = v.safeParse(verboseTranscript, answer)
  if (!parsed.success) throw new ModelCallError('/audio/transcriptions answered without a transcript')
  const { text, segments } = parsed.output
  return { text: storable(text), segments: segments.map((s) => ({ ...s, text: storable(s.text) })) }
}

/** What PostgreSQL's jsonb can keep of a transcript: no NUL, no half of a surrogate pair. */
const storable = (text: string) =>
  text
    .replaceAll('\u0000', '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')

/** The model's whole answer to `messages`, asked for as a JSON object. */
export async function completeJson(
  endpoint: Endpoint,
  messages: ModelMessage[],
  timeoutMs = recapTimeoutMs(endpoint),
): Promise<string> {
  const answer = await call(
    endpoint,
    '/chat/completions',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers(endpoint) },
      body: JSON.stringify({
        model: endpoint.model,
        messages,
        stream: false,
        response_format: { type: 'json_object' },
      }),
    },
    timeoutMs,
  )
  const parsed = v.safeParse(completion, answer)
  if (!parsed.success) throw new ModelCallError('/chat/completions answered without a message')
  return parsed.output.choices[0]?.message.content ?? ''
}
