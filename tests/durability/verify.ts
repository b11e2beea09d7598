import { createHash } from 'node:crypto'
import * as v from 'valibot'
import { type Lesson, lessonResponse, scheduledLessonsResponse } from '../../src/domain/api/my-lessons.ts'
import type { Ack } from './load.ts'

// After the power cut (or the crash), through the API of the restarted server: every write
// answered 2xx before the cut is there exactly once, and every acknowledged file reads back with
// the bytes that were sent.

export type Verdict = { checked: Record<Ack['kind'], number>; lost: string[] }

async function get(base: string, token: string, path: string) {
  return fetch(`${base}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } })
}

export async function verify(base: string, acks: Ack[], cancelsSent: Set<string>): Promise<Verdict> {
  const checked: Verdict['checked'] = { booking: 0, note: 0, cancel: 0, rating: 0, material: 0 }
  const lost: string[] = []
  const lessonCache = new Map<string, Lesson | null>()
  const lesson = async (id: string, token: string) => {
    if (!lessonCache.has(id)) {
      const response = await get(base, token, `/lessons/show?lesson_id=${id}`)
      lessonCache.set(id, response.ok ? v.parse(lessonResponse, await response.json()).data : null)
    }
    return lessonCache.get(id) ?? null
  }
  const cancelled = new Set(acks.filter((ack) => ack.kind === 'cancel').map((ack) => ack.lessonId))
  const scheduled = new Map<string, Map<string, number>>()
  const scheduledOf = async (token: string) => {
    let counts = scheduled.get(token)
    if (!counts) {
      const response = await get(base, token, '/lessons/list_scheduled')
      counts = new Map<string, number>()
      for (const l of v.parse(scheduledLessonsResponse, await response.json()).data.lessons) {
        counts.set(l.id, (counts.get(l.id) ?? 0) + 1)
      }
      scheduled.set(token, counts)
    }
    return counts
  }

  for (const ack of acks) {
    checked[ack.kind]++
    const found = await lesson(ack.lessonId, ack.token)
    const what = `${ack.kind} of lesson ${ack.lessonId}`
    if (!found) {
      lost.push(`${what}: the lesson is gone`)
      continue
    }
    if (ack.kind === 'booking') {
      if (cancelled.has(ack.lessonId)) continue
      const times = (await scheduledOf(ack.token)).get(ack.lessonId) ?? 0
      // A cancel that was on its way when the power went may or may not have landed.
      if (found.canceled && cancelsSent.has(ack.lessonId)) continue
      if (found.canceled || times !== 1)
        lost.push(`${what}: listed ${times} times, cancelled ${found.canceled}`)
    } else if (ack.kind === 'note') {
      if (found.note !== ack.note) lost.push(`${what}: note is ${JSON.stringify(found.note)}`)
    } else if (ack.kind === 'cancel') {
      if (!found.canceled) lost.push(`${what}: not cancelled`)
    } else if (ack.kind === 'rating') {
      if (found.rating?.value !== ack.value || found.rating.comment !== ack.comment) {
        lost.push(`${what}: rating is ${JSON.stringify(found.rating)}`)
      }
    } else {
      const files = found.lesson_files.filter((file) => file.id === ack.fileId)
      const response = await get(
        base,
        ack.token,
        `/lessons/download_file?lesson_id=${ack.lessonId}&file_id=${ack.fileId}`,
      )
      const bytes = response.ok ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0)
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      if (files.length !== 1 || sha256 !== ack.sha256) {
        lost.push(
          `${what}: ${files.length} file rows, download ${response.status}, same bytes ${sha256 === ack.sha256}`,
        )
      }
    }
  }
  return { checked, lost }
}
