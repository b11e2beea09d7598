import * as v from 'valibot'
import WebSocket from 'ws'
import { type GroupServerMessage, groupServerMessageSchema } from '../../domain/api/group-room.ts'
import { type JanusRoomToken, type MeshRoomToken, roomTokenResponse } from '../../domain/api/room.ts'
import { groupClasses, groupMeetings } from '../db/schema-group-classes.ts'
import { lessons } from '../db/schema-lessons.ts'
import type { TestApp } from './build-test-app.ts'
import { B1, ENGLISH } from './lessons.ts'
import { type Party, postJson } from './my-lessons.ts'
import { signedInUser } from './sessions.ts'

// Group meetings written straight into the database (a class, one meeting, a place per student)
// and a real WebSocket client of the group room that keeps every frame it gets.

export type GroupMeeting = {
  meetingId: string
  teacher: Party
  students: Party[]
  /** Each student's place, in the order of `students`; the teacher's view is the first. */
  places: string[]
}

/** A 45-minute meeting of `count` students starting `startsInMinutes` after the test clock's now. */
export async function addGroupMeeting(t: TestApp, count: number, startsInMinutes = 0): Promise<GroupMeeting> {
  const db = t.database.db
  const teacher = await signedInUser(t, { role: 'teacher', firstName: 'Anna', lastName: 'Nowak' })
  const students: Party[] = []
  for (let i = 0; i < count; i++) {
    students.push(
      await signedInUser(t, {
        role: 'student',
        humanAccess: true,
        firstName: `Student${i}`,
        lastName: 'Kowal',
      }),
    )
  }
  const startsAt = new Date(t.clock.now().getTime() + startsInMinutes * 60_000)
  const endsAt = new Date(startsAt.getTime() + 45 * 60_000)
  const [group] = await db
    .insert(groupClasses)
    .values({ teacherId: teacher.user.id, languageId: ENGLISH, levelId: B1, title: 'Group', capacity: 12 })
    .returning()
  if (!group) throw new Error('no class')
  const [meeting] = await db
    .insert(groupMeetings)
    .values({ classId: group.id, teacherId: teacher.user.id, startsAt, endsAt })
    .returning()
  if (!meeting) throw new Error('no meeting')
  const places: string[] = []
  for (const student of students) {
    const [place] = await db
      .insert(lessons)
      .values({
        studentId: student.user.id,
        teacherId: teacher.user.id,
        languageId: ENGLISH,
        levelId: B1,
        startsAt,
        endsAt,
        isGroup: true,
        groupMeetingId: meeting.id,
      })
      .returning()
    if (!place) throw new Error('no place')
    places.push(place.id)
  }
  return { meetingId: meeting.id, teacher, students, places }
}

/** The room token of a place for the session `token`; fails when refused. */
export async function groupToken(
  t: TestApp,
  token: string,
  placeId: string,
): Promise<JanusRoomToken | MeshRoomToken> {
  const response = await postJson(t, token, '/lessons/generate_token', { lesson_id: placeId })
  if (response.statusCode !== 200) throw new Error(`generate_token: ${response.statusCode} ${response.body}`)
  const answer = v.parse(roomTokenResponse, response.json()).data
  if (answer.provider !== 'janus' && answer.provider !== 'mesh')
    throw new Error(`answered ${answer.provider}`)
  return answer
}

export type GroupClient = {
  received: GroupServerMessage[]
  next<T extends GroupServerMessage['type']>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<GroupServerMessage, { type: T }>>
  closed: Promise<number>
  send(message: unknown): void
  close(): void
}

const isOfType = <T extends GroupServerMessage['type']>(
  message: GroupServerMessage,
  type: T,
): message is Extract<GroupServerMessage, { type: T }> => message.type === type

/** A socket of the group room: the token in the address, the session as its first frame. */
export function connectGroup(baseUrl: string, token: string, session: string): GroupClient {
  const url = new URL('/api/v1/lessons/room', baseUrl.replace(/^http/, 'ws'))
  url.searchParams.set('token', token)
  const ws = new WebSocket(url, { origin: baseUrl })
  ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', session })))
  const received: GroupServerMessage[] = []
  const taken = new Set<number>()
  const waiters = new Set<() => void>()
  ws.on('message', (data) => {
    received.push(v.parse(groupServerMessageSchema, JSON.parse(String(data))))
    for (const wake of waiters) wake()
  })
  const closed = new Promise<number>((resolve) => {
    ws.on('close', (code) => resolve(code))
    ws.on('error', () => undefined)
  })
  const next = <T extends GroupServerMessage['type']>(type: T, timeoutMs = 5000) =>
    new Promise<Extract<GroupServerMessage, { type: T }>>((resolve, reject) => {
      const look = () => {
        const index = received.findIndex((message, i) => message.type === type && !taken.has(i))
        const found = received[index]
        if (!found || !isOfType(found, type)) return
        taken.add(index)
        waiters.delete(look)
        clearTimeout(timer)
        resolve(found)
      }
      const timer = setTimeout(() => {
        waiters.delete(look)
        reject(new Error(`no "${type}" within ${timeoutMs} ms; received ${JSON.stringify(received)}`))
      }, timeoutMs)
      waiters.add(look)
      look()
    })
  return {
    received,
    next,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    close: () => ws.close(),
  }
}
