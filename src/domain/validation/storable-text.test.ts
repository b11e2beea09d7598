import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  absenceReportInputSchema,
  lessonCancelSchema,
  lessonUpdateSchema,
  ratingSchema,
} from '../api/my-lessons.ts'
import { studentUpdateSchema, teacherUpdateSchema } from '../api/profile-update.ts'
import { registrationSocialLinkSchema } from '../api/registration.ts'
import { decodeIssue, isIssueCode } from './issues.ts'
import { isStorableText, storableString } from './storable-text.ts'

const ID = '00000000-0000-4000-8000-000000000000'
const TODAY = '2026-03-10'

/** Each refused field with its issue code. */
const refusals = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  if (result.success) return []
  return result.issues.map((found) => [
    found.path?.map((p) => String(p.key)).join('.'),
    decodeIssue(found.message, isIssueCode).code,
  ])
}

describe('storable text (PostgreSQL text in UTF-8)', () => {
  it.each([
    ['plain', 'Dzień dobry', true],
    ['RTL and a bidi override', 'שלום \u202Eabc', true],
    ['emoji (surrogate pairs)', '👩‍👩‍👧‍👦 😀', true],
    ['NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\uD83Db', false],
    ['a lone high surrogate at the end', 'ab\uD83D', false],
    ['a lone low surrogate', '\uDE00ab', false],
    ['two pairs, one broken', '😀\uDE00😀', false],
  ])('%s: %s', (_, text, storable) => {
    expect(isStorableText(text)).toBe(storable)
  })

  it('agrees with a UTF-8 round trip for any UTF-16 string without NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const roundTrip = new TextDecoder().decode(new TextEncoder().encode(text)) === text
        expect(isStorableText(text)).toBe(roundTrip && !text.includes('\u0000'))
      }),
      { seed: 20261123, numRuns: 500 },
    )
  })

  it('is a field message, listed before any other of the same field', () => {
    expect(refusals(v.pipe(storableString('required'), v.maxLength(1, 'too_long')), 'a\u0000')).toEqual([
      [undefined, 'unstorable_text'],
      [undefined, 'too_long'],
    ])
  })
})

describe('every free-text field refuses NUL and lone surrogates', () => {
  const bad = ['x\u0000y', 'x\uD800y']
  it.each(bad)('lesson texts: %j', (text) => {
    expect(refusals(lessonUpdateSchema, { lesson_id: ID, note: text })).toEqual([['note', 'unstorable_text']])
    expect(refusals(lessonUpdateSchema, { lesson_id: ID, teacher_memos: text })).toEqual([
      ['teacher_memos', 'unstorable_text'],
    ])
    expect(refusals(lessonCancelSchema, { lesson_id: ID, cancellation_reason: text })).toEqual([
      ['cancellation_reason', 'unstorable_text'],
    ])
    expect(refusals(absenceReportInputSchema, { lesson_id: ID, absentee_id: ID, note: text })).toEqual([
      ['note', 'unstorable_text'],
    ])
    expect(refusals(ratingSchema, { lesson_id: ID, value: 5, comment: text })).toEqual([
      ['comment', 'unstorable_text'],
    ])
  })

  it.each(bad)('profile texts: %j', (text) => {
    expect(refusals(studentUpdateSchema(TODAY), { about: text })).toEqual([['about', 'unstorable_text']])
    expect(refusals(teacherUpdateSchema(TODAY), { description: `${text}${'a'.repeat(60)}` })).toEqual([
      ['description', 'unstorable_text'],
    ])
    expect(refusals(teacherUpdateSchema(TODAY), { social_links: [`https://example.com/${text}`] })).toEqual([
      ['social_links.0', 'unstorable_text'],
    ])
    expect(refusals(registrationSocialLinkSchema, { name: text, link: 'https://example.com' })).toEqual([
      ['name', 'unstorable_text'],
    ])
  })
})
