// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import type { AuthRecord } from '../../domain/api/auth.ts'
import {
  clearSession,
  getSession,
  markRegistrationCompleted,
  readSession,
  SESSION_KEYS,
  startSession,
  writeSession,
} from './session.ts'

const record: AuthRecord = {
  id: '0b9d7d3e-8a3c-4f5e-9a51-6c1f0f3f2a11',
  role: 'student',
  token: 'secret-token',
  email: 'anna@example.com',
  registration_completed: false,
  only_group_lessons: true,
  expires_at: '2099-01-01T00:00:00.000Z',
}

describe('session storage keys', () => {
  beforeEach(() => localStorage.clear())

  it('stores auth, role, registration_completed and group_lessons and reads them back', () => {
    writeSession(localStorage, record)
    expect(localStorage.getItem(SESSION_KEYS.role)).toBe('student')
    expect(localStorage.getItem(SESSION_KEYS.registrationCompleted)).toBe('false')
    expect(localStorage.getItem(SESSION_KEYS.groupLessons)).toBe('true')
    expect(readSession(localStorage)).toEqual({
      userId: record.id,
      email: record.email,
      role: 'student',
      token: 'secret-token',
      expiresAt: record.expires_at,
      registrationCompleted: false,
      groupLessons: true,
    })
  })

  it('keeps registration_completed for non-teachers only', () => {
    writeSession(localStorage, { ...record, role: 'teacher', registration_completed: false })
    expect(localStorage.getItem(SESSION_KEYS.registrationCompleted)).toBeNull()
    expect(readSession(localStorage)?.registrationCompleted).toBe(true)
  })

  it.each([
    ['not JSON', '{oops'],
    ['a JSON string', '"token"'],
    [
      'missing token',
      JSON.stringify({ id: record.id, role: 'student', email: 'a@b.c', expires_at: record.expires_at }),
    ],
    ['a bad id', JSON.stringify({ ...record, id: 'nope' })],
    ['an unknown role', JSON.stringify({ ...record, role: 'admin' })],
    ['a bad expiry', JSON.stringify({ ...record, expires_at: 'tomorrow' })],
  ])('treats a corrupt auth entry (%s) as logged out and removes it', (_, value) => {
    writeSession(localStorage, record)
    localStorage.setItem(SESSION_KEYS.auth, value)
    expect(readSession(localStorage)).toBeNull()
    for (const key of Object.values(SESSION_KEYS)) expect(localStorage.getItem(key)).toBeNull()
  })

  it('treats a role that disagrees with the auth record as logged out', () => {
    writeSession(localStorage, record)
    localStorage.setItem(SESSION_KEYS.role, 'teacher')
    expect(readSession(localStorage)).toBeNull()
  })

  it('treats an expired session as logged out', () => {
    writeSession(localStorage, { ...record, expires_at: '2020-01-01T00:00:00.000Z' })
    expect(readSession(localStorage)).toBeNull()
  })

  it('reads corrupt flags as false rather than failing', () => {
    writeSession(localStorage, record)
    localStorage.setItem(SESSION_KEYS.groupLessons, 'maybe')
    localStorage.removeItem(SESSION_KEYS.registrationCompleted)
    expect(readSession(localStorage)).toMatchObject({ groupLessons: false, registrationCompleted: false })
  })

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
    }
    expect(readSession(Object.assign(Object.create(localStorage), broken))).toBeNull()
  })

  it('publishes login and logout to subscribers', () => {
    startSession(record)
    expect(getSession()?.email).toBe('anna@example.com')
    clearSession()
    expect(getSession()).toBeNull()
    expect(localStorage.getItem(SESSION_KEYS.auth)).toBeNull()
  })

  it('keeps an operator signed in (the console is theirs) and reads the role back', () => {
    startSession({ ...record, role: 'operator', second_factor: 'enrol' })
    expect(getSession()?.role).toBe('operator')
    expect(localStorage.getItem(SESSION_KEYS.role)).toBe('operator')
    expect(readSession(localStorage)?.role).toBe('operator')
    clearSession()
  })

  it('marks a student registration as completed in storage and for subscribers', () => {
    startSession(record)
    expect(getSession()?.registrationCompleted).toBe(false)
    markRegistrationCompleted()
    expect(getSession()?.registrationCompleted).toBe(true)
    expect(localStorage.getItem(SESSION_KEYS.registrationCompleted)).toBe('true')
    expect(readSession(localStorage)?.registrationCompleted).toBe(true)
    clearSession()
  })

  it('does nothing when nobody is signed in', () => {
    clearSession()
    markRegistrationCompleted()
    expect(getSession()).toBeNull()
    expect(localStorage.getItem(SESSION_KEYS.registrationCompleted)).toBeNull()
  })
})
