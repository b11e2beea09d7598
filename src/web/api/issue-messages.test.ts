import { setupI18n } from '@lingui/core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { studentUpdateSchema } from '../../domain/api/profile-update.ts'
import { ISSUE_CODES, type IssueCode, issue } from '../../domain/validation/issues.ts'
import { nameSchema } from '../../domain/validation/rules.ts'
import { messages as en } from '../locales/en.po'
import { messages as pl } from '../locales/pl.po'
import { issueMessage, issuesToFieldMessages, issueTextOf, schemaFieldMessages } from './issue-messages.ts'

const polish = setupI18n({ locale: 'pl', messages: { pl } })
const english = setupI18n({ locale: 'en', messages: { en } })
const codes = [...ISSUE_CODES]
const sampleParam: Partial<Record<IssueCode, string>> = {
  too_short: '60',
  too_long: '1000',
  too_many: '10',
  file_type: 'JPG, PNG',
  file_too_large: '5',
}

describe('issue code → message', () => {
  it.each(codes)('%s has a Polish and an English text', (code) => {
    const param = sampleParam[code] ?? ''
    const polishText = polish._(issueMessage(code, param))
    const englishText = english._(issueMessage(code, param))
    expect(polishText).not.toBe('')
    expect(englishText).not.toBe('')
    expect(englishText).not.toBe(polishText)
    for (const text of [polishText, englishText]) expect(text).not.toMatch(/[{}]/)
    if (param) expect(englishText.replace(/[,\s]/g, '')).toContain(param.replace(/[,\s]/g, ''))
  })

  it('uses Polish plural forms', () => {
    expect(polish._(issueMessage('too_short', '1'))).toBe('Wpisz co najmniej 1 znak')
    expect(polish._(issueMessage('too_short', '3'))).toBe('Wpisz co najmniej 3 znaki')
    expect(polish._(issueMessage('too_short', '60'))).toBe('Wpisz co najmniej 60 znaków')
    expect(polish._(issueMessage('too_many', '2'))).toBe('Możesz dodać najwyżej 2 pozycje')
    expect(english._(issueMessage('too_short', '1'))).toBe('Enter at least 1 character')
  })

  it('reads `code:param` valibot messages and treats foreign ones as invalid', () => {
    expect(english._(issueTextOf(issue('too_long', 30)))).toBe('Enter at most 30 characters')
    expect(english._(issueTextOf('Some library message'))).toBe('Invalid value')
  })

  it('keys the first problem of each field by its form path', () => {
    const schema = v.object({ first_name: nameSchema, address: v.object({ city: nameSchema }) })
    const messages = schemaFieldMessages(schema, { first_name: '', address: { city: '1' } })
    expect(Object.keys(messages).sort()).toEqual(['address.city', 'first_name'])
    expect(polish._(messages.first_name ?? issueMessage('invalid'))).toBe('To pole jest wymagane')
    expect(schemaFieldMessages(schema, { first_name: 'Anna', address: { city: 'Kraków' } })).toEqual({})
  })

  it('says in both languages that a text with a NUL or a broken character cannot be saved', () => {
    for (const about of ['a\u0000b', 'a\uD800b']) {
      const message = schemaFieldMessages(studentUpdateSchema('2026-03-10'), { about }).about
      expect(message && polish._(message)).toBe('Tekst zawiera znak, którego nie można zapisać')
      expect(message && english._(message)).toBe('The text contains a character that cannot be saved')
    }
  })

  it('maps payload paths to form paths and drops what the form does not show', () => {
    const result = v.safeParse(v.object({ bank: v.object({ iban: nameSchema }) }), { bank: { iban: '' } })
    const issues = result.success ? [] : result.issues
    expect(Object.keys(issuesToFieldMessages(issues, (path) => path.replace('bank.', '')))).toEqual(['iban'])
    expect(issuesToFieldMessages(issues, () => null)).toEqual({})
  })
})
