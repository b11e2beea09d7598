import { vi } from 'vitest'
import type { Profile } from '../../domain/api/profile.ts'
import { startSession } from '../api/session.ts'

/** Signs the profile's user in (local storage session) for render tests. */
export function signInAs(profile: Profile): void {
  startSession({
    id: profile.id,
    role: profile.role,
    token: 'test-token',
    email: profile.email,
    registration_completed: true,
    only_group_lessons: false,
    expires_at: '2099-01-01T00:00:00.000Z',
  })
}

export type SentRequest = { path: string; body: unknown }

/** Answers every fetch with `status`/`body` and records what was sent. */
export function answerWith(status: number, body: unknown) {
  const sent: SentRequest[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    if (input instanceof Request) {
      const text = await input.clone().text()
      sent.push({ path: new URL(input.url).pathname, body: text ? JSON.parse(text) : null })
    }
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetch)
  return sent
}
