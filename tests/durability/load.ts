import { createHash, randomBytes } from 'node:crypto'
import * as v from 'valibot'
import { lessonCreateResponse } from '../../src/domain/api/lessons.ts'
import { lessonCancelResponse, lessonResponse, MATERIAL_FIELDS } from '../../src/domain/api/my-lessons.ts'
import type { FreeSlot, LoadPlan } from './setup.ts'

// The load of the durability test, through the HTTP API as the web app sends it: students book
// free slots, write a note on each lesson, cancel every third, rate their finished lessons, and
// teachers upload materials. Every write answered 2xx is recorded, in the order the answers came.

export type Ack =
  | { kind: 'booking'; lessonId: string; token: string }
  | { kind: 'note'; lessonId: string; token: string; note: string }
  | { kind: 'cancel'; lessonId: string; token: string }
  | { kind: 'rating'; lessonId: string; token: string; value: number; comment: string }
  | { kind: 'material'; lessonId: string; token: string; fileId: string; sha256: string }

export type Load = {
  /** Acknowledged writes, in order. */
  acks: Ack[]
  /** Lessons a cancel was sent for (answered or not). */
  cancelsSent: Set<string>
  /** Tells the workers to stop after their current request (which may fail: the server goes). */
  halt(): void
  /** Waits (up to 5 s) for the workers; returns what went wrong before `halt`. */
  settled(): Promise<unknown[]>
}

const MATERIAL_BYTES = 256 * 1024
/** A PDF's head: what the upload's content sniffing looks at (src/domain/files.ts). */
const pdfHead = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n`)

async function send(base: string, token: string, path: string, body: unknown | FormData) {
  const form = body instanceof FormData
  const response = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(form ? {} : { 'content-type': 'application/json' }) },
    body: form ? body : JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

/** A free slot at a time this student has no lesson yet (two lessons at once are refused). */
function takeSlot(plan: LoadPlan, busy: Set<number>): FreeSlot | undefined {
  const index = plan.slots.findIndex((slot) => !busy.has(slot.startsAt))
  if (index < 0) return undefined
  const [slot] = plan.slots.splice(index, 1)
  if (slot) busy.add(slot.startsAt)
  return slot
}

export function startLoad(base: string, plan: LoadPlan): Load {
  const acks: Ack[] = []
  const cancelsSent = new Set<string>()
  let stopped = false

  async function uploadMaterial(lessonId: string, teacherToken: string): Promise<void> {
    const bytes = Buffer.concat([pdfHead(`material of ${lessonId}`), randomBytes(MATERIAL_BYTES)])
    const form = new FormData()
    form.append(MATERIAL_FIELDS.lessonId, lessonId)
    form.append(MATERIAL_FIELDS.file, new Blob([bytes], { type: 'application/pdf' }), 'material.pdf')
    const answer = await send(base, teacherToken, '/lessons/update', form)
    if (answer.status !== 200) return
    const file = v.parse(lessonResponse, answer.body).data.lesson_files[0]
    if (!file) throw new Error('the upload answered without the file')
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    acks.push({ kind: 'material', lessonId, token: teacherToken, fileId: file.id, sha256 })
  }

  async function worker(index: number, student: LoadPlan['students'][number]): Promise<void> {
    const { token } = student
    const busy = new Set<number>()
    for (let n = 0; !stopped; n++) {
      const slot = takeSlot(plan, busy)
      if (!slot) return
      const booking = await send(base, token, '/lessons/create', {
        language_id: slot.languageId,
        level_id: slot.levelId,
        teacher_id: slot.teacherId,
        time_slot_ids: [slot.id],
      })
      if (booking.status !== 201) continue
      const lesson = v.parse(lessonCreateResponse, booking.body).data.lessons[0]
      if (!lesson) throw new Error('a booking answered without its lesson')
      acks.push({ kind: 'booking', lessonId: lesson.id, token })
      const note = `Notatka ${index}.${n}: ${randomBytes(6).toString('hex')}`
      if ((await send(base, token, '/lessons/update', { lesson_id: lesson.id, note })).status === 200) {
        acks.push({ kind: 'note', lessonId: lesson.id, token, note })
      }
      const teacher = plan.teachers.get(slot.teacherId)
      if (index % 4 === 0 && n % 3 === 0 && teacher) await uploadMaterial(lesson.id, teacher.token)
      if (n % 3 === 2) {
        cancelsSent.add(lesson.id)
        const cancel = await send(base, token, '/lessons/cancel', {
          lesson_id: lesson.id,
          cancellation_reason: 'Zmiana planów',
        })
        if (cancel.status === 200 && v.parse(lessonCancelResponse, cancel.body).data.lesson.canceled) {
          acks.push({ kind: 'cancel', lessonId: lesson.id, token })
          busy.delete(slot.startsAt)
          plan.slots.push(slot)
        }
      }
      const finished = student.finished.pop()
      if (finished) {
        const rating = { lesson_id: finished, value: 1 + (n % 5), comment: `Ocena ${index}.${n}` }
        if ((await send(base, token, '/ratings/create', rating)).status === 200) {
          acks.push({
            kind: 'rating',
            lessonId: finished,
            token,
            value: rating.value,
            comment: rating.comment,
          })
        }
      }
    }
  }

  const errors: unknown[] = []
  const running = plan.students.map((student, index) =>
    worker(index, student).catch((error: unknown) => {
      // Once halted, the server is killed under the requests: their failures are expected.
      if (!stopped) errors.push(error)
    }),
  )
  return {
    acks,
    cancelsSent,
    halt() {
      stopped = true
    },
    async settled() {
      await Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, 5000))])
      return errors
    },
  }
}
