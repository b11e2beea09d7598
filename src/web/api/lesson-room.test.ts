import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../domain/api/room.ts'
import { mergeChat } from './lesson-room.ts'

const message = (id: number, body = `m${id}`): ChatMessage => ({
  id,
  client_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  lesson_id: '00000000-0000-4000-8000-000000000001',
  author_id: '00000000-0000-4000-8000-000000000002',
  author_role: 'student',
  body,
  created_at: '2026-11-24T01:00:00.000Z',
})

describe('mergeChat', () => {
  it('keeps each message once, in the order of the server sequence', () => {
    const list = mergeChat([message(1), message(3)], [message(10), message(2), message(3), message(1)])
    expect(list.map((m) => m.id)).toEqual([1, 2, 3, 10])
  })

  it('a pushed copy replaces the listed one rather than adding it again', () => {
    expect(mergeChat([message(5, 'old')], [message(5, 'new')])).toEqual([message(5, 'new')])
  })
})
