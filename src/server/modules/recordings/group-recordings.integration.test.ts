import { inArray } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Archive, archiveListResponse, archiveResponse } from '../../../domain/api/recordings.ts'
import { addDays, polandDateKey } from '../../../domain/poland-time.ts'
import { users } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import { bearer } from '../../test-support/fixtures.ts'
import { addGroupMeeting, connectGroup, groupToken } from '../../test-support/group-room.ts'
import { get, post } from '../../test-support/http.ts'
import { B1, ENGLISH } from '../../test-support/lessons.ts'
import { getWith, parseLessonPage, refusal } from '../../test-support/my-lessons.ts'
import { listening } from '../../test-support/room.ts'
import { signedInUser } from '../../test-support/sessions.ts'
import { webmChunks } from '../../test-support/webm.ts'
import { createClass, enrolStudents } from '../group-classes/public.ts'

// A group meeting's recording (docs/decisions.md "Recording a group meeting"): the teacher starts
// it from the meeting's place in the join window; it names the students who agreed to voice
// recording, and only they (and the teacher) find it listed, in my-lessons and with its file.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

const student = (voiceRecordingAgreed: boolean) =>
  signedInUser(t, { role: 'student', humanAccess: true, onlyGroupLessons: true, voiceRecordingAgreed })

/** A meeting in two days of a class whose students agreed (or not) to voice recording, in that order. */
async function meeting(agreed: boolean[]) {
  const teacher = await signedInUser(t, { role: 'teacher' })
  const { group } = await createClass(t.ctx, {
    teacherId: teacher.user.id,
    languageId: ENGLISH,
    levelId: B1,
    title: 'Angielski w firmie B1',
    description: '',
    companyName: 'Partner S.A.',
    capacity: 8,
    provider: 'builtin',
    series: null,
    extra: [{ date: addDays(polandDateKey(t.clock.now()), 2), time: '18:00', units: 2 }],
  })
  const students = []
  for (const yes of agreed) students.push(await student(yes))
  await enrolStudents(
    t.ctx,
    group.id,
    students.map((s) => s.user.id),
  )
  const teacherPlace = await placeOf(teacher.token)
  return { teacher, students, place: teacherPlace }
}

/** The viewer's (only) group lesson: a student's place, or the teacher's view of the meeting. */
async function placeOf(token: string) {
  const [lesson] = parseLessonPage((await getWith(t, token, '/lessons/list_group')).json()).data
  if (!lesson) throw new Error('no group lesson')
  return lesson
}

const start = (token: string, lessonId: string) =>
  post(t.app, '/lessons/archives/create', { token, payload: { lesson_id: lessonId } })

async function listed(token: string, lessonId: string): Promise<Archive[]> {
  const response = await get(t.app, `/lessons/archives/list?lesson_id=${lessonId}`, token)
  expect(response.statusCode).toBe(200)
  return v.parse(archiveListResponse, response.json()).data
}

/** The teacher records three seconds of the meeting; the recording once joined. */
async function record(
  teacherToken: string,
  placeId: string,
  meanwhile: (archive: Archive) => Promise<void> = async () => undefined,
): Promise<Archive> {
  const started = await start(teacherToken, placeId)
  expect(started.statusCode).toBe(201)
  const archive = v.parse(archiveResponse, started.json()).data
  await meanwhile(archive)
  let seq = 0
  for (const chunk of webmChunks({ seconds: 3, chunkBytes: 100_000 })) {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/lessons/archives/chunks?archive_id=${archive.id}&seq=${seq++}`,
      headers: { ...bearer(teacherToken), 'content-type': 'application/octet-stream' },
      payload: chunk,
    })
    expect(sent.statusCode).toBe(200)
  }
  const stopped = await post(t.app, '/lessons/archives/stop', {
    token: teacherToken,
    payload: { lesson_id: placeId },
  })
  expect(stopped.statusCode).toBe(200)
  await t.app.deps.recordings.idle()
  return archive
}

describe('recording a group meeting', () => {
  it('names the students who agreed, and is listed and played for the teacher and them only', async () => {
    const { teacher, students, place } = await meeting([true, false, true])
    const [agreed, refused, alsoAgreed] = students
    if (!agreed || !refused || !alsoAgreed) throw new Error('three students')
    t.clock.set(place.scheduled_at)
    const notRecorded = await placeOf(refused.token)
    const archive = await record(teacher.token, place.id, async (recording) => {
      // While it records, the student left out learns that it does, and that they are not in it.
      expect(await listed(refused.token, notRecorded.id)).toMatchObject([
        { id: recording.id, status: 'recording', url: null, recorded_user_ids: [] },
      ])
      expect((await listed(agreed.token, (await placeOf(agreed.token)).id))[0]?.recorded_user_ids).toEqual([
        agreed.user.id,
      ])
    })
    expect(archive.recorded_user_ids).toEqual([agreed.user.id, alsoAgreed.user.id].sort())

    const [teachers] = await listed(teacher.token, place.id)
    expect(teachers).toMatchObject({ id: archive.id, status: 'ready' })
    for (const who of [agreed, alsoAgreed]) {
      const own = await placeOf(who.token)
      const [theirs] = await listed(who.token, own.id)
      expect(theirs?.id).toBe(archive.id)
      // The player's file, at the signed URL the list gave, with seeking (byte ranges).
      const file = await t.app.inject({
        method: 'GET',
        url: theirs?.url ?? '',
        headers: { range: 'bytes=0-99' },
      })
      expect(file.statusCode).toBe(206)
      expect(own.recordings.map((recording) => recording.id)).toEqual([archive.id])
    }

    // The student who did not agree is not in it: nothing listed, no URL, nothing in my-lessons.
    expect(await listed(refused.token, notRecorded.id)).toEqual([])
    expect((await placeOf(refused.token)).recordings).toEqual([])
    expect((await placeOf(teacher.token)).recordings.map((recording) => recording.id)).toEqual([archive.id])
  })

  it('keeps it from the students of another meeting and from a place not theirs', async () => {
    const ours = await meeting([true])
    const other = await meeting([true])
    t.clock.set(ours.place.scheduled_at)
    await record(ours.teacher.token, ours.place.id)
    const [stranger] = other.students
    if (!stranger) throw new Error('a student')
    expect(await listed(stranger.token, (await placeOf(stranger.token)).id)).toEqual([])
    expect(
      refusal(await get(t.app, `/lessons/archives/list?lesson_id=${ours.place.id}`, stranger.token)),
    ).toMatchObject({ status: 404, code: 'lesson_not_found' })
  })

  it('is refused outside the join window, to a student, and when no student agreed', async () => {
    const { teacher, students, place } = await meeting([true])
    const [only] = students
    if (!only) throw new Error('a student')
    expect(refusal(await start(teacher.token, place.id))).toMatchObject({ code: 'join_window_not_open' })
    t.clock.set(place.scheduled_at)
    expect(refusal(await start(only.token, (await placeOf(only.token)).id))).toMatchObject({
      status: 403,
      code: 'forbidden',
    })
    t.clock.set(new Date(Date.parse(place.ends_at) + 16 * 60_000).toISOString())
    expect(refusal(await start(teacher.token, place.id))).toMatchObject({ code: 'join_window_closed' })

    const nobody = await meeting([false, false])
    t.clock.set(nobody.place.scheduled_at)
    expect(refusal(await start(nobody.teacher.token, nobody.place.id))).toMatchObject({
      code: 'recording_not_agreed',
    })
  })
})

describe('the group room hears of the recording', () => {
  it('tells every party in the meeting’s room when it starts and stops, a student left out too', async () => {
    const base = await listening(t)
    const m = await addGroupMeeting(t, 2)
    const [agreed, left] = m.students
    const [placeOfAgreed, placeOfLeft] = m.places
    if (!agreed || !left || !placeOfAgreed || !placeOfLeft) throw new Error('two students')
    await t.database.db
      .update(users)
      .set({ voiceRecordingAgreed: true })
      .where(inArray(users.id, [agreed.user.id]))
    const room = connectGroup(base, (await groupToken(t, left.token, placeOfLeft)).token, left.token)
    try {
      await room.next('group-welcome')
      const started = await start(m.teacher.token, placeOfAgreed)
      expect(started.statusCode).toBe(201)
      const archive = v.parse(archiveResponse, started.json()).data
      expect(await room.next('recording')).toMatchObject({ archive_id: archive.id, state: 'started' })
      const stopped = await post(t.app, '/lessons/archives/stop', {
        token: m.teacher.token,
        payload: { lesson_id: placeOfAgreed },
      })
      expect(stopped.statusCode).toBe(200)
      expect(await room.next('recording')).toMatchObject({ archive_id: archive.id, state: 'stopped' })
    } finally {
      room.close()
    }
  })
})
