import { describe, expect, it } from 'vitest'
import { issue } from '../../domain/validation/issues.ts'
import { decodeIssue, englishIssue, isIssueCode, VALIDATION_EN } from './issue-english.ts'

describe('issue codes', () => {
  it('writes a code alone or with its parameter', () => {
    expect(issue('required')).toBe('required')
    expect(issue('too_short', 60)).toBe('too_short:60')
    expect(issue('file_type', 'JPG, PNG')).toBe('file_type:JPG, PNG')
  })

  it('reads back what it wrote, the parameter included', () => {
    expect(decodeIssue(issue('too_long', 1000))).toEqual({ code: 'too_long', param: '1000' })
    expect(decodeIssue(issue('email'))).toEqual({ code: 'email', param: '' })
    // Only the first colon separates: a parameter may hold one.
    expect(decodeIssue('file_type:a:b')).toEqual({ code: 'file_type', param: 'a:b' })
  })

  it('reads a foreign message (e.g. valibot’s own) as invalid', () => {
    expect(decodeIssue('Invalid key: Expected "email" but received undefined')).toEqual({
      code: 'invalid',
      param: '',
    })
    expect(decodeIssue('toString')).toEqual({ code: 'invalid', param: '' })
    expect(isIssueCode('constructor')).toBe(false)
    expect(isIssueCode('swift_required')).toBe(true)
  })

  it('words every code in English, with its parameter', () => {
    expect(englishIssue({ code: 'required', param: '' })).toBe('This field is required')
    expect(englishIssue({ code: 'too_short', param: '60' })).toBe('At least 60 characters')
    expect(englishIssue({ code: 'file_too_large', param: '5' })).toBe('The file may be at most 5 MB')
    for (const code of Object.keys(VALIDATION_EN)) {
      if (!isIssueCode(code)) throw new Error(code)
      expect(englishIssue({ code, param: '7' }).length).toBeGreaterThan(5)
    }
  })
})
