import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { decodeIssue, isIssueCode } from '../validation/issues.ts'
import { emailSchema, newPasswordSchema, passwordInputSchema } from './common.ts'
import { studentShowQuery, teacherShowQuery } from './profile.ts'

const codeOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? 'ok' : decodeIssue(result.issues[0]?.message ?? '', isIssueCode).code
}

describe('e-mail', () => {
  it('trims, lower-cases and checks the address', () => {
    expect(v.parse(emailSchema, ' Anna@Example.COM ')).toBe('anna@example.com')
    expect(codeOf(emailSchema, 'anna@example')).toBe('email')
    expect(codeOf(emailSchema, '')).toBe('required')
    expect(codeOf(emailSchema, `${'a'.repeat(242)}@example.com`)).toBe('ok')
    expect(codeOf(emailSchema, `${'a'.repeat(243)}@example.com`)).toBe('too_long')
  })
})

describe('passwords (minimum 8)', () => {
  it.each([
    ['1234567', 'too_short'],
    ['12345678', 'ok'],
    ['x'.repeat(128), 'ok'],
    ['x'.repeat(129), 'too_long'],
    ['', 'required'],
  ])('new password %j: %s', (input, expected) => {
    expect(codeOf(newPasswordSchema, input)).toBe(expected)
  })

  it('takes any current password that is not empty', () => {
    expect(codeOf(passwordInputSchema, '1')).toBe('ok')
    expect(codeOf(passwordInputSchema, '')).toBe('required')
  })
})

describe('person ids of GET /teachers/show and /students/show', () => {
  it('need a UUID', () => {
    expect(codeOf(teacherShowQuery, { teacher_id: '6f1c1a3e-3b7a-4c55-9a3e-8f0e2f6b9d10' })).toBe('ok')
    expect(codeOf(teacherShowQuery, { teacher_id: '42' })).toBe('invalid')
    expect(codeOf(studentShowQuery, { user_id: '' })).toBe('required')
  })
})
