import { startSession } from '../api/session.ts'

/** The operator of the console's render tests, as GET /operator/me names them. */
export const TEST_OPERATOR = { id: '99999999-9999-4999-8999-999999999999', email: 'operator@example.com' }

/**
 * An operator's session for the console's render tests (the second factor is the server's
 * business); `expiresAt` tells one sign-in from another.
 */
export function signInAsOperator(expiresAt = '2099-01-01T00:00:00.000Z'): void {
  startSession({
    ...TEST_OPERATOR,
    role: 'operator',
    token: 'operator-token',
    registration_completed: true,
    only_group_lessons: false,
    expires_at: expiresAt,
  })
}
