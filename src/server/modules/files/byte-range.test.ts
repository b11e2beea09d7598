import { describe, expect, it } from 'vitest'
import { parseByteRange } from './byte-range.ts'

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
  ])('%s of 1000 bytes', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected)
  })

  it.each([
    undefined,
    '',
    'bytes=1000-',
    'bytes=500-100',
    'bytes=-0',
    'bytes=-',
    'bytes=0-1,5-9',
    'items=0-9',
    'bytes=a-b',
  ])('ignores %j (the whole file is sent)', (header) => {
    expect(parseByteRange(header, 1000)).toBeNull()
  })

  it('has nothing to cut from an empty file', () => {
    expect(parseByteRange('bytes=0-', 0)).toBeNull()
  })
})
