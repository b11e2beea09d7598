import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenIdle } from './when-idle.ts'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('whenIdle', () => {
  it('waits for the delay, then for an idle moment', () => {
    vi.useFakeTimers()
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
    const task = vi.fn()
    whenIdle(task, 1000)
    vi.advanceTimersByTime(999)
    expect(idle).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(task).not.toHaveBeenCalled()
    idle[0]?.()
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('runs after the delay where the browser has no idle callbacks', () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    const task = vi.fn()
    whenIdle(task, 500)
    vi.advanceTimersByTime(500)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('does not run once cancelled', () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    const task = vi.fn()
    const cancel = whenIdle(task, 500)
    cancel()
    vi.advanceTimersByTime(1000)
    expect(task).not.toHaveBeenCalled()
  })
})
