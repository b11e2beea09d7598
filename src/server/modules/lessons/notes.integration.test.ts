import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts'
import {
  addLessonAt,
  lessonParties,
  lessonRow,
  parseLesson,
  postJson,
  refusal,
} from '../../test-support/my-lessons.ts'

// POST /lessons/update (JSON) — AddNote and LessonMemos (product-rules.md "Notes and memos"): the
// student writes the note and the student memo (not for group lessons), the teacher the teacher
// memo; at most 255 characters; never on a cancelled lesson.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.clock.set('2026-03-10T09:00:00Z'))

const HOUR = 60
const update = (token: string, body: Record<string, unknown>, key?: string) =>
  postJson(t, token, '/lessons/update', body, key)

describe('POST /lessons/update (notes and memos)', () => {
  it('saves the note and the student memo of the student and the teacher memo of the teacher', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 24 * HOUR)
    const note = await update(pair.student.token, { lesson_id: lesson.id, note: ' Chapter 3 ' })
    expect(note.statusCode).toBe(200)
    expect(parseLesson(note.json())).toMatchObject({ id: lesson.id, note: 'Chapter 3' })
    const memo = await update(pair.student.token, { lesson_id: lesson.id, student_memos: 'Idioms' })
    expect(parseLesson(memo.json())).toMatchObject({ note: 'Chapter 3', student_memos: 'Idioms' })
    const teacherMemo = await update(pair.teacher.token, {
      lesson_id: lesson.id,
      teacher_memos: 'Past simple',
    })
    // The student memo is the student's own: the teacher reads the note and their memo only.
    expect(parseLesson(teacherMemo.json())).toMatchObject({
      note: 'Chapter 3',
      student_memos: null,
      teacher_memos: 'Past simple',
      fullName: 'Marta Dąbrowska',
    })
    expect(await lessonRow(t, lesson.id)).toMatchObject({
      note: 'Chapter 3',
      studentMemos: 'Idioms',
      teacherMemos: 'Past simple',
    })
  })

  it('lets each party edit only its own text (403)', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 24 * HOUR)
    const cases: [string, Record<string, string>][] = [
      [pair.teacher.token, { note: 'x' }],
      [pair.teacher.token, { student_memos: 'x' }],
      [pair.student.token, { teacher_memos: 'x' }],
    ]
    for (const [token, change] of cases) {
      const response = await update(token, { lesson_id: lesson.id, ...change })
      expect(refusal(response)).toEqual({
        status: 403,
        code: 'forbidden',
        error: 'You do not have permission to do this',
      })
    }
    expect(await lessonRow(t, lesson.id)).toMatchObject({
      note: null,
      studentMemos: null,
      teacherMemos: null,
    })
  })

  it('clears a memo with an empty text, but refuses an empty note (AddNote)', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, -2 * HOUR, { teacherMemos: 'old', note: 'kept' })
    const cleared = await update(pair.teacher.token, { lesson_id: lesson.id, teacher_memos: '  ' })
    expect(parseLesson(cleared.json())).toMatchObject({ teacher_memos: null, status: 'finished' })
    const empty = await update(pair.student.token, { lesson_id: lesson.id, note: '' })
    expect(empty.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'note', code: 'required' }],
    })
    expect((await lessonRow(t, lesson.id)).note).toBe('kept')
  })

  it('takes exactly one text of at most 255 characters (400)', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 24 * HOUR)
    const two = await update(pair.student.token, { lesson_id: lesson.id, note: 'a', student_memos: 'b' })
    expect(two.json()).toMatchObject({
      code: 'validation_failed',
      errors: [
        { code: 'one_field_required', message: 'Send exactly one of: note, teacher memo, student memo' },
      ],
    })
    const none = await update(pair.student.token, { lesson_id: lesson.id })
    expect(refusal(none)).toMatchObject({ status: 400, code: 'validation_failed' })
    const long = await update(pair.student.token, { lesson_id: lesson.id, note: 'é'.repeat(256) })
    expect(long.json()).toMatchObject({ errors: [{ field: 'note', code: 'too_long', param: '255' }] })
    const longest = await update(pair.student.token, { lesson_id: lesson.id, note: 'é'.repeat(255) })
    expect(longest.statusCode).toBe(200)
  })

  it('refuses the student memo of a group lesson (409 group_lesson_memo)', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 24 * HOUR, { isGroup: true })
    const response = await update(pair.student.token, { lesson_id: lesson.id, student_memos: 'x' })
    expect(refusal(response)).toEqual({
      status: 409,
      code: 'group_lesson_memo',
      error: 'The student memo is not available for group lessons',
    })
    const note = await update(pair.student.token, { lesson_id: lesson.id, note: 'Group note' })
    expect(parseLesson(note.json())).toMatchObject({ note: 'Group note', student_memos: null })
  })

  it('refuses every write on a cancelled lesson (409 lesson_cancelled)', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 24 * HOUR, { cancelledAt: new Date('2026-03-09T10:00:00Z') })
    const cases: [string, Record<string, string>][] = [
      [pair.student.token, { note: 'x' }],
      [pair.student.token, { student_memos: 'x' }],
      [pair.teacher.token, { teacher_memos: 'x' }],
    ]
    for (const [token, change] of cases) {
      expect(refusal(await update(token, { lesson_id: lesson.id, ...change }))).toEqual({
        status: 409,
        code: 'lesson_cancelled',
        error: 'This lesson has been cancelled',
      })
    }
  })
})

describe('POST /lessons/update with an Idempotency-Key (the offline outbox)', () => {
  it('replays a note and a memo exactly once, even after a later change', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 24 * HOUR)
    const body = { lesson_id: lesson.id, note: 'Written offline' }
    const first = await update(pair.student.token, body, 'note-key-1')
    expect(first.statusCode).toBe(200)
    await update(pair.student.token, { lesson_id: lesson.id, note: 'Changed online' })
    const replay = await update(pair.student.token, body, 'note-key-1')
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toEqual(first.json())
    expect((await lessonRow(t, lesson.id)).note).toBe('Changed online')

    const memo = { lesson_id: lesson.id, teacher_memos: 'Offline memo' }
    const memoFirst = await update(pair.teacher.token, memo, 'memo-key-1')
    await update(pair.teacher.token, { lesson_id: lesson.id, teacher_memos: '' })
    const memoReplay = await update(pair.teacher.token, memo, 'memo-key-1')
    expect(memoReplay.json()).toEqual(memoFirst.json())
    expect((await lessonRow(t, lesson.id)).teacherMemos).toBeNull()
  })

  it('refuses a key reused for another body; a refused write can be retried with its key', async () => {
    const pair = await lessonParties(t)
    const lesson = await addLessonAt(t, pair, 24 * HOUR, { cancelledAt: new Date('2026-03-09T10:00:00Z') })
    const body = { lesson_id: lesson.id, note: 'Pending' }
    expect(refusal(await update(pair.student.token, body, 'note-key-2'))).toMatchObject({ status: 409 })
    expect(refusal(await update(pair.student.token, body, 'note-key-2'))).toMatchObject({
      status: 409,
      code: 'lesson_cancelled',
    })
    const open = await addLessonAt(t, pair, 30 * HOUR)
    expect(
      (await update(pair.student.token, { lesson_id: open.id, note: 'A' }, 'note-key-3')).statusCode,
    ).toBe(200)
    const reused = await update(pair.student.token, { lesson_id: open.id, note: 'B' }, 'note-key-3')
    expect(refusal(reused)).toEqual({
      status: 422,
      code: 'idempotency_key_reused',
      error: 'This Idempotency-Key was already used for a different request',
    })
    expect((await lessonRow(t, open.id)).note).toBe('A')
  })
})
