import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { IDEMPOTENCY_HEADER } from '../../domain/api/lessons.ts'
import {
  lessonCancelResponse,
  lessonPageResponse,
  lessonResponse,
  MATERIAL_FIELDS,
  scheduledLessonsResponse,
} from '../../domain/api/my-lessons.ts'
import type { users } from '../db/schema.ts'
import { lessons } from '../db/schema-lessons.ts'
import type { User } from '../platform/sessions.ts'
import type { TestApp } from './build-test-app.ts'
import { bearer } from './fixtures.ts'
import { B1, ENGLISH } from './lessons.ts'
import type { Part } from './sample-files.ts'
import { signedInUser } from './sessions.ts'

// Fixtures of my lessons: lessons written straight into the database at chosen times,
// and the lessons/* and ratings/* calls with an optional Idempotency-Key.

const LESSON_MS = 45 * 60_000
const MINUTE_MS = 60_000

export type Party = { user: User; token: string }

/** A teacher and a student, each with a session. */
export async function lessonParties(
  t: TestApp,
  values: { teacher?: Partial<typeof users.$inferInsert>; student?: Partial<typeof users.$inferInsert> } = {},
): Promise<{ teacher: Party; student: Party }> {
  const teacher = await signedInUser(t, {
    role: 'teacher',
    firstName: 'Anna',
    lastName: 'Nowak',
    ...values.teacher,
  })
  const student = await signedInUser(t, {
    role: 'student',
    humanAccess: true,
    firstName: 'Marta',
    lastName: 'Dąbrowska',
    ...values.student,
  })
  return { teacher, student }
}

/**
 * A 45-minute English B1 lesson of the pair, starting `startsInMinutes` after the test clock's now
 * (negative: in the past), without a slot unless `timeSlotId` is given.
 */
export async function addLessonAt(
  t: TestApp,
  pair: { teacher: Party; student: Party },
  startsInMinutes: number,
  values: Partial<typeof lessons.$inferInsert> = {},
) {
  const startsAt = new Date(t.clock.now().getTime() + startsInMinutes * MINUTE_MS)
  const [row] = await t.database.db
    .insert(lessons)
    .values({
      studentId: pair.student.user.id,
      teacherId: pair.teacher.user.id,
      languageId: ENGLISH,
      levelId: B1,
      startsAt,
      endsAt: new Date(startsAt.getTime() + LESSON_MS),
      ...values,
    })
    .returning()
  if (!row) throw new Error('insert returned no row')
  return row
}

export async function lessonRow(t: TestApp, lessonId: string) {
  const [row] = await t.database.db.select().from(lessons).where(eq(lessons.id, lessonId))
  if (!row) throw new Error(`no lesson ${lessonId}`)
  return row
}

const withKey = (key?: string) => (key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key })

/** A GET of lessons/* with a query, as `token`. */
export const getWith = (t: TestApp, token: string, path: string, query: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1${path}?${new URLSearchParams(query)}`,
    headers: bearer(token),
  })

/** A JSON POST as `token`, with an Idempotency-Key when `key` is given. */
export const postJson = (t: TestApp, token: string, path: string, body: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...bearer(token), ...withKey(key) },
  })

/** GET /lessons/remove_file, with an Idempotency-Key when `key` is given. */
export const removeFile = (
  t: TestApp,
  token: string,
  query: { lesson_id: string; file_id: string },
  key?: string,
) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/lessons/remove_file?${new URLSearchParams(query)}`,
    headers: { ...bearer(token), ...withKey(key) },
  })

/** Multipart POST /lessons/update with the material fields, in the order a browser sends them. */
export async function uploadMaterial(
  t: TestApp,
  token: string,
  input: { lessonId: string; file?: Part; filename?: string },
  key?: string,
) {
  const form = new FormData()
  form.append(MATERIAL_FIELDS.lessonId, input.lessonId)
  if (input.filename !== undefined) form.append(MATERIAL_FIELDS.filename, input.filename)
  if (input.file) {
    const blob = new Blob([input.file.bytes], { type: input.file.type ?? 'application/octet-stream' })
    form.append(MATERIAL_FIELDS.file, blob, input.file.filename ?? 'material.bin')
  }
  const body = new Response(form)
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/lessons/update',
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type') ?? '', ...bearer(token), ...withKey(key) },
  })
}

export const parseLesson = (body: unknown) => v.parse(lessonResponse, body).data
export const parseScheduled = (body: unknown) => v.parse(scheduledLessonsResponse, body).data
export const parseLessonPage = (body: unknown) => v.parse(lessonPageResponse, body)
export const parseCancel = (body: unknown) => v.parse(lessonCancelResponse, body).data

/** The status, code and English message of a refusal. */
export function refusal(response: { statusCode: number; json(): unknown }) {
  const body = v.parse(
    v.object({ code: v.string(), error: v.string(), params: v.optional(v.record(v.string(), v.string())) }),
    response.json(),
  )
  return { status: response.statusCode, ...body }
}
