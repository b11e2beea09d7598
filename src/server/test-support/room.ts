import * as v from 'valibot'
import { type BuiltinRoomToken, type RoomToken, roomTokenResponse } from '../../domain/api/room.ts'
import { buildApp } from '../app.ts'
import { openDatabase } from '../db/client.ts'
import type { TestApp } from './build-test-app.ts'
import { createCapturingMailer } from './capturing-mailer.ts'
import { postJson } from './my-lessons.ts'

// Lesson-room calls for the integration tests.

export const generateToken = (t: TestApp, token: string, lessonId: string) =>
  postJson(t, token, '/lessons/generate_token', { lesson_id: lessonId })

/** The room token of the lesson for the session `token`, whatever its provider; fails when refused. */
export async function anyRoomTokenFor(t: TestApp, token: string, lessonId: string): Promise<RoomToken> {
  const response = await generateToken(t, token, lessonId)
  if (response.statusCode !== 200) throw new Error(`generate_token: ${response.statusCode} ${response.body}`)
  return v.parse(roomTokenResponse, response.json()).data
}

/** A built-in room's token of the lesson for the session `token`; fails the test otherwise. */
export async function roomTokenFor(t: TestApp, token: string, lessonId: string): Promise<BuiltinRoomToken> {
  const answer = await anyRoomTokenFor(t, token, lessonId)
  if (answer.provider !== 'builtin') throw new Error(`generate_token answered ${answer.provider}`)
  return answer
}

/** The app listening on a port of 127.0.0.1 (a real socket needs one); its base URL. */
export async function listening(t: TestApp): Promise<string> {
  return t.app.listen({ host: '127.0.0.1', port: 0 })
}

/** A second server process on the test's database and clock: its app, and how to close both. */
export async function anotherProcess(t: TestApp) {
  const silent = { info: () => {}, error: () => {} }
  const database = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: '.tmp/unused', log: silent })
  const app = await buildApp({
    config: t.config,
    database,
    mailer: createCapturingMailer(),
    clock: t.clock,
    logger: false,
  })
  return {
    app,
    async close() {
      await app.close()
      await database.close()
    },
  }
}
