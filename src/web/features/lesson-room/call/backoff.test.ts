import { describe, expect, it } from 'vitest'
import { reconnectDelay } from './backoff.ts'

describe('reconnectDelay', () => {
  const exact = () => 0
  it('stays at 1 s while the page is visible, so the socket is back soon after the server', () => {
    expect([0, 1, 2, 3, 12].map((n) => reconnectDelay(n, true, exact))).toEqual([250, 500, 1000, 1000, 1000])
  })

  it('doubles to 8 s while the page is hidden', () => {
    expect([0, 1, 2, 3, 4, 5, 12].map((n) => reconnectDelay(n, false, exact))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000,
    ])
  })

  it('adds up to a quarter at random', () => {
    expect(reconnectDelay(3, true, () => 0.999)).toBe(1250)
    expect(reconnectDelay(3, true, () => 0.5)).toBe(1125)
  })
})
