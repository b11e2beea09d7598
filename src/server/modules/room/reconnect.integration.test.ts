import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { builtinRoomTokenResponse } from '../../../domain/api/room.ts'
// The browser's signalling client itself, driven here over Node's sockets: what is measured is
// the client's retry schedule against a real server process that restarts.
import {
  ROOM_FRAMES,
  SignallingSocket,
  type SocketLike,
  type SocketStatus,
} from '../../../web/features/lesson-room/call/signalling-socket.ts'
import { freePort } from '../../platform/free-port.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { addLessonAt, lessonParties } from '../../test-support/my-lessons.ts'
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.ts'
import { storyNow } from '../../test-support/story-clock.ts'

let t: TestApp
let dataDir: string
let env: Record<string, string>
let server: ServerProcess | undefined
beforeAll(async () => {
  t = await buildTestApp()
  dataDir = mkdtempSync(path.join(tmpdir(), 'lk-restart-'))
  env = { ...t.databaseEnv, DATA_DIR: dataDir, DEMO_DATA: 'false', PORT: String(await freePort()) }
  server = await startServerProcess(env)
}, 120_000)
afterAll(async () => {
  await server?.stop()
  await t.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the signalling socket across a server restart', () => {
  it('is back in the room within 3 s of the server answering again, however long it was away', async () => {
    t.clock.set(storyNow())
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 0)
    const url = server?.url ?? ''
    const statuses: { status: SocketStatus; at: number }[] = []
    const socket = new SignallingSocket({
      frames: ROOM_FRAMES,
      address: async () => {
        const answer = await fetch(`${url}/api/v1/lessons/generate_token`, {
          method: 'POST',
          headers: { authorization: `Bearer ${pair.student.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ lesson_id: lesson.id }),
        })
        if (!answer.ok) throw new Error(`generate_token ${answer.status}`)
        const { token } = v.parse(builtinRoomTokenResponse, await answer.json()).data
        return `${url.replace(/^http/, 'ws')}/api/v1/lessons/room?token=${encodeURIComponent(token)}`
      },
      session: () => pair.student.token,
      // A page in view that never goes offline: the waits are the visible page's.
      wakeups: { visible: () => true, watch: () => () => undefined },
      createSocket: (address) => new WebSocket(address, { origin: url }) as unknown as SocketLike,
      onFrame: () => undefined,
      onStatus: (status) => statuses.push({ status, at: performance.now() }),
      onEnd: () => undefined,
    })
    socket.start()
    await expect.poll(() => statuses.at(-1)?.status, { timeout: 10_000 }).toBe('open')

    await server?.stop()
    // Long enough away for a doubling backoff to have grown past several seconds.
    await sleep(9_000)
    server = await startServerProcess(env)
    const answering = performance.now()
    await expect.poll(() => statuses.at(-1)?.status, { timeout: 15_000, interval: 50 }).toBe('open')
    const back = (statuses.at(-1)?.at ?? Number.POSITIVE_INFINITY) - answering
    console.info(`signalling back ${back} ms after the server answered`)
    expect(back).toBeLessThanOrEqual(3_000)
    socket.stop()
  }, 60_000)
})
