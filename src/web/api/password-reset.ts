import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { okResponse, type UpdatePasswordBody } from '../../domain/api/auth.ts'
import { resetTokenResponse } from '../../domain/api/password-reset.ts'
import { SPINNER_MIN_MS } from '../../domain/constants.ts'
import { authKeys } from './auth.ts'
import { http } from './http.ts'
import { waitAtLeast } from './wait-at-least.ts'

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      waitAtLeast(
        http.post('/users/reset_password', okResponse, { json: { email }, auth: false, inline: true }),
        SPINNER_MIN_MS,
      ),
  })
}

export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: authKeys.resetToken(token),
    queryFn: ({ signal }) =>
      http
        .post('/users/validate_reset_token', resetTokenResponse, {
          json: { reset_token: token },
          auth: false,
          inline: true,
          signal,
        })
        .then((answer) => ({ email: answer.data.email, purpose: answer.data.purpose })),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  })
}

/** Checks the e-mailed reset token before the new-password form is shown. */
export function useResetTokenValidity(token: string) {
  return useQuery(resetTokenQueryOptions(token))
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: UpdatePasswordBody) =>
      waitAtLeast(
        http.post('/users/update_password', okResponse, { json: body, auth: false, inline: true }),
        SPINNER_MIN_MS,
      ),
  })
}
