import { describe, expect, it } from 'vitest'
import { clockText } from './time-left.tsx'

describe('clockText', () => {
  it('shows minutes and seconds, hours only when there are any, never below zero', () => {
    expect(clockText(45 * 60_000)).toBe('45:00')
    expect(clockText(61_500)).toBe('1:02')
    expect(clockText(3_725_000)).toBe('1:02:05')
    expect(clockText(-5_000)).toBe('0:00')
  })
})
