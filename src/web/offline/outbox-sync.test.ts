import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from './outbox.ts'
import { pendingKeys, someLeft } from './outbox-sync.ts'

const entry = (key: string, state: OutboxEntry['state']): OutboxEntry => ({
  seq: 1,
  userId: 'u',
  lessonId: 'l',
  kind: 'update',
  input: {},
  idempotencyKey: key,
  createdAt: 0,
  state,
  refusal: null,
})

describe('a write leaving the outbox (sent by this tab or another)', () => {
  it('is noticed when a waiting one is gone or refused, not when one is added', () => {
    const before = pendingKeys([entry('a', 'pending'), entry('b', 'pending'), entry('c', 'failed')])
    expect(before).toEqual(new Set(['a', 'b']))
    expect(someLeft(before, pendingKeys([entry('b', 'pending')]))).toBe(true)
    expect(someLeft(before, pendingKeys([entry('a', 'failed'), entry('b', 'pending')]))).toBe(true)
    expect(
      someLeft(before, pendingKeys([entry('a', 'pending'), entry('b', 'pending'), entry('d', 'pending')])),
    ).toBe(false)
    expect(someLeft(new Set(), pendingKeys([]))).toBe(false)
  })
})
