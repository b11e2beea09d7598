import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { type RunningJanus, startJanus } from '../platform/janus-launcher.ts'

// Debian's janus as the integration tests and the journeys start it (as they start coturn): on
// 127.0.0.1, free ports, fresh secrets, ICE on the loopback only; `stop()` ends it and removes its
// directory, so no janus outlives the test.

export async function startTestJanus(): Promise<RunningJanus> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lektorium-janus-'))
  const janus = await startJanus({ dir, iceEnforceList: 'lo' })
  return {
    config: janus.config,
    async stop() {
      await janus.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** JANUS_* for a server process started with this Janus (a journey's OwnServer's env). */
export function janusEnv(janus: RunningJanus): Record<string, string> {
  const { servers, adminKey, tokenSecret } = janus.config
  return {
    JANUS_URL: servers.map((server) => server.url).join(','),
    JANUS_PUBLIC_URL: servers.map((server) => server.publicUrl).join(','),
    JANUS_ADMIN_KEY: adminKey,
    JANUS_TOKEN_SECRET: tokenSecret,
  }
}

/** What a join of the VideoRoom came to: joined, or Janus's error code (403: the core token). */
export type JoinOutcome = { joined: true; leave(): Promise<void> } | { joined: false; code: number }

const answerSchema = v.looseObject({
  janus: v.optional(v.string()),
  data: v.optional(v.looseObject({ id: v.optional(v.number()) })),
  error: v.optional(v.looseObject({ code: v.optional(v.number()) })),
})
type Answer = v.InferOutput<typeof answerSchema>

const post = async (url: string, body: Record<string, unknown>): Promise<Answer> => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, transaction: randomUUID() }),
  })
  return v.parse(answerSchema, await response.json())
}

/**
 * A publisher's join of the meeting's VideoRoom as a browser makes it (over Janus's HTTP API rather
 * than its WebSocket): a session with the core token, the VideoRoom attached, `join` with the ticket.
 */
export async function joinVideoRoom(
  url: string,
  access: { coreToken: string; room: number; feedId: number; ticket: string },
): Promise<JoinOutcome> {
  const token = access.coreToken
  const created = await post(url, { janus: 'create', token })
  if (created.janus === 'error') return { joined: false, code: created.error?.code ?? 0 }
  const session = `${url}/${created.data?.id}`
  const attached = await post(session, { janus: 'attach', plugin: 'janus.plugin.videoroom', token })
  const handle = `${session}/${attached.data?.id}`
  const body = {
    request: 'join',
    ptype: 'publisher',
    room: access.room,
    id: access.feedId,
    token: access.ticket,
  }
  await post(handle, { janus: 'message', body, token })
  const deadline = performance.now() + 5000
  while (performance.now() < deadline) {
    const response = await fetch(`${session}?maxev=1&token=${encodeURIComponent(token)}`)
    const event = JSON.stringify(await response.json())
    const code = /"error_code":(\d+)/.exec(event)?.[1]
    if (code) return { joined: false, code: Number(code) }
    if (event.includes('"videoroom":"joined"')) {
      return { joined: true, leave: async () => void (await post(session, { janus: 'destroy', token })) }
    }
  }
  throw new Error('no answer to the join')
}
