import { useMutation } from '@tanstack/react-query'
import { type SignInBody, signInResponse } from '../../domain/api/auth.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { http } from './http.ts'
import { clearQueryCaches } from './query-client.ts'
import { startSession } from './session.ts'
import { waitAtLeast } from './wait-at-least.ts'

export const authKeys = {
  all: ['auth'] as const,
  resetToken: (token: string) => [...authKeys.all, 'reset-token', token] as const,
}

export async function signIn(body: SignInBody) {
  // 422/403 answers are shown on the login form itself (product-rules.md "Errors"), hence `inline`.
  const answer = await http.post('/users/sign_in', signInResponse, { json: body, auth: false, inline: true })
  return answer.data
}

/** Someone is filling in the login form: the HTTP client loads while they type. */
export const prepareSignIn = () => http.preload()

/**
 * Logging in stores the auth record and role (product-rules.md "Sign-in and account states"); the
 * previous user's cache goes first.
 */
export function useSignIn() {
  return useMutation({
    mutationFn: (body: SignInBody) => waitAtLeast(signIn(body), SPINNER_MIN_MS),
    onSuccess: async (record) => {
      await clearQueryCaches()
      startSession(record)
    },
  })
}
