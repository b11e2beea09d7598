import { describe, expect, it } from 'vitest'
import { createRoomTokens, type RoomClaims } from './room-token.ts'

const LESSON = '11111111-1111-4111-8111-111111111111'
const USER = '22222222-2222-4222-8222-222222222222'
const claims: RoomClaims = {
  lessonId: LESSON,
  userId: USER,
  role: 'student',
  sessionId: '33333333-3333-4333-8333-333333333333',
  expiresAt: new Date('2026-03-10T10:00:00Z'),
}

describe('room tokens (protocol §1)', () => {
  const tokens = createRoomTokens('a-secret-of-at-least-thirty-two-chars')

  it('gives back the claims of a token signed with the same secret until its expiry, inclusive', () => {
    const token = tokens.sign(claims)
    expect(tokens.verify(token, new Date('2026-03-10T09:00:00Z'))).toEqual(claims)
    expect(tokens.verify(token, new Date('2026-03-10T10:00:00Z'))).toEqual(claims)
    expect(tokens.verify(token, new Date('2026-03-10T10:00:00.001Z'))).toBeNull()
  })

  it('refuses a token of another secret, a changed payload or signature, and garbage', () => {
    const now = new Date('2026-03-10T09:00:00Z')
    const token = tokens.sign(claims)
    expect(createRoomTokens('another-secret-of-thirty-two-chars!!').verify(token, now)).toBeNull()
    const [body = '', sig = ''] = token.split('.')
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString())
    const teacher = Buffer.from(JSON.stringify({ ...payload, r: 'teacher' })).toString('base64url')
    expect(tokens.verify(`${teacher}.${sig}`, now)).toBeNull()
    expect(tokens.verify(`${body}.${sig.slice(1)}`, now)).toBeNull()
    for (const bad of ['', '.', 'a.b', `${token}.x`, `${body}`, '💥.💥'])
      expect(tokens.verify(bad, now)).toBeNull()
  })
})
