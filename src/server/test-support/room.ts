import * as v from 'valibot'
import { roomTokenResponse } from '../../domain/api/room.ts'
import type { TestApp } from './build-test-app.ts'
import { postJson } from './my-lessons.ts'

// Lesson-room calls (issue #13) for the integration tests.

export const generateToken = (t: TestApp, token: string, lessonId: string) =>
  postJson(t, token, '/lessons/generate_token', { lesson_id: lessonId })

/** A room token of the lesson for the session `token`; fails the test when refused. */
export async function roomTokenFor(t: TestApp, token: string, lessonId: string) {
  const response = await generateToken(t, token, lessonId)
  if (response.statusCode !== 200) throw new Error(`generate_token: ${response.statusCode} ${response.body}`)
  return v.parse(roomTokenResponse, response.json()).data
}

/** The app listening on a port of 127.0.0.1 (a real socket needs one); its base URL. */
export async function listening(t: TestApp): Promise<string> {
  return t.app.listen({ host: '127.0.0.1', port: 0 })
}
