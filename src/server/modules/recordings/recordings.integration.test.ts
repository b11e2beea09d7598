import { eq } from 'drizzle-orm'
import { Decoder } from 'ts-ebml'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type Archive,
  archiveListResponse,
  archiveResponse,
  RECORDING_CHUNK_MAX_BYTES,
} from '../../../domain/api/recordings.ts'
import { lessonArchives } from '../../db/schema-recordings.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer } from '../../test-support/fixtures.ts'
import { get, post } from '../../test-support/http.ts'
import { addLessonAt, lessonParties, refusal } from '../../test-support/my-lessons.ts'
import { storedFiles } from '../../test-support/stored-files.ts'
import { webmChunks } from '../../test-support/webm.ts'

// lessons/archives/create, add_stream, stop, the chunks in between, the joined
// seekable file and who may read it, abandoned and expired recordings.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

type Parties = Awaited<ReturnType<typeof lessonParties>>

async function roomNow(agreed = true) {
  const pair = await lessonParties(t, { student: { voiceRecordingAgreed: agreed } })
  const lesson = await addLessonAt(t, pair, 0)
  return { ...pair, lesson }
}

const start = (token: string, lessonId: string) =>
  post(t.app, '/lessons/archives/create', { token, payload: { lesson_id: lessonId } })
const stop = (token: string, lessonId: string) =>
  post(t.app, '/lessons/archives/stop', { token, payload: { lesson_id: lessonId } })
const archiveOf = (response: { json(): unknown }): Archive => v.parse(archiveResponse, response.json()).data

function sendChunk(token: string, archiveId: string, seq: number | string, bytes: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/lessons/archives/chunks?archive_id=${archiveId}&seq=${seq}`,
    headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
    payload: bytes,
  })
}

async function listed(token: string, lessonId: string): Promise<Archive[]> {
  const response = await get(t.app, `/lessons/archives/list?lesson_id=${lessonId}`, token)
  expect(response.statusCode).toBe(200)
  return v.parse(archiveListResponse, response.json()).data
}

/** Records `seconds` of synthetic WebM in ~100 kB chunks and stops; the archive once joined. */
async function record(room: Parties & { lesson: { id: string } }, seconds: number): Promise<Archive> {
  const archive = archiveOf(await start(room.teacher.token, room.lesson.id))
  let seq = 0
  for (const chunk of webmChunks({ seconds, chunkBytes: 100_000 })) {
    expect((await sendChunk(room.teacher.token, archive.id, seq++, chunk)).statusCode).toBe(200)
  }
  expect((await stop(room.teacher.token, room.lesson.id)).statusCode).toBe(200)
  await t.app.deps.recordings.idle()
  const [done] = await listed(room.teacher.token, room.lesson.id)
  if (!done) throw new Error('no recording')
  return done
}

describe('starting, switching and stopping a recording', () => {
  it("is the teacher's, in the room's window, with the student's agreement, one at a time", async () => {
    const room = await roomNow()
    expect(refusal(await start(room.student.token, room.lesson.id))).toMatchObject({
      status: 403,
      code: 'forbidden',
    })
    const stranger = await lessonParties(t)
    expect(refusal(await start(stranger.teacher.token, room.lesson.id))).toMatchObject({
      status: 404,
      code: 'lesson_not_found',
    })
    const started = await start(room.teacher.token, room.lesson.id)
    expect(started.statusCode).toBe(201)
    expect(archiveOf(started)).toMatchObject({
      status: 'recording',
      stream_id: 'camera',
      next_seq: 0,
      url: null,
    })
    expect(refusal(await start(room.teacher.token, room.lesson.id))).toMatchObject({
      status: 409,
      code: 'recording_in_progress',
    })
    const screen = await post(t.app, '/lessons/archives/add_stream', {
      token: room.teacher.token,
      payload: { lesson_id: room.lesson.id, stream_id: 'screen' },
    })
    expect(archiveOf(screen).stream_id).toBe('screen')
    const bad = await post(t.app, '/lessons/archives/add_stream', {
      token: room.teacher.token,
      payload: { lesson_id: room.lesson.id, stream_id: 'desktop' },
    })
    expect(bad.statusCode).toBe(400)
    expect(archiveOf(await stop(room.teacher.token, room.lesson.id)).status).toBe('processing')
    expect(refusal(await stop(room.teacher.token, room.lesson.id))).toMatchObject({
      status: 409,
      code: 'recording_not_active',
    })
    await t.app.deps.recordings.idle()
    // Stopped before any chunk came: nothing is kept.
    expect(await listed(room.teacher.token, room.lesson.id)).toEqual([])
  })

  it('refuses to record a student who did not agree to voice recording', async () => {
    const room = await roomNow(false)
    const refused = await start(room.teacher.token, room.lesson.id)
    expect(refusal(refused)).toMatchObject({ status: 403, code: 'recording_not_agreed' })
    expect(await listed(room.student.token, room.lesson.id)).toEqual([])
  })

  it('records only inside the join window', async () => {
    const pair = await lessonParties(t, { student: { voiceRecordingAgreed: true } })
    const later = await addLessonAt(t, pair, 60)
    expect(refusal(await start(pair.teacher.token, later.id))).toMatchObject({ code: 'join_window_not_open' })
  })
})

describe('the chunks of a recording', () => {
  it('takes them in order: a retry is answered again, a gap, other bytes and too many are refused', async () => {
    const room = await roomNow()
    const archive = archiveOf(await start(room.teacher.token, room.lesson.id))
    const [first = Buffer.alloc(0), second = Buffer.alloc(0)] = [
      ...webmChunks({ seconds: 4, chunkBytes: 50_000 }),
    ]
    expect((await sendChunk(room.teacher.token, archive.id, 0, first)).json()).toEqual({
      data: { next_seq: 1, size: first.length },
    })
    // The same chunk again (its answer was lost): stored once.
    const files = await storedFiles(t.filesDir)
    expect((await sendChunk(room.teacher.token, archive.id, 0, first)).statusCode).toBe(200)
    expect(await storedFiles(t.filesDir)).toEqual(files)
    expect(refusal(await sendChunk(room.teacher.token, archive.id, 0, second))).toMatchObject({
      status: 409,
      code: 'recording_chunk_mismatch',
    })
    expect(refusal(await sendChunk(room.teacher.token, archive.id, 5, second))).toMatchObject({
      status: 409,
      code: 'recording_chunk_gap',
      params: { expected: '1' },
    })
    const tooBig = await sendChunk(
      room.teacher.token,
      archive.id,
      1,
      Buffer.alloc(RECORDING_CHUNK_MAX_BYTES + 1),
    )
    expect(tooBig.statusCode).toBe(413)
    expect(await storedFiles(t.filesDir)).toEqual(files)
    expect((await sendChunk(room.teacher.token, archive.id, 1, second)).statusCode).toBe(200)
  })

  it("is the recording teacher's alone; anything else about them is refused cleanly", async () => {
    const room = await roomNow()
    const archive = archiveOf(await start(room.teacher.token, room.lesson.id))
    const bytes = Buffer.from('abc')
    const stranger = await lessonParties(t)
    for (const token of [room.student.token, stranger.teacher.token]) {
      expect(refusal(await sendChunk(token, archive.id, 0, bytes))).toMatchObject({
        status: 404,
        code: 'not_found',
      })
    }
    expect((await sendChunk(room.teacher.token, archive.id, -1, bytes)).statusCode).toBe(400)
    expect((await sendChunk(room.teacher.token, 'not-an-id', 0, bytes)).statusCode).toBe(400)
    const asJson = await t.app.inject({
      method: 'POST',
      url: `/api/v1/lessons/archives/chunks?archive_id=${archive.id}&seq=0`,
      headers: { ...bearer(room.teacher.token), 'content-type': 'application/json' },
      payload: '{"a":1}',
    })
    expect(asJson.statusCode).toBe(415)
    const [first = Buffer.alloc(0)] = webmChunks({ seconds: 2, chunkBytes: 1_000_000 })
    expect((await sendChunk(room.teacher.token, archive.id, 0, first)).statusCode).toBe(200)
    await stop(room.teacher.token, room.lesson.id)
    expect(refusal(await sendChunk(room.teacher.token, archive.id, 1, bytes))).toMatchObject({
      status: 409,
      code: 'recording_not_active',
    })
    await t.app.deps.recordings.idle()
  })
})

/** The Duration and the cue times of a WebM file. */
function seekInfo(file: Buffer) {
  const elements = new Decoder().decode(file as unknown as ArrayBuffer)
  const numberIn = (element: (typeof elements)[number]) => ('value' in element ? element.value : undefined)
  const duration = elements.find((e) => e.name === 'Duration')
  return {
    duration: duration && numberIn(duration),
    cues: elements.filter((e) => e.name === 'CueTime').map(numberIn),
  }
}

describe('the finished recording', () => {
  it('is one seekable WebM with its duration, which both parties (and nobody else) read by range', async () => {
    const room = await roomNow()
    const before = (await storedFiles(t.filesDir)).files
    const archive = await record(room, 20)
    // The chunks are gone once joined: the recording is one new file.
    const added = (await storedFiles(t.filesDir)).files.filter((name) => !before.includes(name))
    expect(added).toEqual([expect.stringMatching(/\.webm$/)])
    expect(archive).toMatchObject({
      status: 'ready',
      duration_ms: 20_000,
      kept_until: '2026-06-08T09:00:00.000Z',
    })
    const [forStudent] = await listed(room.student.token, room.lesson.id)
    expect(forStudent?.url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]+\.webm\?/)
    const whole = await t.app.inject({ method: 'GET', url: forStudent?.url ?? '' })
    expect(whole.headers['content-type']).toBe('video/webm')
    expect(whole.rawPayload.length).toBe(archive.size)
    expect(seekInfo(whole.rawPayload)).toEqual({
      duration: 20_000,
      cues: [0, 2000, 4000, 6000, 8000, 10000, 12000, 14000, 16000, 18000],
    })
    const middle = await t.app.inject({
      method: 'GET',
      url: forStudent?.url ?? '',
      headers: { range: 'bytes=400000-400099' },
    })
    expect(middle.statusCode).toBe(206)
    expect(middle.rawPayload.equals(whole.rawPayload.subarray(400_000, 400_100))).toBe(true)
    const stranger = await lessonParties(t)
    const refused = await get(
      t.app,
      `/lessons/archives/list?lesson_id=${room.lesson.id}`,
      stranger.student.token,
    )
    expect(refusal(refused)).toMatchObject({ status: 404 })
  })

  it('is finished with what arrived when the uploader has been silent for 45 s', async () => {
    const room = await roomNow()
    const archive = archiveOf(await start(room.teacher.token, room.lesson.id))
    const chunks = [...webmChunks({ seconds: 30, chunkBytes: 100_000 })]
    // About 15 seconds arrive, then the tab is closed.
    for (const [seq, chunk] of chunks.slice(0, 8).entries()) {
      expect((await sendChunk(room.teacher.token, archive.id, seq, chunk)).statusCode).toBe(200)
    }
    t.clock.advance(40_000)
    await t.app.deps.recordings.tick()
    expect((await listed(room.teacher.token, room.lesson.id))[0]?.status).toBe('recording')
    t.clock.advance(6_000)
    await t.app.deps.recordings.tick()
    const [done] = await listed(room.student.token, room.lesson.id)
    expect(done?.status).toBe('ready')
    expect(done?.duration_ms).toBeGreaterThanOrEqual(10_000)
  })

  it('is deleted with its file after the retention period', async () => {
    const room = await roomNow()
    const archive = await record(room, 4)
    const key = (
      await t.database.db.select().from(lessonArchives).where(eq(lessonArchives.id, archive.id))
    )[0]?.fileKey
    expect((await storedFiles(t.filesDir)).files).toContain(key)
    t.clock.advance(89 * 86_400_000)
    await t.app.deps.recordings.tick()
    expect(await listed(room.student.token, room.lesson.id)).toHaveLength(1)
    t.clock.advance(2 * 86_400_000)
    await t.app.deps.recordings.tick()
    expect(await listed(room.student.token, room.lesson.id)).toEqual([])
    expect((await storedFiles(t.filesDir)).files).not.toContain(key)
  })
})

describe('a long recording', () => {
  it("keeps the server's memory flat through 45 minutes of chunks and their joining", {
    timeout: 180_000,
  }, async () => {
    const room = await roomNow()
    const archive = archiveOf(await start(room.teacher.token, room.lesson.id))
    const baseline = process.memoryUsage()
    let peakRss = baseline.rss
    let peakHeap = baseline.heapUsed
    let peakBuffers = baseline.arrayBuffers
    const sampler = setInterval(() => {
      const now = process.memoryUsage()
      peakRss = Math.max(peakRss, now.rss)
      peakHeap = Math.max(peakHeap, now.heapUsed)
      peakBuffers = Math.max(peakBuffers, now.arrayBuffers)
    }, 50)
    let seq = 0
    let bytes = 0
    // 45 minutes at about 400 kbit/s, in 5-second chunks as the room's recorder sends them.
    for (const chunk of webmChunks({ seconds: 45 * 60, chunkBytes: 250_000 })) {
      bytes += chunk.length
      expect((await sendChunk(room.teacher.token, archive.id, seq++, chunk)).statusCode).toBe(200)
    }
    expect((await stop(room.teacher.token, room.lesson.id)).statusCode).toBe(200)
    await t.app.deps.recordings.idle()
    clearInterval(sampler)
    const [done] = await listed(room.teacher.token, room.lesson.id)
    expect(done).toMatchObject({ status: 'ready', duration_ms: 45 * 60_000 })
    const mb = (n: number) => Math.round(n / 1_048_576)
    console.log(
      `recording of ${mb(bytes)} MB in ${seq} chunks: RSS ${mb(baseline.rss)} → peak ${mb(peakRss)} MB, heap ${mb(baseline.heapUsed)} → peak ${mb(peakHeap)} MB, buffers ${mb(baseline.arrayBuffers)} → peak ${mb(peakBuffers)} MB`,
    )
    // A memory budget: the recording (well over 100 MB) is never held. Buffers already let go of
    // wait for the garbage collector (V8 collects once some 64 MB of them have piled up); the heap
    // holds only the cue list. RSS is reported, not held to a budget: the allocator keeps freed
    // pages for reuse.
    expect(peakBuffers - baseline.arrayBuffers).toBeLessThan(bytes * 0.75)
    expect(peakHeap - baseline.heapUsed).toBeLessThan(64 * 1_048_576)
  })
})
