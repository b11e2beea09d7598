import { startSession } from '../api/session.ts'

/** An operator's session for the console's render tests (the second factor is the server's business). */
export function signInAsOperator(): void {
  startSession({
    id: '99999999-9999-4999-8999-999999999999',
    role: 'operator',
    token: 'operator-token',
    email: 'operator@example.com',
    registration_completed: true,
    only_group_lessons: false,
    expires_at: '2099-01-01T00:00:00.000Z',
  })
}
