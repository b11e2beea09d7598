import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api/api-error.ts'
import { drainOutbox } from '../api/outbox-sender.ts'
import { outboxTable } from './lektorium-db.ts'
import {
  clearOutbox,
  countUnsent,
  dismissEntry,
  enqueueWrite,
  type OutboxEntry,
  outboxEntries,
  retryEntry,
  watchOutbox,
} from './outbox.ts'

const USER = '0b9d7d3e-8a3c-4f5e-9a51-6c1f0f3f2a11'
const OTHER = '7c0e6a11-1111-4222-8333-444455556666'
const LESSON = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890'

const note = (text: string, key: string) => ({
  kind: 'update' as const,
  lessonId: LESSON,
  input: { lesson_id: LESSON, note: text },
  idempotencyKey: key,
})
const texts = (entries: OutboxEntry[]) => entries.map((e) => (e.input as { note: string }).note)
const offline = () => new ApiError({ kind: 'network', message: 'offline' })
const refused = () =>
  new ApiError({
    kind: 'http',
    status: 409,
    code: 'lesson_cancelled',
    message: 'This lesson has been cancelled',
  })

afterEach(async () => {
  await clearOutbox()
})

describe('outbox', () => {
  it('keeps each user’s writes in the order they were written', async () => {
    await enqueueWrite(USER, note('first', 'key-0001'))
    await enqueueWrite(OTHER, note('someone else', 'key-0002'))
    await enqueueWrite(USER, note('second', 'key-0003'))
    expect(texts(await outboxEntries(USER))).toEqual(['first', 'second'])
    expect(await countUnsent(USER)).toBe(2)
  })

  it('sends every pending write once, in order, and empties itself', async () => {
    await enqueueWrite(USER, note('first', 'key-0001'))
    await enqueueWrite(USER, note('second', 'key-0002'))
    const sent: string[] = []
    const onSent = vi.fn()
    const report = await drainOutbox(
      USER,
      async (entry) => {
        sent.push(entry.idempotencyKey)
        return { ok: entry.idempotencyKey }
      },
      onSent,
    )
    expect(report).toEqual({ sent: 2, refused: 0, stopped: false })
    expect(sent).toEqual(['key-0001', 'key-0002'])
    expect(onSent).toHaveBeenLastCalledWith(expect.objectContaining({ idempotencyKey: 'key-0002' }), {
      ok: 'key-0002',
    })
    expect(await outboxEntries(USER)).toEqual([])
  })

  it('stops at the first write it cannot deliver, so later ones never overtake it', async () => {
    await enqueueWrite(USER, note('first', 'key-0001'))
    await enqueueWrite(USER, note('second', 'key-0002'))
    const send = vi.fn().mockRejectedValueOnce(offline())
    const report = await drainOutbox(USER, send)
    expect(report).toEqual({ sent: 0, refused: 0, stopped: true })
    expect(send).toHaveBeenCalledTimes(1)
    expect((await outboxEntries(USER)).map((e) => e.state)).toEqual(['pending', 'pending'])
    // Back online: the same keys go again, in the same order.
    const keys: string[] = []
    await drainOutbox(USER, async (entry) => keys.push(entry.idempotencyKey))
    expect(keys).toEqual(['key-0001', 'key-0002'])
  })

  it('treats a server error as unknown outcome: kept pending with its key', async () => {
    await enqueueWrite(USER, note('first', 'key-0001'))
    const report = await drainOutbox(USER, () =>
      Promise.reject(new ApiError({ kind: 'http', status: 503, message: 'down' })),
    )
    expect(report.stopped).toBe(true)
    expect((await outboxEntries(USER))[0]?.state).toBe('pending')
  })

  it('marks a refused write failed with its reason, and goes on with the next', async () => {
    await enqueueWrite(USER, note('refused', 'key-0001'))
    await enqueueWrite(USER, note('fine', 'key-0002'))
    const send = vi.fn().mockRejectedValueOnce(refused()).mockResolvedValueOnce({})
    expect(await drainOutbox(USER, send)).toEqual({ sent: 1, refused: 1, stopped: false })
    const [left] = await outboxEntries(USER)
    expect(left).toMatchObject({
      state: 'failed',
      refusal: { code: 'lesson_cancelled', status: 409, params: {} },
    })
    // A failed write is not sent again until the user retries it…
    const again = vi.fn().mockResolvedValue({})
    await drainOutbox(USER, again)
    expect(again).not.toHaveBeenCalled()
    // …and then with the same key; or the user dismisses it.
    await retryEntry(left?.seq ?? -1)
    await drainOutbox(USER, again)
    expect(again).toHaveBeenCalledWith(expect.objectContaining({ idempotencyKey: 'key-0001' }))
    await enqueueWrite(USER, note('dismissed', 'key-0003'))
    const [dismissed] = await outboxEntries(USER)
    await dismissEntry(dismissed?.seq ?? -1)
    expect(await outboxEntries(USER)).toEqual([])
  })

  it('runs one drain at a time: a write is never sent twice by overlapping drains', async () => {
    await enqueueWrite(USER, note('first', 'key-0001'))
    const send = vi.fn(() => new Promise((resolve) => setTimeout(resolve, 10)))
    await Promise.all([drainOutbox(USER, send), drainOutbox(USER, send), drainOutbox(USER, send)])
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('drops a row it cannot read instead of failing', async () => {
    await outboxTable().add({ userId: USER, lessonId: LESSON } as never)
    await enqueueWrite(USER, note('fine', 'key-0001'))
    expect(texts(await outboxEntries(USER))).toEqual(['fine'])
    expect(await outboxTable().count()).toBe(1)
  })

  it('tells a watcher about every change', async () => {
    const seen: number[] = []
    const stop = watchOutbox(USER, (entries) => seen.push(entries.length))
    await vi.waitFor(() => expect(seen).toEqual([0]))
    await enqueueWrite(USER, note('first', 'key-0001'))
    await vi.waitFor(() => expect(seen.at(-1)).toBe(1))
    await clearOutbox()
    await vi.waitFor(() => expect(seen.at(-1)).toBe(0))
    stop()
  })
})
