import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Archive, archiveListResponse, archiveResponse } from '../../../domain/api/recordings.ts'
import { lessonArchiveChunks, lessonArchives } from '../../db/schema-recordings.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer } from '../../test-support/fixtures.ts'
import { get, post } from '../../test-support/http.ts'
import { addLessonAt, lessonParties, refusal } from '../../test-support/my-lessons.ts'
import { storedFiles } from '../../test-support/stored-files.ts'
import { webmChunks } from '../../test-support/webm.ts'
import { CLI_ACTOR } from '../admin/public.ts'
import { updateSettings } from '../settings/public.ts'

// docs/decisions.md "A recording that cannot be decoded ends": what cannot be part of a WebM
// recording is refused as it arrives; what arrived and is not WebM ends the recording within
// seconds (failed with its reason, or ready with its playable start), its chunk files removed,
// the worker's other recordings unaffected; the settings bound the disk a teacher's recordings take.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

const MB = 1024 * 1024

async function roomNow() {
  const pair = await lessonParties(t, { student: { voiceRecordingAgreed: true } })
  const lesson = await addLessonAt(t, pair, 0)
  return { ...pair, lesson }
}
type Room = Awaited<ReturnType<typeof roomNow>>

const startIn = async (room: Room): Promise<Archive> => {
  const started = await post(t.app, '/lessons/archives/create', {
    token: room.teacher.token,
    payload: { lesson_id: room.lesson.id },
  })
  return v.parse(archiveResponse, started.json()).data
}
const stop = (room: Room) =>
  post(t.app, '/lessons/archives/stop', { token: room.teacher.token, payload: { lesson_id: room.lesson.id } })

const sendChunk = (room: Room, archiveId: string, seq: number, bytes: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/lessons/archives/chunks?archive_id=${archiveId}&seq=${seq}`,
    headers: { ...bearer(room.teacher.token), 'content-type': 'application/octet-stream' },
    payload: bytes,
  })

async function sendAll(room: Room, archiveId: string, chunks: Buffer[], from = 0) {
  for (const [i, chunk] of chunks.entries())
    expect((await sendChunk(room, archiveId, from + i, chunk)).statusCode).toBe(200)
}

async function finished(room: Room): Promise<Archive> {
  const response = await get(t.app, `/lessons/archives/list?lesson_id=${room.lesson.id}`, room.teacher.token)
  const [archive] = v.parse(archiveListResponse, response.json()).data
  if (!archive) throw new Error('no recording')
  return archive
}

const rowOf = async (archiveId: string) =>
  (await t.database.db.select().from(lessonArchives).where(eq(lessonArchives.id, archiveId)))[0]

const webm = (seconds: number, chunkBytes = 200_000) => [...webmChunks({ seconds, chunkBytes })]

describe('a chunk as it arrives', () => {
  it('is refused when empty, or when a first chunk is not WebM, without taking its number', async () => {
    const room = await roomNow()
    const archive = await startIn(room)
    const files = await storedFiles(t.filesDir)
    const [first = Buffer.alloc(0), second = Buffer.alloc(0)] = webm(6)
    const noise = randomBytes(4096)
    noise[0] = 0x1b
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from('RIFF....WAVEfmt '),
      noise,
      Buffer.from([0x1a, 0x46]),
    ]) {
      expect(refusal(await sendChunk(room, archive.id, 0, bytes))).toMatchObject({
        status: 422,
        code: 'recording_chunk_invalid',
      })
    }
    // Chrome's first chunk may be the header's first byte alone.
    expect((await sendChunk(room, archive.id, 0, first.subarray(0, 1))).json()).toEqual({
      data: { next_seq: 1, size: 1 },
    })
    expect((await sendChunk(room, archive.id, 1, first.subarray(1))).json()).toEqual({
      data: { next_seq: 2, size: first.length - 1 },
    })
    expect(refusal(await sendChunk(room, archive.id, 2, Buffer.alloc(0)))).toMatchObject({
      code: 'recording_chunk_invalid',
    })
    expect((await sendChunk(room, archive.id, 2, second)).json()).toEqual({
      data: { next_seq: 3, size: second.length },
    })
    // The refused bytes left nothing behind: only the three chunks were added.
    expect((await storedFiles(t.filesDir)).files).toHaveLength(files.files.length + 3)
    await stop(room)
    await t.app.deps.recordings.idle()
    expect(await finished(room)).toMatchObject({ status: 'ready' })
  })
})

describe('joining what is not WebM', () => {
  it('keeps the playable start of 10 s followed by 200 MiB of random bytes, within seconds of the stop', {
    timeout: 120_000,
  }, async () => {
    const room = await roomNow()
    const archive = await startIn(room)
    const before = (await storedFiles(t.filesDir)).files
    const start = webm(10)
    await sendAll(room, archive.id, start)
    const noise = Array.from({ length: 25 }, () => randomBytes(8 * MB))
    // Its first byte starts no element, so where the WebM ends is certain (a random byte could
    // otherwise open a block of some size, which the walk would still skip).
    noise[0]?.fill(0, 0, 1)
    await sendAll(room, archive.id, noise, start.length)
    const stoppedAt = performance.now()
    expect((await stop(room)).statusCode).toBe(200)
    await t.app.deps.recordings.idle()
    const joinedMs = Math.round(performance.now() - stoppedAt)
    console.log(`10 s of WebM and 200 MiB of noise: stopped and joined in ${joinedMs} ms`)
    expect(joinedMs).toBeLessThan(10_000)
    expect(await finished(room)).toMatchObject({ status: 'ready', duration_ms: 10_000 })
    // One joined file is left, the chunks are gone.
    const added = (await storedFiles(t.filesDir)).files.filter((name) => !before.includes(name))
    expect(added).toEqual([expect.stringMatching(/\.webm$/)])
    expect(
      await t.database.db
        .select()
        .from(lessonArchiveChunks)
        .where(eq(lessonArchiveChunks.archiveId, archive.id)),
    ).toEqual([])
  })

  it('fails, with its reason, a recording whose header is followed by random bytes', async () => {
    const room = await roomNow()
    const archive = await startIn(room)
    const before = (await storedFiles(t.filesDir)).files
    const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(2 * MB)])
    await sendAll(room, archive.id, [header, randomBytes(4 * MB)])
    const stoppedAt = performance.now()
    await stop(room)
    await t.app.deps.recordings.idle()
    expect(performance.now() - stoppedAt).toBeLessThan(5_000)
    expect(await finished(room)).toMatchObject({ status: 'failed', url: null })
    expect((await rowOf(archive.id))?.failureReason).toMatch(/EBML header|Segment|element/)
    expect((await storedFiles(t.filesDir)).files).toEqual(before)
  })

  it("ends each abandoned recording in one round, whatever another one's trouble", async () => {
    const [whole, cut, unreadable] = [await roomNow(), await roomNow(), await roomNow()]
    const ids: Record<string, string> = {}
    for (const [name, room] of [
      ['whole', whole],
      ['cut', cut],
      ['unreadable', unreadable],
    ] as const) {
      const archive = await startIn(room)
      ids[name] = archive.id
      await sendAll(room, archive.id, webm(8, 50_000))
    }
    // A middle chunk's file is lost (the cut recording keeps what came before it); the first
    // chunk's file of another is lost (nothing of it can be read).
    const chunkKey = async (archiveId: string | undefined, seq: number) => {
      const rows = await t.database.db
        .select()
        .from(lessonArchiveChunks)
        .where(eq(lessonArchiveChunks.archiveId, archiveId ?? ''))
      return rows.find((row) => row.seq === seq)?.fileKey ?? ''
    }
    await t.storage.delete(await chunkKey(ids.cut, 3))
    await t.storage.delete(await chunkKey(ids.unreadable, 0))
    // The uploaders go silent; one round of the worker finishes all three.
    t.clock.advance(46_000)
    await t.app.deps.recordings.tick()
    expect(await finished(whole)).toMatchObject({ status: 'ready', duration_ms: 8_000 })
    const cutDone = await finished(cut)
    expect(cutDone.status).toBe('ready')
    expect(cutDone.duration_ms).toBeGreaterThan(0)
    expect(cutDone.duration_ms).toBeLessThan(8_000)
    expect(await finished(unreadable)).toMatchObject({ status: 'failed' })
    expect((await rowOf(ids.unreadable ?? ''))?.failureReason).toMatch(/could not be read/)
  })
})

describe("the disk a teacher's recordings take", () => {
  it("refuses the chunk past the lesson's total, then the one past the teacher's day, naming the maximum", async () => {
    await updateSettings(t.ctx, { recordingLessonMaxMb: 1, recordingDayMaxMb: 2 }, CLI_ACTOR)
    try {
      const room = await roomNow()
      const archive = await startIn(room)
      const chunks = [...webmChunks({ seconds: 60, chunkBytes: 300_000 })]
      await sendAll(room, archive.id, chunks.slice(0, 3))
      const over = await sendChunk(room, archive.id, 3, chunks[3] ?? Buffer.alloc(0))
      expect(refusal(over)).toMatchObject({
        status: 409,
        code: 'recording_lesson_full',
        params: { max: '1' },
      })
      expect(refusal(over).error).toBe(
        "This lesson's recordings have reached 1 MB, the most the school keeps for one lesson",
      )
      expect((await rowOf(archive.id))?.nextSeq).toBe(3)
      await stop(room)
      await t.app.deps.recordings.idle()
      await updateSettings(t.ctx, { recordingLessonMaxMb: 10 }, CLI_ACTOR)

      // The same teacher's next lesson that day: 3 chunks more fit in the day's 2 MB, the fourth not.
      const next = await addLessonAt(t, room, 30)
      t.clock.advance(20 * 60_000)
      const nextRoom = { ...room, lesson: next }
      const second = await startIn(nextRoom)
      await sendAll(nextRoom, second.id, chunks.slice(0, 3))
      expect(refusal(await sendChunk(nextRoom, second.id, 3, chunks[3] ?? Buffer.alloc(0)))).toMatchObject({
        status: 409,
        code: 'recording_day_full',
        params: { max: '2' },
      })
      await stop(nextRoom)
      await t.app.deps.recordings.idle()
    } finally {
      await updateSettings(t.ctx, { recordingLessonMaxMb: 3000, recordingDayMaxMb: 20_000 }, CLI_ACTOR)
    }
  })
  it('lets only one of two chunks that arrive together take the last room under the maximum', async () => {
    await updateSettings(t.ctx, { recordingLessonMaxMb: 1 }, CLI_ACTOR)
    try {
      const room = await roomNow()
      const archive = await startIn(room)
      await sendAll(room, archive.id, webm(60, 300_000).slice(0, 3))
      // 900,000 of 1,048,576 bytes taken: each of these fits alone, not both.
      const video = randomBytes(100_000)
      const audio = webm(5, 100_000)[0] ?? Buffer.alloc(0)
      expect(audio.length).toBeGreaterThan(1 * MB - 900_000 - video.length)
      const answers = await Promise.all([
        sendChunk(room, archive.id, 3, video),
        t.app.inject({
          method: 'POST',
          url: `/api/v1/lessons/archives/chunks?archive_id=${archive.id}&seq=0&track=audio`,
          headers: { ...bearer(room.teacher.token), 'content-type': 'application/octet-stream' },
          payload: audio,
        }),
      ])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
      const refused = answers.find((answer) => answer.statusCode === 409)
      expect(refused && refusal(refused)).toMatchObject({
        code: 'recording_lesson_full',
        params: { max: '1' },
      })
      expect((await rowOf(archive.id))?.bytes).toBeLessThanOrEqual(1 * MB)
      await stop(room)
      await t.app.deps.recordings.idle()
    } finally {
      await updateSettings(t.ctx, { recordingLessonMaxMb: 3000 }, CLI_ACTOR)
    }
  })
})
