import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtinRoomTokenResponse } from '../../../domain/api/room.ts'
import { ROOM_CHANNEL } from '../../db/change-feed.ts'
import { roomConnections } from '../../db/schema-room.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { addLessonAt, lessonParties, type Party } from '../../test-support/my-lessons.ts'
import { connectRoom, type RoomClient } from '../../test-support/room-client.ts'
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.ts'
import { storyNow } from '../../test-support/story-clock.ts'

// Two server processes on one PostgreSQL relay a room's signalling, chat and presence between them
// (LISTEN/NOTIFY; an SDP over the NOTIFY limit through a row), a token made by one opens a socket
// on the other, and a process that dies leaves no one "present".

let t: TestApp
let dataDir: string
let a: ServerProcess
let b: ServerProcess
let env: Record<string, string>
const clients: RoomClient[] = []
beforeAll(async () => {
  t = await buildTestApp()
  dataDir = mkdtempSync(path.join(tmpdir(), 'lk-room-'))
  env = { ...t.databaseEnv, DATA_DIR: dataDir, DEMO_DATA: 'false' }
  ;[a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)])
}, 120_000)
afterAll(async () => {
  for (const client of clients) client.close()
  await Promise.all([a?.stop(), b?.stop()])
  await t.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function tokenOn(server: ServerProcess, party: Party, lessonId: string): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/lessons/generate_token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${party.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ lesson_id: lessonId }),
  })
  return v.parse(builtinRoomTokenResponse, await response.json()).data.token
}

/** Party's socket on `server`, with a token that `tokenFrom` made. */
async function enter(server: ServerProcess, party: Party, lessonId: string, tokenFrom = server) {
  const client = connectRoom(server.url, await tokenOn(tokenFrom, party, lessonId), { session: party.token })
  clients.push(client)
  return client
}

/** Whether the process holding the lesson's open socket row still has a session on PostgreSQL. */
async function studentOriginAlive(lessonId: string): Promise<boolean> {
  const rows = await t.database.db
    .select({ id: roomConnections.id })
    .from(roomConnections)
    .where(
      and(
        eq(roomConnections.lessonId, lessonId),
        sql`${roomConnections.origin} in (select application_name from pg_stat_activity)`,
      ),
    )
  return rows.length > 0
}

async function lessonNow() {
  // The processes run on the real clock: the lesson starts now by it.
  t.clock.set(storyNow())
  const pair = await lessonParties(t)
  return { pair, lesson: await addLessonAt(t, pair, 0) }
}

/**
 * The teacher on process a; the student enters on b, then again on a, and the socket on b is
 * replaced (4409).
 */
async function studentReopensOnTheOtherProcess() {
  const { pair, lesson } = await lessonNow()
  const teacher = await enter(a, pair.teacher, lesson.id)
  await teacher.next('welcome')
  const older = await enter(b, pair.student, lesson.id)
  await older.next('welcome')
  const newer = await enter(a, pair.student, lesson.id)
  await newer.next('welcome')
  expect((await older.closed).code).toBe(4409)
  return { pair, lesson, teacher, older, newer }
}

describe('a lesson room across two server processes', () => {
  it('relays presence, signals (a large offer through a row, in order) and chat between them', async () => {
    const { pair, lesson } = await lessonNow()
    const teacher = await enter(a, pair.teacher, lesson.id)
    expect(await teacher.next('welcome')).toMatchObject({ peer_present: false })
    const student = await enter(b, pair.student, lesson.id, a)
    expect(await student.next('welcome')).toMatchObject({ peer_present: true })
    await teacher.next('peer-joined')

    const sdp = `v=0\r\n${'a=candidate-ish line of an SDP\r\n'.repeat(400)}`
    expect(Buffer.byteLength(sdp)).toBeGreaterThan(8000)
    student.send({ type: 'signal', data: { description: { type: 'offer', sdp } } })
    student.send({ type: 'signal', data: { candidate: { candidate: 'candidate:1', sdpMid: '0' } } })
    student.send({ type: 'signal', data: { candidate: null } })
    await teacher.next('signal', 5000)
    await expect.poll(() => teacher.received.filter((m) => m.type === 'signal').length).toBe(3)
    expect(teacher.received.flatMap((m) => (m.type === 'signal' ? [m.data] : []))).toEqual([
      { description: { type: 'offer', sdp } },
      { candidate: { candidate: 'candidate:1', sdpMid: '0' } },
      { candidate: null },
    ])
    teacher.send({ type: 'signal', data: { description: { type: 'answer', sdp: 'v=0\r\n' } } })
    expect((await student.next('signal')).data.description?.type).toBe('answer')

    const chat = await fetch(`${b.url}/api/v1/lessons/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pair.student.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ lesson_id: lesson.id, body: 'Słychać mnie?', client_id: randomUUID() }),
    })
    expect(chat.status).toBe(200)
    expect((await teacher.next('chat')).message.body).toBe('Słychać mnie?')
    expect((await student.next('chat')).message.body).toBe('Słychać mnie?')

    student.close()
    await teacher.next('peer-left')
  })

  it("replaces a user's socket on one process by their newer one on the other", async () => {
    const { teacher, older, newer } = await studentReopensOnTheOtherProcess()
    teacher.send({ type: 'signal', data: { candidate: null } })
    await newer.next('signal')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(teacher.received.map((m) => m.type)).not.toContain('peer-left')
    expect(older.received.map((m) => m.type)).not.toContain('signal')
  })

  it("keeps a user's newer socket when their older one's announcement arrives late", async () => {
    const { pair, lesson, teacher, newer } = await studentReopensOnTheOtherProcess()
    const [olderRow] = await t.database.db
      .select()
      .from(roomConnections)
      .where(and(eq(roomConnections.lessonId, lesson.id), eq(roomConnections.userId, pair.student.user.id)))
      .orderBy(roomConnections.joinedAt)
      .limit(1)
    if (!olderRow) throw new Error('the older socket left no row')
    // As process b's NOTIFY would reach process a on a database slow to deliver it.
    const late = {
      o: 'a-slow-process',
      e: {
        k: 'joined',
        l: lesson.id,
        u: pair.student.user.id,
        c: olderRow.id,
        t: olderRow.joinedAt.getTime(),
      },
    }
    // Delivered in order after it: once the newer socket hears this, the late one was handled.
    const after = {
      o: 'a-slow-process',
      e: {
        k: 'state',
        l: lesson.id,
        u: pair.teacher.user.id,
        s: { microphone: false, camera: true, screen: false },
      },
    }
    for (const payload of [late, after]) {
      await t.database.db.execute(sql`select pg_notify(${ROOM_CHANNEL}, ${JSON.stringify(payload)})`)
    }
    await newer.next('peer-state')
    teacher.send({ type: 'signal', data: { candidate: null } })
    await newer.next('signal')
    const closedYet = await Promise.race([newer.closed.then(() => true), Promise.resolve(false)])
    expect(closedYet).toBe(false)
  })

  it('closes its sockets (1012) when a process stops; the peer hears it and the party comes back', async () => {
    const { pair, lesson } = await lessonNow()
    const student = await enter(b, pair.student, lesson.id)
    await student.next('welcome')
    const teacher = await enter(a, pair.teacher, lesson.id)
    await teacher.next('welcome')
    await student.next('peer-joined')
    await a.stop()
    expect((await teacher.closed).code).toBe(1012)
    await student.next('peer-left')
    a = await startServerProcess(env)
    const back = await enter(a, pair.teacher, lesson.id)
    expect(await back.next('welcome')).toMatchObject({ peer_present: true })
    await student.next('peer-joined')
    back.send({ type: 'signal', data: { candidate: null } })
    await student.next('signal')
  }, 60_000)

  it('does not count a party present whose process was killed', async () => {
    const { pair, lesson } = await lessonNow()
    const student = await enter(b, pair.student, lesson.id)
    await student.next('welcome')
    await b.stop('SIGKILL')
    await student.closed
    // PostgreSQL ends the killed process's sessions a moment after the kernel closes them.
    await expect.poll(() => studentOriginAlive(lesson.id), { timeout: 5000 }).toBe(false)
    const teacher = await enter(a, pair.teacher, lesson.id)
    expect(await teacher.next('welcome')).toMatchObject({ peer_present: false })
    // The survivor closes the dead process's row when it was last seen (it sweeps every 15 s).
    const studentRow = async () => {
      const rows = await t.database.db
        .select()
        .from(roomConnections)
        .where(eq(roomConnections.userId, pair.student.user.id))
      return rows[0]
    }
    await expect
      .poll(async () => (await studentRow())?.leftAt ?? null, { timeout: 20_000, interval: 500 })
      .not.toBeNull()
    const row = await studentRow()
    expect(row?.leftAt?.getTime()).toBe(row?.lastSeenAt.getTime())
  }, 40_000)
})
