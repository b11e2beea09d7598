import { describe, expect, it } from 'vitest'
import { reconnectDelay } from './backoff.ts'

describe('reconnectDelay', () => {
  it('doubles from half a second and stays at 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 12].map(reconnectDelay)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000])
  })
})
