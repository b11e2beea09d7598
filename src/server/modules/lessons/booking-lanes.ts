import { type BookingCall, type BookingPool, batchRolledBack, bookAlone, bookBatch } from './repository.ts'

// Bookings that arrive together are made together, at the database's speed. Each lane sends one
// batch at a time; what arrives while a batch is in the database waits and goes as the next batch —
// one round trip, one transaction and one commit (one WAL flush) for all of them, instead of one
// each. lektorium_book_lessons_batch (db/functions/book-lessons-batch.sql) calls the single
// booking's function for each item in arrival order, so every rule, lock order and refusal is the
// single booking's, and a later item sees what the earlier ones booked.
//
// Lanes are chosen by teacher: one teacher's bookings keep their order in one lane, and a lock
// held on one teacher (a timetable being saved) holds up only a quarter of the process's bookings.
// A batch the database aborts (a deadlock with another process, or an error of one booking) is
// made again one booking at a time, so each error is its own; a lost connection fails the whole
// batch, whose commit nobody can know (the single call answered the same before).

const BOOKING_LANES = 4
/** A batch holds its bookings' row locks until it commits: bounded, it stays a few tens of milliseconds. */
const MAX_BATCH = 32

type Waiting = { call: BookingCall; resolve(outcome: unknown): void; reject(error: unknown): void }
type Lane = { queue: Waiting[]; sending: boolean }

export type BookingLanes = { book(call: BookingCall): Promise<unknown> }

const byPool = new WeakMap<BookingPool, BookingLanes>()

/** The lanes of one pool (one per process: the pool is the process's). */
export function bookingLanes(pool: BookingPool): BookingLanes {
  let lanes = byPool.get(pool)
  if (!lanes) {
    lanes = createLanes(pool)
    byPool.set(pool, lanes)
  }
  return lanes
}

function laneIndex(teacher: string): number {
  let hash = 0
  for (let i = 0; i < teacher.length; i++) hash = (hash * 31 + teacher.charCodeAt(i)) | 0
  return Math.abs(hash) % BOOKING_LANES
}

function createLanes(pool: BookingPool): BookingLanes {
  const lanes: Lane[] = Array.from({ length: BOOKING_LANES }, () => ({ queue: [], sending: false }))

  async function send(lane: Lane): Promise<void> {
    lane.sending = true
    try {
      while (lane.queue.length > 0) await sendBatch(pool, lane.queue.splice(0, MAX_BATCH))
    } finally {
      lane.sending = false
    }
  }

  return {
    book(call) {
      const lane = lanes[laneIndex(call.teacher)] as Lane
      return new Promise((resolve, reject) => {
        lane.queue.push({ call, resolve, reject })
        if (!lane.sending) void send(lane)
      })
    },
  }
}

/** Never throws: every waiting booking is answered or failed. */
async function sendBatch(pool: BookingPool, batch: Waiting[]): Promise<void> {
  let outcomes: unknown
  try {
    outcomes = await bookBatch(
      pool,
      batch.map((waiting) => waiting.call),
    )
  } catch (error) {
    const rolledBack = batchRolledBack(error)
    if (!rolledBack || batch.length === 1) {
      for (const waiting of batch) waiting.reject(error)
      return
    }
    // In arrival order, one after another: the batch's order is kept, and no two of them deadlock.
    for (const waiting of batch) await bookAlone(pool, waiting.call).then(waiting.resolve, waiting.reject)
    return
  }
  if (!Array.isArray(outcomes) || outcomes.length !== batch.length) {
    const error = new Error(
      `lektorium_book_lessons_batch answered ${batch.length} bookings with ${String(outcomes)}`,
    )
    for (const waiting of batch) waiting.reject(error)
    return
  }
  for (const [index, waiting] of batch.entries()) waiting.resolve(outcomes[index])
}
