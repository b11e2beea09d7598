import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { formatMessage } from '../../domain/error-text.ts'
import { ERROR_MESSAGES, type ErrorCode } from '../../domain/errors.ts'
import '../features/admin/group-error-messages.ts'
import '../features/lesson-room/group-room-error-messages.ts'
import '../features/my-lessons/recap-error-messages.ts'
import '../features/profile/sms-error-messages.ts'
import '../features/recordings/recording-error-messages.ts'
import { messages as en } from '../locales/en.po'
import { messages as pl } from '../locales/pl.po'
import { ApiError } from './api-error.ts'
import { apiErrorMessage, codeMessage, fieldErrorMessage, inlineErrorMessage } from './error-messages.ts'

const polish = setupI18n({ locale: 'pl', messages: { pl } })
const english = setupI18n({ locale: 'en', messages: { en } })
const codes = Object.keys(ERROR_MESSAGES).filter((code): code is ErrorCode => code in ERROR_MESSAGES)
const params = {
  date: '24.12.2025',
  limit: '2',
  max: '20',
  expected: '3',
  time: '18:00',
  name: 'Anna Nowak',
  title: 'Niemiecki B1',
}

/**
 * Where the web's English deliberately differs from the server's message: the user text of
 * product-rules.md "Errors" where the server's message carries more for that chapter's substring
 * rules, or says it for API clients rather than people.
 */
const UI_WORDING: Partial<Record<ErrorCode, string>> = {
  account_expired: 'You cannot schedule a lesson after the account has expired',
  one_lesson_with_teacher: 'You can only schedule one lesson with this teacher per day',
  teacher_monthly_income: 'The lesson limit has been used up',
  idempotency_key_reused: 'The request could not be repeated. Reload the page and try again.',
}

describe('error code → message', () => {
  it.each(codes)('%s reads in English exactly as the product rules word it', (code) => {
    expect(english._(codeMessage(code, params))).toBe(UI_WORDING[code] ?? formatMessage(code, params))
  })

  it('keeps the server messages that the error texts match by substring', () => {
    expect(formatMessage('lesson_limit', params)).toMatch(/limit/i)
    expect(formatMessage('account_expired')).toContain("exceeds 'active until'")
    expect(formatMessage('teacher_monthly_income')).toContain('maximum monthly income')
    const others = codes.filter((code) => code !== 'lesson_limit')
    expect(others.filter((code) => /limit/i.test(formatMessage(code, params)))).toEqual([])
  })

  it.each(codes)('%s has its own Polish text', (code) => {
    const text = polish._(codeMessage(code, params))
    expect(text).not.toBe('')
    expect(text).not.toBe(formatMessage(code, params))
  })

  it('puts the ban end date into both languages', () => {
    expect(polish._(codeMessage('account_banned', params))).toBe(
      'Twoje konto jest zablokowane do 24.12.2025 z powodu odwoływania lekcji',
    )
    expect(english._(codeMessage('account_banned', params))).toContain('24.12.2025')
  })

  it('says Network error! when no answer came', () => {
    const error = new ApiError({ kind: 'network', message: 'offline' })
    expect(english._(apiErrorMessage(error))).toMatch(/^Network error!/)
    expect(polish._(apiErrorMessage(error))).toMatch(/^Błąd sieci!/)
  })

  it('falls back by status when the code is unknown', () => {
    const http = (status: number) => new ApiError({ kind: 'http', status, message: 'x' })
    expect(english._(apiErrorMessage(http(403)))).toBe(ERROR_MESSAGES.forbidden)
    expect(english._(apiErrorMessage(http(429)))).toBe(ERROR_MESSAGES.too_many_requests)
    expect(english._(apiErrorMessage(http(502)))).toBe(ERROR_MESSAGES.server_error)
  })

  it('leaves server errors to the global alert rather than the form', () => {
    expect(inlineErrorMessage(new ApiError({ kind: 'http', status: 500, message: 'x' }))).toBeNull()
    expect(inlineErrorMessage(new ApiError({ kind: 'invalid_response', message: 'x' }))).toBeNull()
    expect(
      inlineErrorMessage(
        new ApiError({ kind: 'http', status: 422, code: 'wrong_credentials', message: 'x' }),
      ),
    ).not.toBeNull()
  })

  it('translates the server field messages of the shared schemas', () => {
    const field = (message: string, code?: string, param?: string) =>
      fieldErrorMessage({ message, code, param })
    expect(polish._(field('This field is required'))).toBe('To pole jest wymagane')
    expect(polish._(field('At least 8 characters'))).toBe('Wpisz co najmniej 8 znaków')
    expect(polish._(field('At most 254 characters'))).toBe('Wpisz najwyżej 254 znaki')
    expect(english._(field('At least 8 characters'))).toBe('Enter at least 8 characters')
    expect(english._(field('Something new'))).toBe('Invalid value')
  })

  it('prefers the issue code and its parameter over the English message', () => {
    const field = (code: string, param?: string) => fieldErrorMessage({ message: 'whatever', code, param })
    expect(polish._(field('too_short', '60'))).toBe('Wpisz co najmniej 60 znaków')
    expect(polish._(field('too_long', '1000'))).toBe('Wpisz najwyżej 1000 znaków')
    expect(polish._(field('swift_required'))).toBe('Dla konta spoza Polski podaj kod SWIFT/BIC')
    expect(english._(field('file_too_large', '5'))).toBe('The file may be at most 5 MB')
    expect(english._(field('not_a_code'))).toBe('Invalid value')
  })
})
