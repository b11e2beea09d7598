import type { Clock } from '../platform/clock.ts'

export type TestClock = Clock & { advance(ms: number): void; set(at: Date | string): void }

/** A clock that moves only when a test says so. */
export function createTestClock(start: Date | string = '2026-03-10T09:00:00Z'): TestClock {
  let current = new Date(start).getTime()
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms
    },
    set: (at) => {
      current = new Date(at).getTime()
    },
  }
}
