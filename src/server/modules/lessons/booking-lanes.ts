import pg from 'pg'

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

/** The arguments of lektorium_book_lessons (db/functions/book-lessons.sql), one booking. */
export type BookingCall = {
  student: string
  teacher: string
  language: number
  level: number
  slots: string[]
  now: Date
  today: string
  from: string
  to: string
  grace: number
  match: number
  key: string | null
  scope: string
  hash: string | null
}

const BOOKING_LANES = 4
/** A batch holds its bookings' row locks until it commits: bounded, it stays a few tens of milliseconds. */
const MAX_BATCH = 32

const SINGLE = {
  name: 'lektorium_book_lessons',
  text: 'select lektorium_book_lessons($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) as outcome',
}
const BATCH = {
  name: 'lektorium_book_lessons_batch',
  text: 'select lektorium_book_lessons_batch($1::jsonb) as outcomes',
}

/**
 * SQLSTATE classes after which the whole batch certainly rolled back and its bookings may be made
 * one by one: data exceptions (22), integrity (23), deadlocks and serialization (40), statement
 * errors (42) and raised errors (P0). Connection and server-state errors are not among them.
 */
const RETRY_ALONE = /^(22|23|40|42|P0)/

type Waiting = { call: BookingCall; resolve(outcome: unknown): void; reject(error: unknown): void }
type Lane = { queue: Waiting[]; sending: boolean }
type Query = Pick<pg.Pool, 'query'>

export type BookingLanes = { book(call: BookingCall): Promise<unknown> }

const byPool = new WeakMap<Query, BookingLanes>()

/** The lanes of one pool (one per process: the pool is the process's). */
export function bookingLanes(pool: Query): BookingLanes {
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

function createLanes(pool: Query): BookingLanes {
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

const singleValues = (c: BookingCall) => [
  c.student,
  c.teacher,
  c.language,
  c.level,
  c.slots,
  c.now,
  c.today,
  c.from,
  c.to,
  c.grace,
  c.match,
  c.key,
  c.scope,
  c.hash,
]

async function bookAlone(pool: Query, call: BookingCall): Promise<unknown> {
  const { rows } = await pool.query<{ outcome: unknown }>({ ...SINGLE, values: singleValues(call) })
  return rows[0]?.outcome
}

/** Never throws: every waiting booking is answered or failed. */
async function sendBatch(pool: Query, batch: Waiting[]): Promise<void> {
  let outcomes: unknown
  try {
    const { rows } = await pool.query<{ outcomes: unknown }>({
      ...BATCH,
      // A Date goes as its ISO text (toJSON), which the function reads back as timestamptz.
      values: [JSON.stringify(batch.map((waiting) => waiting.call))],
    })
    outcomes = rows[0]?.outcomes
  } catch (error) {
    const rolledBack = error instanceof pg.DatabaseError && RETRY_ALONE.test(error.code ?? '')
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
